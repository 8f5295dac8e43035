"""Feature graph for formula training: PP-OCRv4's full recognizer plus `feats16`, the pack encoder's
output (training/cut_encoder.py: backbone 480-d ++ SVTR neck 120-d = [B,600,1,S]) as float16, so the
formula recognizer is trained on exactly what the pack's one shared encoder.onnx computes.
Run: /usr/bin/python3 -m training.formula.encoder600 training/work/formula/rec-features600.onnx
"""
import os
import sys

import onnx
from onnx import helper, TensorProto

from .. import cut_encoder
from .. import export

FEAT_DIM = cut_encoder.BACKBONE_DIM + cut_encoder.NECK_DIM


def feature_graph(dst):
    m = onnx.load(export.npm_path(export.REC_NPM))
    g = m.graph
    g.node.append(helper.make_node("Concat", [cut_encoder.BACKBONE, cut_encoder.NECK], ["feats600"], axis=1))
    g.node.append(helper.make_node("Cast", ["feats600"], ["feats16"], to=TensorProto.FLOAT16))
    g.output.append(helper.make_tensor_value_info("feats16", TensorProto.FLOAT16, ["batch", FEAT_DIM, 1, "steps"]))
    onnx.save(m, dst)


if __name__ == "__main__":
    feature_graph(sys.argv[1])
    print(sys.argv[1], os.path.getsize(sys.argv[1]))
