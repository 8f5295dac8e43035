"""models/pocket/encoder.onnx: the PP-OCRv4 recognizer cut before its CTC classifier.

The encoder output `feats` [B,600,1,W/8] is the 480-d backbone output (it still holds diacritics, dashes,
€ and word gaps the CTC head never emits) concatenated with the 120-d SVTR neck output (what the CTC
head reads linearly: contextualised, nearly character-aligned). The decoder reads both.

`onnx.utils.extract_model` (onnx 1.12) fails on this graph, so the nodes the wanted tensors depend on
are kept by hand.
Run: /usr/bin/python3 -m training.cut_encoder
"""
import os
import sys

import onnx
from onnx import helper, TensorProto

from . import export
from . import fold_encoder, model

BACKBONE = "p2o.AveragePool.1"  # [B,480,1,S]
NECK = "swish_17.tmp_0"  # [B,120,1,S], input of the CTC head's Squeeze/Transpose/MatMul
BACKBONE_DIM, NECK_DIM = 480, 120
PRE_POOL = "p2o.Add.231"  # [B,480,3,W/4]: the backbone before its 3×2 average pool
GRID_ROWS = model.GRID_ROWS  # rows per 8 px column of the formula encoder


def prune(m, outputs, stop=()):
    """Keeps the nodes `outputs` depend on, not looking past the tensors in `stop`."""
    g = m.graph
    producer = {o: n for n in g.node for o in n.output}
    keep, stack = set(), list(outputs)
    while stack:
        t = stack.pop()
        n = producer.get(t)
        if t in stop or n is None or id(n) in keep:
            continue
        keep.add(id(n))
        stack.extend(i for i in n.input if i)
    nodes = [n for n in g.node if id(n) in keep]
    used = {i for n in nodes for i in n.input}
    inits = [t for t in g.initializer if t.name in used]
    del g.node[:]
    g.node.extend(nodes)
    del g.initializer[:]
    g.initializer.extend(inits)
    del g.value_info[:]
    del g.output[:]
    return g


def save_cut(m, dst):
    """Names the pixel input's batch and width dimensions, checks and writes a cut graph; its node count."""
    g = m.graph
    g.input[0].type.tensor_type.shape.dim[0].dim_param = "batch"
    g.input[0].type.tensor_type.shape.dim[3].dim_param = "width"
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    return len(g.node)


def cut(src, dst, neck=True, fold=True):
    """Pixels [B,3,48,W] → feats [B,600,1,W/8] (backbone only, [B,480,1,W/8], with neck=False).
    `fold`: the per-block affines and HardSwish folded into fewer nodes (fold_encoder.py)."""
    m = onnx.load(src)
    outs = [BACKBONE, NECK] if neck else [BACKBONE]
    g = prune(m, outs)
    if fold:
        print(f"{dst}: folded {fold_encoder.fold(m)}")
    g.node.append(helper.make_node("Concat", outs, ["feats"], axis=1))
    g.output.extend([helper.make_tensor_value_info("feats", TensorProto.FLOAT,
                                                   ["batch", BACKBONE_DIM + (NECK_DIM if neck else 0), 1, "steps"])])
    return save_cut(m, dst)


def cut_grid(src, dst, fold=True, half=False):
    """Pixels [B,3,48,W] → feats [B,480,1,3·W/8]: the backbone's three rows kept (the pool averages 1×2
    instead of 3×2), read column by column (step 3c + r is row r of column c), so a formula's fractions,
    limits and scripts stay apart and a memory position always means the same row. `half`: float16 output
    (training features)."""
    m = onnx.load(src)
    g = prune(m, [PRE_POOL])
    if fold:
        print(f"{dst}: folded {fold_encoder.fold(m)}")
    g.node.append(helper.make_node("AveragePool", [PRE_POOL], ["grid/pool"], kernel_shape=[1, 2], strides=[1, 2]))
    g.node.append(helper.make_node("Transpose", ["grid/pool"], ["grid/columns"], perm=[0, 1, 3, 2]))  # [B,480,W/8,3]
    g.initializer.append(helper.make_tensor("grid/shape", TensorProto.INT64, [4], [0, BACKBONE_DIM, 1, -1]))
    out = "feats16" if half else "feats"
    g.node.append(helper.make_node("Reshape", ["grid/columns", "grid/shape"], ["grid/feats" if half else out]))
    if half:
        g.node.append(helper.make_node("Cast", ["grid/feats"], [out], to=TensorProto.FLOAT16))
    g.output.extend([helper.make_tensor_value_info(out, TensorProto.FLOAT16 if half else TensorProto.FLOAT,
                                                   ["batch", BACKBONE_DIM, 1, "steps"])])
    return save_cut(m, dst)


def neck_graph(src, dst):
    """Cached backbone features (float16 [B,480,1,S]) → neck features (float16 [B,120,1,S]), so features
    extracted before the neck was used need not be recomputed from pixels."""
    m = onnx.load(src)
    g = prune(m, [NECK], stop={BACKBONE})
    del g.input[:]
    g.input.extend([helper.make_tensor_value_info("backbone16", TensorProto.FLOAT16, ["batch", BACKBONE_DIM, 1, "steps"])])
    g.node.insert(0, helper.make_node("Cast", ["backbone16"], [BACKBONE], to=TensorProto.FLOAT))
    g.node.append(helper.make_node("Cast", [NECK], ["neck16"], to=TensorProto.FLOAT16))
    g.output.extend([helper.make_tensor_value_info("neck16", TensorProto.FLOAT16, ["batch", NECK_DIM, 1, "steps"])])
    onnx.checker.check_model(m)
    onnx.save(m, dst)


def feature_graph(src, dst):
    """The full recognizer with the backbone output added as float16 `feats16`: one pass gives training
    features and the CTC head's reading (label check and baseline)."""
    m = onnx.load(src)
    g = m.graph
    g.node.append(helper.make_node("Cast", [BACKBONE], ["feats16"], to=TensorProto.FLOAT16))
    g.output.append(helper.make_tensor_value_info("feats16", TensorProto.FLOAT16, ["batch", BACKBONE_DIM, 1, "steps"]))
    onnx.save(m, dst)


if __name__ == "__main__":
    src = export.npm_path(export.REC_NPM)
    if sys.argv[1:2] == ["--features"]:
        feature_graph(src, sys.argv[2])
        sys.exit(0)
    if sys.argv[1:2] == ["--grid-features"]:  # float16 grid features for formula training
        cut_grid(src, sys.argv[2], half=True)
        sys.exit(0)
    if sys.argv[1:2] == ["--neck"]:
        neck_graph(src, sys.argv[2])
        sys.exit(0)
    pos = [a for a in sys.argv[1:] if not a.startswith("--")]
    dst = pos[0] if pos else os.path.join(export.REPO, "models", "pocket", "encoder.onnx")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    n = cut(src, dst, fold="--no-fold" not in sys.argv)
    print(f"{dst}: {n} nodes, {os.path.getsize(dst)} bytes")
