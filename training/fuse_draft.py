"""Fused FastMTP draft graphs: the K recursive draft steps of draft.onnx in one graph call.

The draft block is applied recursively (DESIGN §3): d_1 = argmax draft(h_t, g), then
d_k = argmax draft(h_{k-1}, d_{k-1}) at position p + k - 1. Run step by step, each step is its own graph
call with its own fixed cost (feeds, a thread hop, a host read of the logits), which was most of a draft
step's time on the pocket pack. This builds, by ONNX graph composition of the exported draft graph, one
graph per K that unrolls the K steps with the argmax inside and returns only the K draft ids:

  inputs  hidden [B,1,D], input_ids [B,1], position_ids [B,1], draft_kv, memory_mask   (as draft.onnx)
  output  draft_ids [B,K] int64

Unrolled rather than an ONNX Loop: no control flow, so every node stays on the WebGPU EP. Each step is the
draft graph's own nodes unchanged (initializers shared, not copied per step), so a fused step computes
what a draft.onnx call computes; ArgMax keeps the first maximum, like the engine's argmax.

Run: /usr/bin/python3 -m training.fuse_draft models/pocket   (adds draft_k2.onnx … to pack.json)
"""
import json
import os
import sys

import onnx
from onnx import TensorProto, helper

from . import export
from . import fuse_rms

INPUTS = ("hidden", "input_ids", "position_ids", "draft_kv", "memory_mask")


def fuse(draft, steps):
    """A ModelProto running `steps` recursive steps of the draft ModelProto `draft`."""
    g = draft.graph
    names = [i.name for i in g.input]
    if tuple(names) != INPUTS or [o.name for o in g.output] != ["logits", "draft_hidden"]:
        raise ValueError(f"draft graph has inputs {names} / outputs {[o.name for o in g.output]}, not the pack contract")
    shared = {i.name for i in g.initializer} | {"draft_kv", "memory_mask"}
    nodes = []
    hidden, ids, pos = "hidden", "input_ids", "position_ids"
    step_ids = []
    for s in range(steps):
        feed = {"hidden": hidden, "input_ids": ids, "position_ids": pos}

        def rename(v, s=s, feed=feed):
            if v == "" or v in shared:
                return v
            return feed.get(v, f"step{s}/{v}")

        for n in g.node:
            c = onnx.NodeProto()
            c.CopyFrom(n)
            c.name = f"step{s}/{n.name}"
            c.input[:] = [rename(v) for v in n.input]
            c.output[:] = [rename(v) for v in n.output]
            nodes.append(c)
        out = f"step{s}/draft_id"
        nodes.append(helper.make_node("ArgMax", [rename("logits")], [out], name=f"step{s}/argmax",
                                      axis=-1, keepdims=0, select_last_index=0))  # [B,1]
        step_ids.append(out)
        hidden, ids = rename("draft_hidden"), out
        if s + 1 < steps:
            nxt = f"step{s + 1}/position_ids"
            nodes.append(helper.make_node("Add", [pos, "fused/one"], [nxt], name=f"step{s}/next_position"))
            pos = nxt
    if steps > 1:
        nodes.append(helper.make_node("Concat", step_ids, ["draft_ids"], name="fused/concat", axis=1))
    else:
        nodes.append(helper.make_node("Identity", step_ids, ["draft_ids"], name="fused/ids"))
    one = helper.make_tensor("fused/one", TensorProto.INT64, [], [1])
    out = helper.make_tensor_value_info("draft_ids", TensorProto.INT64, ["batch", steps])
    graph = helper.make_graph(nodes, f"draft_fused_k{steps}", list(g.input), [out], list(g.initializer) + [one])
    model = helper.make_model(graph, opset_imports=list(draft.opset_import), producer_name="pagemark-fuse-draft")
    model.ir_version = draft.ir_version
    if not fuse_rms.has_ort_ops(model):  # onnx's checker does not know onnxruntime's fused norm
        onnx.checker.check_model(model)
    return model


def fused_spec(pack_dir, file, steps, draft_spec):
    entry = export.file_entry(os.path.join(pack_dir, file), file)
    entry["inputs"] = draft_spec["inputs"]
    entry["outputs"] = [{"name": "draft_ids", "dtype": "int64", "shape": ["batch", steps]}]
    return {"steps": steps, "graph": entry}


def add_fused_drafts(pack_dir, which="recognizer"):
    """Writes <draft>_k{K}.onnx (draft_k2.onnx …) for K = 2 … maxDraft next to the draft graph and lists
    them in pack.json under `which`. K = 1 is one call either way, so it keeps using the draft graph."""
    path = os.path.join(pack_dir, "pack.json")
    with open(path, encoding="utf-8") as f:
        pack = json.load(f)
    rec = pack[which]
    if "draft" not in rec:
        return []
    draft = onnx.load(os.path.join(pack_dir, rec["draft"]["file"]))
    entries = []
    for k in range(2, rec["maxDraft"] + 1):
        file = f"{os.path.splitext(rec['draft']['file'])[0]}_k{k}.onnx"
        onnx.save(fuse(draft, k), os.path.join(pack_dir, file))
        entries.append(fused_spec(pack_dir, file, k, rec["draft"]))
    if entries:
        rec["fusedDrafts"] = entries
    else:
        rec.pop("fusedDrafts", None)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(pack, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return [e["graph"]["file"] for e in entries]


if __name__ == "__main__":
    for d in sys.argv[1:] or [os.path.join(export.REPO, "models", "pocket")]:
        print(d, add_fused_drafts(d))
