"""Static int8 (QDQ) quantization of the line encoder's heavy convolutions: the shipped pack's encoder-int8.onnx,
read by the CPU backends (export_pocket.py; measured in training/RESULTS.md).

The 13 full 1×1 convolutions of the PP-OCRv4 backbone (QUANTIZED) get per-output-channel int8 weights, an
int32 bias, and uint8 activations on input and output with scales calibrated on real line pieces
(training/encoder-ranges.json, 99.99th percentiles), written as QuantizeLinear/DequantizeLinear pairs so
onnxruntime runs them as QLinearConv (image graphs keep QDQ fusion on: needsExactQdq in
src/core/recognize/tensor-runtime.ts). Everything else stays float, chosen by measurement on the 400
held-out lines (training/RESULTS.md): quantizing the depthwise, squeeze-excite and neck convolutions, the
first and the last one cost accuracy for little time.

The detector the same way (--detector): its two heaviest convolutions (DETECTOR_QUANTIZED), the pack's
detector-int8.onnx (pack.json detector.graphInt8, written by fold_detector.py), measured in bench/PAGES.md.

  python quantize_encoder.py --calib-graph IN.onnx OUT.onnx    graph whose outputs are every Conv's input and output
  python quantize_encoder.py IN.onnx RANGES.json OUT.onnx      quantize QUANTIZED with the ranges measured on it
  python quantize_encoder.py --detector IN.onnx RANGES.json OUT.onnx
Ranges: npx tsx training/calibrate-encoder.ts OUT.onnx training/encoder-ranges.json 300 (RANGE=pct99.99),
        npx tsx training/calibrate-detector.ts OUT.onnx training/detector-ranges.json 63 (RANGE=pct99.999)
"""
import json
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


QUANTIZED = {f"p2o.Conv.{i}" for i in (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 30)}


def convs(m):
    return [n for n in m.graph.node if n.op_type == "Conv"]


# The detector's two 3×3 convolutions at a quarter of the page's size, 96 → 24 channels: the neck's last (Conv.58)
# and the head's (Conv.61), 3.3 of its 7.1 G multiply-adds on an A4 page. Measured (bench/PAGES.md): with the
# whole neck and head in int8 (13 convolutions) the detector was no faster in Node and ~4 % faster in WASM than
# with these two, and the real-page eval lost 7 tests of 672 against 2; the backbone's 1×1 convolutions in int8
# lost a line in seven on typed letters (training/compare-detectors.ts).
DETECTOR_QUANTIZED = {"p2o.Conv.58", "p2o.Conv.61"}


def calib_graph(src, dst):
    m = onnx.load(src)
    names = []
    for n in convs(m):
        for t in (n.input[0], n.output[0]):
            if t not in names:
                names.append(t)
    known = {o.name for o in m.graph.output}
    for t in names:
        if t not in known:
            m.graph.output.append(helper.make_tensor_value_info(t, TensorProto.FLOAT, None))
    onnx.save(m, dst)
    print(f"{dst}: {len(names)} calibration outputs")


def uint8_params(lo, hi):
    lo, hi = min(0.0, lo), max(0.0, hi)
    scale = (hi - lo) / 255.0 if hi > lo else 1.0
    zero = int(round(-lo / scale))
    return np.float32(scale), np.uint8(min(255, max(0, zero)))


def upgrade_to_opset13(m):
    """PP-OCRv4's graph is opset 9; per-channel QuantizeLinear needs 13. Of the ops in this graph only
    Slice and Squeeze changed form (attributes became inputs); Softmax here is over the last axis, where
    the old and new definitions agree (checked, not assumed)."""
    g = m.graph
    for n in g.node:
        attrs = {a.name: helper.get_attribute_value(a) for a in n.attribute}
        if n.op_type == "Slice" and len(n.input) == 1:
            extra = []
            for key in ("starts", "ends", "axes"):
                name = f"{n.name}.{key}"
                extra.append(name)
                g.initializer.append(numpy_helper.from_array(np.array(attrs[key], np.int64), name))
            n.input.extend(extra)
            del n.attribute[:]
        elif n.op_type == "Squeeze" and "axes" in attrs:
            name = f"{n.name}.axes"
            g.initializer.append(numpy_helper.from_array(np.array(attrs["axes"], np.int64), name))
            n.input.append(name)
            del n.attribute[:]
        elif n.op_type == "Resize" and (attrs.get("mode") != b"nearest" or attrs.get("coordinate_transformation_mode") not in (b"asymmetric", None)):
            raise ValueError(f"Resize {attrs}: only the detector's nearest/asymmetric form is known to agree in opset 13")
        elif n.op_type in ("Unsqueeze", "Split", "ReduceSum", "Clip", "Pad", "Upsample", "TopK"):
            raise ValueError(f"{n.op_type} changed between opset 9 and 13: not handled")
        elif n.op_type == "Softmax" and attrs.get("axis") != 3:
            raise ValueError(f"Softmax over axis {attrs.get('axis')}: opset 13 differs")
    for o in m.opset_import:
        if o.domain in ("", "ai.onnx"):
            o.version = 13


def quantize(src, ranges_path, dst, only=QUANTIZED):
    m = onnx.load(src)
    upgrade_to_opset13(m)
    g = m.graph
    ranges = json.load(open(ranges_path))
    init = {t.name: numpy_helper.to_array(t) for t in g.initializer}
    init.update({n.output[0]: numpy_helper.to_array(n.attribute[0].t) for n in g.node if n.op_type == "Constant"})
    new_nodes, new_inits = [], []
    qdq_done = {}

    def qdq(t):
        """t → Q → DQ; returns the DQ output name (one pair per tensor, shared by its consumers)."""
        if t in qdq_done:
            return qdq_done[t]
        s, z = uint8_params(*ranges[t])
        sn, zn = f"{t}.qscale", f"{t}.qzero"
        new_inits.extend([numpy_helper.from_array(np.array(s), sn), numpy_helper.from_array(np.array(z), zn)])
        new_nodes.append(("after", t, [
            helper.make_node("QuantizeLinear", [t, sn, zn], [f"{t}.q"], name=f"{t}.Q"),
            helper.make_node("DequantizeLinear", [f"{t}.q", sn, zn], [f"{t}.dq"], name=f"{t}.DQ"),
        ]))
        qdq_done[t] = f"{t}.dq"
        return qdq_done[t]

    for n in convs(m):
        if n.name not in only:
            continue
        x, w_name = n.input[0], n.input[1]
        w = init[w_name].astype(np.float32)
        b = init[n.input[2]].astype(np.float64) if len(n.input) > 2 and n.input[2] else None
        xs, _ = uint8_params(*ranges[x])
        ws = np.abs(w.reshape(w.shape[0], -1)).max(axis=1) / 127.0
        if b is not None:
            # channels whose weights are ~0 (pruned) would need a bias beyond int32 at scale x·w: widen
            # their weight scale until the bias fits (their weights quantize to 0, as they nearly are)
            ws = np.maximum(ws, np.abs(b) / (float(xs) * 2.0 ** 30))
        ws[ws == 0] = 1.0
        wq = np.clip(np.round(w / ws[:, None, None, None]), -127, 127)
        base = n.name
        # Stored as uint8 around zero point 128 (the same values as int8 around 0): onnxruntime's u8×s8 kernel on
        # x86 without VNNI sums byte pairs into int16 (vpmaddubsw) and saturates, so the CLI read other text than
        # the app's exact WASM kernel on such CPUs (measured: encoder outputs apart by up to 6.3); u8×u8 is exact.
        new_inits.extend([numpy_helper.from_array((wq + 128).astype(np.uint8), f"{base}.wq"), numpy_helper.from_array(ws.astype(np.float32), f"{base}.ws"),
                          numpy_helper.from_array(np.full(len(ws), 128, np.uint8), f"{base}.wz")])
        pre = [helper.make_node("DequantizeLinear", [f"{base}.wq", f"{base}.ws", f"{base}.wz"], [f"{base}.w"], name=f"{base}.wDQ", axis=0)]
        inputs = [qdq(x), f"{base}.w"]
        if b is not None:
            bs = np.float64(xs) * ws.astype(np.float64)
            bq = np.round(b / bs).astype(np.int32)
            new_inits.extend([numpy_helper.from_array(bq, f"{base}.bq"), numpy_helper.from_array(bs.astype(np.float32), f"{base}.bs"),
                              numpy_helper.from_array(np.zeros(len(bs), np.int32), f"{base}.bz")])
            pre.append(helper.make_node("DequantizeLinear", [f"{base}.bq", f"{base}.bs", f"{base}.bz"], [f"{base}.b"], name=f"{base}.bDQ", axis=0))
            inputs.append(f"{base}.b")
        n.input[:] = inputs
        new_nodes.append(("before", base, pre))
        y = n.output[0]
        n.output[0] = f"{y}.conv"
        s, z = uint8_params(*ranges[y])
        sn, zn = f"{y}.oscale", f"{y}.ozero"
        new_inits.extend([numpy_helper.from_array(np.array(s), sn), numpy_helper.from_array(np.array(z), zn)])
        new_nodes.append(("after", f"{y}.conv", [
            helper.make_node("QuantizeLinear", [f"{y}.conv", sn, zn], [f"{y}.oq"], name=f"{y}.oQ"),
            helper.make_node("DequantizeLinear", [f"{y}.oq", sn, zn], [y], name=f"{y}.oDQ"),
        ]))
        qdq_done[y] = y  # already quantized by the pair above: a following Conv reads it as is

    # Consumers of a Q/DQ'd tensor other than Convs keep reading the float tensor; Convs read the DQ output.
    order = []
    before = {k: v for kind, k, v in new_nodes if kind == "before"}
    after = {}
    for kind, k, v in new_nodes:
        if kind == "after":
            after.setdefault(k, []).extend(v)
    graph_inputs = {i.name for i in g.input}
    head = [v for k in graph_inputs if k in after for v in after[k]]
    for n in g.node:
        order.extend(before.get(n.name, []))
        order.append(n)
        for o in n.output:
            order.extend(after.get(o, []))
    used = {i for n in head + order for i in n.input}
    order = [n for n in order if not (n.op_type == "Constant" and n.output[0] not in used)]
    del g.node[:]
    g.node.extend(head + order)
    keep = [t for t in list(g.initializer) + new_inits if t.name in used]
    del g.initializer[:]
    g.initializer.extend(keep)
    missing = only - {n.name for n in convs(onnx.load(src))}
    if missing:
        raise ValueError(f"convolutions not in the graph: {sorted(missing)}")
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    print(f"{dst}: {len(only)} of {len(convs(m))} convolutions int8")


if __name__ == "__main__":
    if sys.argv[1] == "--calib-graph":
        calib_graph(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "--detector":
        quantize(sys.argv[2], sys.argv[3], sys.argv[4], only=DETECTOR_QUANTIZED)
    else:
        quantize(sys.argv[1], sys.argv[2], sys.argv[3])
