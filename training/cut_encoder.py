"""models/pocket/encoder.onnx: the PP-OCRv4 recognizer cut at its backbone output.

`onnx.utils.extract_model` (onnx 1.12) fails on this graph, so the nodes the wanted tensor depends on
are kept by hand and the tensor becomes the graph output `feats` [B,480,1,W/8].
Run: /usr/bin/python3 training/cut_encoder.py
"""
import os
import sys

import onnx
from onnx import helper, TensorProto

import export

CUT = "p2o.AveragePool.1"


def cut(src, dst, tensor=CUT, new_name="feats"):
    m = onnx.load(src)
    g = m.graph
    producer = {o: n for n in g.node for o in n.output}
    keep, stack = set(), [tensor]
    while stack:
        t = stack.pop()
        n = producer.get(t)
        if n is None or id(n) in keep:
            continue
        keep.add(id(n))
        stack.extend(i for i in n.input if i)
    nodes = [n for n in g.node if id(n) in keep]
    for n in nodes:
        n.output[:] = [new_name if o == tensor else o for o in n.output]
        n.input[:] = [new_name if i == tensor else i for i in n.input]
    used = {i for n in nodes for i in n.input}
    inits = [t for t in g.initializer if t.name in used]
    del g.node[:]
    g.node.extend(nodes)
    del g.initializer[:]
    g.initializer.extend(inits)
    del g.output[:]
    g.output.extend([helper.make_tensor_value_info(new_name, TensorProto.FLOAT, ["batch", 480, 1, "steps"])])
    del g.value_info[:]
    g.input[0].type.tensor_type.shape.dim[0].dim_param = "batch"
    g.input[0].type.tensor_type.shape.dim[3].dim_param = "width"
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    return len(nodes)



def feature_graph(src, dst):
    """The full recognizer with the backbone output added as float16 `feats16`: one pass gives training
    features and the CTC head's reading (label check and baseline)."""
    m = onnx.load(src)
    g = m.graph
    g.node.append(helper.make_node("Cast", [CUT], ["feats16"], to=TensorProto.FLOAT16))
    g.output.append(helper.make_tensor_value_info("feats16", TensorProto.FLOAT16, ["batch", 480, 1, "steps"]))
    onnx.save(m, dst)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--features"]:
        feature_graph(export.npm_path(export.REC_NPM), sys.argv[2])
        sys.exit(0)
    dst = sys.argv[1] if len(sys.argv) > 1 else os.path.join(export.REPO, "models", "pocket", "encoder.onnx")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    n = cut(export.npm_path(export.REC_NPM), dst)
    print(f"{dst}: {n} nodes, {os.path.getsize(dst)} bytes")
