"""RMSNorm subgraphs → one SimplifiedLayerNormalization node each (onnxruntime's RMSNorm kernel, in the
default domain, on its CPU/WASM and WebGPU EPs).

torch exports model.RMSNorm as seven nodes: x·x → ReduceMean → + eps → Sqrt → 1 / · → x · → · w.
onnxruntime's own fusion does not match that spelling, and the draft block — two norms per step, three
steps in a fused K=3 call — pays node dispatch, not arithmetic: on 400 pieces its time fell by 15–23 % with
the norms fused (same run, same acceptance). The result computes x / sqrt(mean(x²) + eps) · w, as the
seven nodes did. onnx's checker does not know the op, so graphs are checked before this runs.
Run: /usr/bin/python3 -m training.fuse_rms in.onnx [out.onnx]
"""
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

OP = "SimplifiedLayerNormalization"


def _value(g, consts, name):
    return float(np.asarray(consts[name]).reshape(-1)[0])


def fuse_rms_norms(model):
    """Rewrites `model` in place; returns how many norms it fused."""
    g = model.graph
    consts = {i.name: numpy_helper.to_array(i) for i in g.initializer}
    consts.update({n.output[0]: numpy_helper.to_array(n.attribute[0].t) for n in g.node if n.op_type == "Constant"})
    users = {}
    for n in g.node:
        for x in n.input:
            users.setdefault(x, []).append(n)

    def only(name, op):
        u = users.get(name, [])
        return u[0] if len(u) == 1 and u[0].op_type == op else None

    replace, drop = {}, set()
    for n in g.node:
        if n.op_type != "Mul" or n.input[0] != n.input[1]:
            continue
        x = n.input[0]
        mean = only(n.output[0], "ReduceMean")
        if mean and [list(a.ints) for a in mean.attribute if a.name == "axes"] != [[-1]]:
            continue  # an RMSNorm over the last axis only
        add = mean and only(mean.output[0], "Add")
        sqrt = add and only(add.output[0], "Sqrt")
        inv = sqrt and only(sqrt.output[0], "Div")
        norm = inv and only(inv.output[0], "Mul")
        scale = norm and only(norm.output[0], "Mul")
        if not scale or x not in norm.input or inv.input[0] not in consts or _value(g, consts, inv.input[0]) != 1.0:
            continue
        eps_name = next(i for i in add.input if i != mean.output[0])
        weight = next(i for i in scale.input if i != norm.output[0])
        if eps_name not in consts or weight not in consts:
            continue
        drop.update(id(k) for k in (n, mean, add, sqrt, inv, norm))
        replace[id(scale)] = helper.make_node(OP, [x, weight], [scale.output[0]], name=f"{scale.name or weight}/rms",
                                              axis=-1, epsilon=_value(g, consts, eps_name))
    nodes = [replace.get(id(n), n) for n in g.node if id(n) not in drop]
    used = {x for n in nodes for x in n.input} | {o.name for o in g.output}
    nodes = [n for n in nodes if not (n.op_type == "Constant" and n.output[0] not in used)]
    del g.node[:]
    g.node.extend(nodes)
    return len(replace)


def fuse_file(src, dst=None):
    model = onnx.load(src)
    count = fuse_rms_norms(model)
    if count:
        onnx.save(model, dst or src)
    return count


def has_ort_ops(model):
    return any(n.op_type == OP for n in model.graph.node)


if __name__ == "__main__":
    print(fuse_file(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None), "norms fused")
