"""Adds the formula recognizer to a lines pack (default models/pocket) as its `formula` entry
(docs/pack-format.md): formula-memory/decoder/draft.onnx (int8 weight-only like the line recognizer, or
float with --float), formula-tokenizer.json (LaTeX pieces), output "latex", and the same preprocessing as
the line recognizer. The encoder is the pack's own encoder.onnx when that already emits the 600-d
backbone+neck features the formula model reads; otherwise formula-encoder.onnx (training/cut_encoder.py,
neck=True) is written beside it. Re-run it after export_pocket.py, which rewrites pack.json.
Run: /usr/bin/python3 -m training.formula.export_formula [checkpoint] [pack dir] [--float]
"""
import json
import os
import shutil
import sys
import tempfile

import onnx
import torch

from .. import cut_encoder, export, fuse_draft
from ..model import Config, Recognizer

HERE = os.path.dirname(os.path.abspath(__file__))

PAD, BOS, EOS = 0, 1, 2
ATTRIBUTION = " Formula recognizer (memory, decoder, FastMTP draft): trained for Pagemark on KaTeX-rendered formulas (see training/formula/)."
NOTICE = ("\nformula-memory.onnx, formula-decoder.onnx and formula-draft.onnx (the formula recognizer) were trained for "
          "Pagemark (training/formula/) and are distributed with it.{encoder}\n")
NOTICE_ENCODER = {
    "grid": " formula-encoder.onnx is the same PP-OCRv4 recognizer's backbone, cut before its last average pool, which "
            "is made 1×2 instead of 3×2 so its three rows stay apart, and read column by column "
            "(training/cut_encoder.py cut_grid), under the Apache License above.",
    "neck": " formula-encoder.onnx is the same PP-OCRv4 recognizer cut before its classifier with the SVTR neck output "
            "kept (training/cut_encoder.py), under the Apache License above.",
    "shared": "",
}


def feats_dim(entry):
    return entry["outputs"][0]["shape"][1]


def build(ckpt, pack_dir, quantize=True, max_tokens=128):
    ck = torch.load(ckpt)
    cfg = Config(**ck["cfg"])
    model = Recognizer(cfg)
    model.load_state_dict({k: v.float() for k, v in ck["model"].items()})
    model.eval()
    specs = export.tensor_specs(cfg)
    with tempfile.TemporaryDirectory() as tmp:
        export.export_recognizer(model, tmp, quantize=quantize)
        for part in ("memory", "decoder", "draft"):
            shutil.move(os.path.join(tmp, part + ".onnx"), os.path.join(pack_dir, f"formula-{part}.onnx"))
    shutil.copy(os.path.join(HERE, "tokenizer.json"), os.path.join(pack_dir, "formula-tokenizer.json"))

    path = os.path.join(pack_dir, "pack.json")
    pack = json.load(open(path, encoding="utf-8"))
    rec = pack["recognizer"]
    own_encoder = os.path.join(pack_dir, "formula-encoder.onnx")
    if cfg.mem_rows > 1:
        # 2-D features: its own encoder (the backbone without its vertical pooling, cut_encoder.cut_grid)
        if cfg.mem_rows != cut_encoder.GRID_ROWS or cfg.neck_dim:
            raise SystemExit(f"{ckpt}: no encoder cut for {cfg.mem_rows} rows with neck {cfg.neck_dim}")
        cut_encoder.cut_grid(export.npm_path(export.REC_NPM), own_encoder)
        encoder = export.graph_spec(pack_dir, "formula-encoder.onnx", specs["encoder"])
        kind = "grid"
    elif feats_dim(rec["encoder"]) == cfg.feat_dim:
        encoder = rec["encoder"]  # one encoder for lines and formulas
        kind = "shared"
        if os.path.exists(own_encoder):
            os.remove(own_encoder)
    else:
        cut_encoder.cut(export.npm_path(export.REC_NPM), own_encoder, neck=True)
        encoder = export.graph_spec(pack_dir, "formula-encoder.onnx", specs["encoder"])
        kind = "neck"
    tok = export.file_entry(os.path.join(pack_dir, "formula-tokenizer.json"), "formula-tokenizer.json")
    pack["formula"] = {
        "encoder": encoder,
        "memory": export.graph_spec(pack_dir, "formula-memory.onnx", specs["memory"]),
        "decoder": export.graph_spec(pack_dir, "formula-decoder.onnx", specs["decoder"]),
        "draft": export.graph_spec(pack_dir, "formula-draft.onnx", specs["draft"]),
        "preprocess": rec["preprocess"],
        "tokenizer": {**tok, "bos": BOS, "eos": EOS, "pad": PAD},
        "decoderLayers": cfg.layers,
        "heads": cfg.heads,
        "headDim": cfg.head_dim,
        "hiddenSize": cfg.dim,
        "vocabSize": cfg.vocab,
        "maxTokens": max_tokens,
        "maxDraft": 3,
        "output": "latex",
    }
    # the K recursive draft steps in one call each (training/fuse_draft.py), under formula- names
    draft = onnx.load(os.path.join(pack_dir, "formula-draft.onnx"))
    fused = []
    for k in range(2, pack["formula"]["maxDraft"] + 1):
        file = f"formula-draft_k{k}.onnx"
        onnx.save(fuse_draft.fuse(draft, k), os.path.join(pack_dir, file))
        fused.append(fuse_draft.fused_spec(pack_dir, file, k, pack["formula"]["draft"]))
    pack["formula"]["fusedDrafts"] = fused
    if ATTRIBUTION.strip() not in pack["attribution"]:
        pack["attribution"] += ATTRIBUTION
    with open(path, "w", encoding="utf-8") as f:
        json.dump(pack, f, indent=2, ensure_ascii=False)
        f.write("\n")
    notice = os.path.join(pack_dir, "NOTICE")
    if os.path.exists(notice):
        text = open(notice).read()
        start = text.find("\nformula-memory.onnx")  # a previous export's paragraph is replaced
        with open(notice, "w") as f:
            f.write((text if start < 0 else text[:start]) + NOTICE.format(encoder=NOTICE_ENCODER[kind]))
    files = {pack["formula"][k]["file"] for k in ("encoder", "memory", "decoder", "draft")} | {tok["file"]} | {f["graph"]["file"] for f in fused}
    size = sum(os.path.getsize(os.path.join(pack_dir, f)) for f in files if f != rec["encoder"]["file"])
    print(f"{pack_dir}: formula recognizer added ({size / 1e6:.1f} MB beyond the line recognizer's encoder, "
          f"encoder {encoder['file']}, {'int8' if quantize else 'float'})")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    ckpt = args[0] if args else os.path.join(HERE, "..", "checkpoints", "formula-v7.pt")
    pack_dir = args[1] if len(args) > 1 else os.path.join(export.REPO, "models", "pocket")
    build(ckpt, pack_dir, quantize="--float" not in sys.argv)
