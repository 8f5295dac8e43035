"""Convert a seed checkpoint (DeepSeek-OCR / jina-ocr-v1 layout: config.json + *.safetensors) into a
Pagemark `page` pack: vision graphs (global view, tiles), decoder with KV cache, FastMTP draft block.

  /usr/bin/python3 training/seed/convert_seed.py <checkpoint_dir> <out_pack_dir> \
      [--prompt-ids 0,128815,...] [--tokenizer FILE] [--shard-bytes N] [--quantize-vision] [--int8-embeddings]

Decoder and draft: projections, experts and head in 4-bit MatMulNBits; embeddings float32
(--int8-embeddings: int8 per row, CPU/WASM only for now). Vision graphs float32 unless
--quantize-vision. Initializers go to ONNX external-data shards of at most --shard-bytes (default
1 GiB, the WebGPU maxBufferSize most adapters report).
"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import sys

import numpy as np
import onnx
import torch
from onnx import external_data_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quantize import fake_quantize, rewrite_graph  # noqa: E402
from safetensors_io import read_safetensors  # noqa: E402
from seed_config import read_config  # noqa: E402
from seed_model import DecoderGraph, DraftGraph, GlobalViewGraph, SeedModel, TileGraph  # noqa: E402

OPSET = 17
GIB = 1 << 30
# DeepSeek-V3 keeps its MTP module as an extra decoder layer; accept that layout too.
V3_MTP = {"enorm": "enorm", "hnorm": "hnorm", "eh_proj": "eh_proj", "shared_head.norm": "norm"}


def load_checkpoint(ckpt_dir):
    with open(os.path.join(ckpt_dir, "config.json")) as f:
        raw = json.load(f)
    cfg = read_config(raw)
    files = sorted(glob.glob(os.path.join(ckpt_dir, "*.safetensors")))
    if not files:
        raise SystemExit(f"{ckpt_dir}: no *.safetensors files")
    weights = {}
    for path in files:
        weights.update(read_safetensors(path))
    model = SeedModel(cfg)
    weights = _rename_mtp(weights, cfg["decoder"]["layers"])
    state = model.state_dict()
    missing = [k for k in state if k not in weights]
    draft_missing = [k for k in missing if k.startswith("mtp.")]
    other = [k for k in missing if not k.startswith("mtp.")]
    if other:
        raise SystemExit(f"checkpoint lacks {len(other)} tensors, e.g. {other[:5]}")
    unexpected = [k for k in weights if k not in state]
    if unexpected:
        print(f"ignoring {len(unexpected)} tensors not used for inference, e.g. {unexpected[:5]}")
    for k, v in state.items():
        if k in weights:
            if tuple(weights[k].shape) != tuple(v.shape):
                raise SystemExit(f"{k}: checkpoint shape {weights[k].shape}, config implies {tuple(v.shape)}")
            v.copy_(torch.from_numpy(np.array(weights[k], dtype=np.float32)))
    has_draft = not draft_missing
    if not has_draft:
        print("no FastMTP block in the checkpoint: the pack decodes greedily only")
    return cfg, model.eval(), has_draft


def _rename_mtp(weights, layers):
    prefix = f"model.layers.{layers}."
    out = {}
    for k, v in weights.items():
        if k.startswith(prefix):
            rest = k[len(prefix):]
            for src, dst in V3_MTP.items():
                if rest.startswith(src + "."):
                    k = "mtp." + dst + rest[len(src):]
                    break
            else:
                k = "mtp.layer." + rest
        out[k] = v
    return out


def specs(cfg):
    d, vis = cfg["decoder"], cfg["vision"]
    D, V, H, dh, L2 = d["hidden"], d["vocab"], d["heads"], d["head_dim"], 2 * d["layers"]
    G, S = vis["base_size"], vis["tile_size"]
    g, t = G // 64, S // 64
    f, i = "float32", "int64"
    return {
        "vision_global": ([("pixels", f, [1, 3, G, G])], [("tokens", f, [1, g * (g + 1) + 1, D])]),
        "vision_tile": ([("tiles", f, ["tiles", 3, S, S])],
                        [("tile_tokens", f, ["tiles", t * t, D]), ("image_newline", f, [D])]),
        "decoder": (
            [("input_ids", i, ["batch", "tokens"]), ("image_embeds", f, ["batch", "tokens", D]),
             ("position_ids", i, ["batch", "tokens"]), ("attn_mask", f, ["batch", 1, "tokens", "total"]),
             ("past_kv", f, [L2, "batch", H, "past", dh])],
            [("logits", f, ["batch", "tokens", V]), ("hidden", f, ["batch", "tokens", D]),
             ("present_kv", f, [L2, "batch", H, "total", dh])]),
        "draft": (
            [("hidden", f, ["batch", 1, D]), ("input_ids", i, ["batch", 1])],
            [("logits", f, ["batch", 1, V]), ("draft_hidden", f, ["batch", 1, D])]),
    }


def export(module, args, spec, path):
    ins, outs = spec
    axes = {}
    for name, _, shape in ins + outs:
        dyn = {j: s for j, s in enumerate(shape) if isinstance(s, str)}
        if dyn:
            axes[name] = dyn
    torch.onnx.export(module, args, path, opset_version=OPSET, do_constant_folding=True,
                      input_names=[n for n, _, _ in ins], output_names=[n for n, _, _ in outs], dynamic_axes=axes)
    module.eval()
    # An output that is a constant (image_newline) keeps its initializer's name: route it through Identity.
    proto = onnx.load(path)
    changed = False
    for out, (name, _, _) in zip(proto.graph.output, outs):
        if out.name != name:
            proto.graph.node.append(onnx.helper.make_node("Identity", [out.name], [name]))
            out.name = name
            changed = True
    if changed:
        onnx.save(proto, path)


def shard(path, limit, min_bytes=1024):
    """Move initializers into `<graph>.data<k>` files of at most `limit` bytes each."""
    model = onnx.load(path)
    base = os.path.basename(path)
    shards, cur, size = [], None, 0
    handles = {}
    for t in model.graph.initializer:
        raw = t.raw_data
        if len(raw) < min_bytes:
            continue
        if len(raw) > limit:
            raise SystemExit(f"{base}: tensor {t.name} is {len(raw)} bytes, over the shard limit {limit}")
        if cur is None or size + len(raw) > limit:
            cur = f"{base}.data{len(shards)}"
            shards.append(cur)
            handles[cur] = open(os.path.join(os.path.dirname(path), cur), "wb")
            size = 0
        handles[cur].write(raw)
        external_data_helper.set_external_data(t, location=cur, offset=size, length=len(raw))
        t.ClearField("raw_data")
        t.data_location = onnx.TensorProto.EXTERNAL
        size += len(raw)
    for h in handles.values():
        h.close()
    onnx.save(model, path)
    return shards


def file_entry(path):
    with open(path, "rb") as f:
        data = f.read()
    return {"file": os.path.basename(path), "sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


def graph_entry(out_dir, name, spec, shards):
    e = file_entry(os.path.join(out_dir, name + ".onnx"))
    if shards:
        e["externalData"] = [file_entry(os.path.join(out_dir, s)) for s in shards]
    ins, outs = spec
    e["inputs"] = [{"name": n, "dtype": t, "shape": s} for n, t, s in ins]
    e["outputs"] = [{"name": n, "dtype": t, "shape": s} for n, t, s in outs]
    return e


def example_inputs(cfg):
    d, vis = cfg["decoder"], cfg["vision"]
    B, T, P = 1, 2, 3
    ids = torch.tensor([[cfg["tokens"]["image"], 5]])
    return {
        "vision_global": (torch.zeros(1, 3, vis["base_size"], vis["base_size"]),),
        "vision_tile": (torch.zeros(2, 3, vis["tile_size"], vis["tile_size"]),),
        "decoder": (ids, torch.zeros(B, T, d["hidden"]), torch.tensor([[3, 4]]), torch.zeros(B, 1, T, P + T),
                    torch.zeros(2 * d["layers"], B, d["heads"], P, d["head_dim"])),
        "draft": (torch.zeros(B, 1, d["hidden"]), torch.tensor([[5]])),
    }


def pack_tokenizer(ckpt_dir, out_dir, tokenizer=None):
    """The tokenizer.json the engine decodes with, copied into the pack (default: the checkpoint's own)."""
    src = tokenizer or os.path.join(ckpt_dir, "tokenizer.json")
    if not os.path.isfile(src):
        raise SystemExit(f"{src} not found: the pack needs the model's tokenizer.json (pass --tokenizer FILE)")
    dst = os.path.join(out_dir, "tokenizer.json")
    if os.path.abspath(src) != os.path.abspath(dst):
        shutil.copyfile(src, dst)
    return dst


def convert(ckpt_dir, out_dir, prompt_ids=None, tokenizer=None, shard_bytes=GIB, name=None, attribution=None,
            max_tokens=8192, int8_embeddings=False, quantize_vision=False):
    cfg, model, has_draft = load_checkpoint(ckpt_dir)
    table, embedding = fake_quantize(model, int8_embeddings, quantize_vision)
    os.makedirs(out_dir, exist_ok=True)
    sp = specs(cfg)
    vis = cfg["vision"]
    graphs = {
        "vision_global": GlobalViewGraph(model, vis["base_size"]).eval(),
        "vision_tile": TileGraph(model, vis["tile_size"]).eval(),
        "decoder": DecoderGraph(model).eval(),
    }
    if has_draft:
        graphs["draft"] = DraftGraph(model).eval()
    examples = example_inputs(cfg)
    entries = {}
    with torch.no_grad():
        for gname, mod in graphs.items():
            path = os.path.join(out_dir, gname + ".onnx")
            for old in glob.glob(path + ".data*"):
                os.remove(old)
            export(mod, examples[gname], sp[gname], path)
            if gname in ("decoder", "draft") or quantize_vision:
                proto = onnx.load(path)
                n = rewrite_graph(proto, table, embedding)
                onnx.save(proto, path)
                print(f"{gname}: {n} weights quantized")
            shards = shard(path, shard_bytes)
            onnx.checker.check_model(path)
            entries[gname] = graph_entry(out_dir, gname, sp[gname], shards)
    tok_spec = file_entry(pack_tokenizer(ckpt_dir, out_dir, tokenizer))
    write_pack(out_dir, cfg, entries, prompt_ids, tok_spec, name or os.path.basename(os.path.abspath(out_dir)),
               attribution or "Converted from a local checkpoint by training/seed/convert_seed.py.", max_tokens)
    return cfg, model


def write_pack(out_dir, cfg, entries, prompt_ids, tok_spec, name, attribution, max_tokens):
    d, vis, tokens = cfg["decoder"], cfg["vision"], cfg["tokens"]
    image = tokens["image"]
    ids = prompt_ids or [tokens["bos"], image]
    if ids.count(image) != 1:
        raise SystemExit(f"the prompt must hold exactly one image placeholder (id {image})")
    at = ids.index(image)
    pack = {
        "format": "pagemark-pack", "version": 1, "kind": "page", "name": name, "attribution": attribution,
        "vision": {
            "global": entries["vision_global"], "tile": entries["vision_tile"],
            "baseSize": vis["base_size"], "tileSize": vis["tile_size"],
            "minTiles": vis["min_tiles"], "maxTiles": vis["max_tiles"],
            "preprocess": {"channelOrder": "RGB", "mean": [0.5, 0.5, 0.5], "std": [0.5, 0.5, 0.5], "padValue": 127},
        },
        "decoder": entries["decoder"],
        "tokenizer": dict(tok_spec or {}, bos=tokens["bos"], eos=tokens["eos"], pad=tokens["pad"], image=image),
        "prompt": {"before": ids[:at], "after": ids[at + 1:]},
        "decoderLayers": d["layers"], "heads": d["heads"], "headDim": d["head_dim"],
        "hiddenSize": d["hidden"], "vocabSize": d["vocab"], "maxTokens": max_tokens,
        # Rotary tables cover positions 0 .. maxPositions-1 (prompt + output).
        "maxPositions": d["max_positions"],
        "maxDraft": 3 if "draft" in entries else 0,
        # The published serving code stops on repetition instead of banning n-grams, which keeps
        # speculative decoding lossless.
        "stop": {"ngram": 30, "repeats": 2},
        "output": {"math": "tex-delimiters", "boxes": "ref-det-999"},
    }
    if "draft" in entries:
        pack["draft"] = entries["draft"]
    with open(os.path.join(out_dir, "pack.json"), "w") as f:
        json.dump(pack, f, indent=2)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("checkpoint_dir")
    ap.add_argument("out_pack_dir")
    ap.add_argument("--prompt-ids", help="comma-separated prompt token ids with one image placeholder, "
                    "from the model's own tokenizer (default: bos, <image>)")
    ap.add_argument("--tokenizer", help="Hugging Face tokenizer.json (byte-level BPE) to copy into the pack "
                    "(default: the checkpoint folder's tokenizer.json)")
    ap.add_argument("--shard-bytes", type=int, default=GIB)
    ap.add_argument("--name")
    ap.add_argument("--max-tokens", type=int, default=8192)
    ap.add_argument("--int8-embeddings", action="store_true",
                    help="int8 token embeddings (4x smaller; wrong on onnxruntime-web 1.30 WebGPU, fine on WASM/CPU)")
    ap.add_argument("--quantize-vision", action="store_true",
                    help="4-bit vision linear layers too (1.5 GB -> 0.24 GB at full size; accuracy unmeasured)")
    a = ap.parse_args()
    ids = [int(x) for x in a.prompt_ids.split(",")] if a.prompt_ids else None
    convert(a.checkpoint_dir, a.out_pack_dir, ids, a.tokenizer, a.shard_bytes, a.name, max_tokens=a.max_tokens,
            int8_embeddings=a.int8_embeddings, quantize_vision=a.quantize_vision)
    print("wrote", a.out_pack_dir)


if __name__ == "__main__":
    main()
