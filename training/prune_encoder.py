"""Channel pruning of the line encoder for the CPU backends: fewer channels inside the backbone, the same output.

The backbone is a chain of blocks, each a depthwise conv and a 1×1 conv; 93 % of its multiply-adds are the 1×1
convolutions. The tensor between the 1×1 conv of one block (pw_i) and the next one (pw_j) passes only through
per-channel steps (HardSwish, a shift, the depthwise conv, squeeze-excite's gate), so a channel dropped there is
dropped from pw_i's outputs, from every per-channel step and from pw_j's inputs. The channels kept carry the most
of pw_j's output (mean square input × squared weights), and pw_j is refitted by least squares on real activations
(every output channel from the channels kept, with a bias), so what the dropped channels gave is carried by the
others where it can be; squeeze-excite's first conv gets their mean pooled value as bias. The backbone's output and
the SVTR neck after it keep their shapes, so the pack's decoders read the pruned encoder's features unchanged.
Fine-tuning against the full encoder (distil_encoder.py) recovers what the refit cannot.

  python -m training.prune_encoder --calib-graph ENCODER.onnx OUT.onnx    graph with every pw_j's input and output
  npx tsx training/encoder-activations.ts OUT.onnx DIR                    samples of them on real line pieces
  python -m training.prune_encoder ENCODER.onnx DIR PRUNED.onnx           prune by KEEP
"""
import json
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto

# (pw_i, pw_j) → the share of the channels between them kept. Measured one pair at a time at half (training/RESULTS.md):
# the tensor into Conv.30 costs most and is kept whole; Conv.32's output is the backbone's output and stays whole.
KEEP = {(12, 14): 0.75, (14, 16): 0.5, (16, 18): 0.5, (18, 20): 0.75, (20, 24): 0.5, (24, 28): 0.5, (30, 32): 0.75}
# Every (pw_i, pw_j) pair of the 240- and 480-channel stages: the calibration graph samples them all.
PAIRS = [(12, 14), (14, 16), (16, 18), (18, 20), (20, 24), (24, 28), (28, 30), (30, 32)]
# Squeeze-excite blocks on a pruned tensor: the pooled tensor its first conv reads, by pw_j.
SE_POOL = {24: "p2o.GlobalAveragePool.1", 28: "p2o.GlobalAveragePool.3"}
RIDGE = 1e-3


def conv(m, i):
    return next(n for n in m.graph.node if n.name == f"p2o.Conv.{i}")


def calib_graph(src, dst):
    m = onnx.load(src)
    outs = []
    for _, j in PAIRS:
        n = conv(m, j)
        outs += [n.input[0], n.output[0]]
    outs += list(SE_POOL.values())
    for t in outs:
        m.graph.output.append(helper.make_tensor_value_info(t, TensorProto.FLOAT, None))
    onnx.save(m, dst)
    print(f"{dst}: {len(outs)} sampled tensors")


def constants_to_initializers(g):
    for n in [n for n in g.node if n.op_type == "Constant" and n.attribute[0].name == "value"]:
        t = onnx.TensorProto()
        t.CopyFrom(n.attribute[0].t)
        t.name = n.output[0]
        g.initializer.append(t)
        g.node.remove(n)


def prune(src, samples_dir, dst, keep=KEEP):
    index = json.load(open(f"{samples_dir}/index.json"))

    def samples(name):
        n, c = index[name]
        return np.fromfile(f"{samples_dir}/{name}.f32", dtype=np.float32).reshape(n, c).astype(np.float64)

    m = onnx.load(src)
    g = m.graph
    constants_to_initializers(g)
    init = {t.name: t for t in g.initializer}
    arr = lambda name: numpy_helper.to_array(init[name]).astype(np.float32)

    def put(name, a):
        init[name].CopyFrom(numpy_helper.from_array(a.astype(np.float32), name))

    consumers = {}
    for n in g.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
    for (i, j), share in keep.items():
        pwi, pwj = conv(m, i), conv(m, j)
        X, Y = samples(pwj.input[0]), samples(pwj.output[0])
        W = arr(pwj.input[1])[:, :, 0, 0].astype(np.float64)
        C = W.shape[1]
        k = int(round(C * share))
        kept = np.sort(np.argsort(-((X**2).mean(0) * (W**2).sum(0)))[:k])
        dropped = np.setdiff1d(np.arange(C), kept)
        Xk = np.concatenate([X[:, kept], np.ones((len(X), 1))], 1)
        fit = np.linalg.solve(Xk.T @ Xk + RIDGE * (Xk**2).mean() * np.eye(k + 1), Xk.T @ Y)
        error = ((Y - Xk @ fit) ** 2).mean() / Y.var()
        print(f"Conv.{i} → Conv.{j}: {C} → {k} channels, refit error {error:.4f} of the output's variance")
        put(pwj.input[1], fit[:-1].T[:, :, None, None])
        put(pwj.input[2], fit[-1])
        put(pwi.input[1], arr(pwi.input[1])[kept])
        put(pwi.input[2], arr(pwi.input[2])[kept])
        # Every per-channel step between pw_i and pw_j.
        seen, todo = set(), list(consumers[pwi.output[0]])
        while todo:
            n = todo.pop()
            if n.name in seen or n is pwj:
                continue
            seen.add(n.name)
            group = next((a for a in n.attribute if a.name == "group"), None)
            for name in n.input[1:] if n.op_type == "Conv" else n.input:
                if name not in init:
                    continue
                a = arr(name)
                if n.op_type == "Conv" and group is not None and group.i == C:
                    put(name, a[kept])  # depthwise weights and bias
                elif n.op_type == "Conv" and a.ndim == 4 and a.shape[1] == C:
                    # squeeze-excite's squeeze: the dropped channels' mean pooled values go into its bias
                    pooled = samples(SE_POOL[j])
                    put(n.input[2], arr(n.input[2]) + a[:, dropped, 0, 0] @ pooled[:, dropped].mean(0))
                    put(name, a[:, kept])
                elif n.op_type == "Conv" and a.shape[0] == C:
                    put(name, a[kept])  # squeeze-excite's excite
                elif n.op_type != "Conv" and a.ndim >= 2 and a.shape[1] == C:
                    put(name, a[:, kept])
                elif n.op_type != "Conv" and a.ndim == 1 and a.shape[0] == C:
                    put(name, a[kept])
            if group is not None and group.i == C:
                group.i = k
            for o in n.output:
                todo.extend(consumers.get(o, []))
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    print(f"{dst}: pruned")


if __name__ == "__main__":
    if sys.argv[1] == "--calib-graph":
        calib_graph(sys.argv[2], sys.argv[3])
    else:
        prune(sys.argv[1], sys.argv[2], sys.argv[3])
