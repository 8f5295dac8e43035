"""models/seed-tiny: a random-weight replica of the seed architecture, converted by convert_seed.py.

Same module code and same conversion path as a real checkpoint, only tiny (hidden 64, 2 layers,
8 experts top-2, 2-block SAM, 2-layer CLIP, vocabulary 512) and with the real view geometry
(1024 global view, 640 tiles, 16x compression). Distils the draft block on the main model's greedy
tokens, writes a BF16 safetensors checkpoint (two files) to a temporary folder, converts it with small
shards (to exercise sharding) and 4-bit vision, and writes PyTorch reference outputs to
test/seed/fixtures for the ONNX parity and decoding tests.

Run: /usr/bin/python3 training/seed/make_tiny.py
"""
import base64
import json
import os
import sys
import tempfile

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from convert_seed import convert  # noqa: E402
from distill_draft import distill  # noqa: E402
from safetensors_io import write_safetensors  # noqa: E402
from seed_config import read_config  # noqa: E402
from seed_model import DecoderGraph, DraftGraph, GlobalViewGraph, SeedModel, TileGraph  # noqa: E402
from tiny_tokenizer import byte_level_tokenizer  # noqa: E402

OUT = os.path.join(REPO, "models", "seed-tiny")
FIXTURES = os.path.join(REPO, "test", "seed", "fixtures")

SPECIALS = ["<|begin▁of▁sentence|>", "<|end▁of▁sentence|>", "<|▁pad▁|>", "<image>", "<|grounding|>",
            "<|ref|>", "<|/ref|>", "<|det|>", "<|/det|>", "<|User|>", "<|Assistant|>"]
IMAGE = 3

CONFIG = {
    "model_type": "deepseek_vl_v2",
    "language_config": {
        "hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 4,
        "intermediate_size": 128, "moe_intermediate_size": 32, "n_routed_experts": 8, "n_shared_experts": 2,
        "num_experts_per_tok": 2, "first_k_dense_replace": 1, "vocab_size": 512, "use_mla": False,
        "topk_method": "greedy", "n_group": 1, "topk_group": 1, "bos_token_id": 0, "eos_token_id": 1,
        "max_position_embeddings": 2048,
    },
    "projector_config": {"input_dim": 128, "n_embed": 64, "projector_type": "linear"},
    "pagemark_vision": {
        "sam": {"img_size": 1024, "patch": 16, "width": 32, "depth": 2, "heads": 2, "window": 14,
                "global_layers": [1], "out_chans": 16, "down_chans": [32, 64], "rel_pos": True},
        "clip": {"width": 64, "layers": 2, "heads": 2, "ffn": 128, "image_size": 224, "patch": 14},
        "base_size": 1024, "tile_size": 640, "min_tiles": 2, "max_tiles": 9,
    },
    "pagemark_mtp": {"intermediate": 128},
    "pagemark_tokens": {"bos": 0, "eos": 1, "pad": 2, "image": IMAGE},
}


def random_weights(cfg):
    torch.manual_seed(8)
    m = SeedModel(read_config(cfg))
    with torch.no_grad():
        for name, p in m.named_parameters():
            if name.endswith(("pos_embed", "rel_pos_h", "rel_pos_w", "class_embedding")):
                p.normal_(0, 0.05)
            elif name.endswith(("image_newline", "view_seperator")):
                p.normal_(0, 1.0)
            elif name.endswith("position_embedding.weight"):
                p.normal_(0, 0.05)
            elif name.endswith("norm.weight") or ".norm" in name and name.endswith("weight"):
                p.uniform_(0.8, 1.2)
        # Spread the head so greedy argmax has clear margins (not decided by float noise).
        m.lm_head.weight.normal_(0, 0.5)
        m.model.embed_tokens.weight.normal_(0, 1.0)
    return m


def to_bf16_bits(a):
    """float32 -> bfloat16 bit patterns (round to nearest even), as the published checkpoints store them."""
    u = a.astype(np.float32).view(np.uint32)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def write_checkpoint(model, folder):
    tensors = {k: to_bf16_bits(v.detach().numpy()) for k, v in model.state_dict().items()}
    names = sorted(tensors)
    half = len(names) // 2
    # Two files, like a sharded checkpoint.
    for part, sel in enumerate([names[:half], names[half:]]):
        write_safetensors(os.path.join(folder, f"model-0000{part + 1}-of-00002.safetensors"),
                          {k: tensors[k] for k in sel}, {k: "BF16" for k in sel})
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump(CONFIG, f, indent=1)


def pixels(n, size, seed):
    """Deterministic normalized pixels both sides can generate exactly: ((v/255) - 0.5) / 0.5, v integer."""
    c = np.arange(3)[None, :, None, None]
    y = np.arange(size)[None, None, :, None]
    x = np.arange(size)[None, None, None, :]
    k = np.arange(n)[:, None, None, None]
    v = (x * 7 + y * 13 + c * 31 + (k + seed) * 17 + (x * y) % 5) % 256
    return ((v / 255.0 - 0.5) / 0.5).astype(np.float32)


def enc(a):
    a = np.ascontiguousarray(a)
    kind = "int64" if a.dtype.kind in "iu" else "float32"
    a = a.astype(np.int64 if kind == "int64" else np.float32)
    return {"dtype": kind, "shape": list(a.shape), "b64": base64.b64encode(a.tobytes()).decode()}


def causal_mask(T, P):
    m = np.zeros((1, 1, T, P + T), np.float32)
    for t in range(T):
        m[0, 0, t, P + t + 1:] = -1e9
    return m


def assemble(global_tokens, tile_tokens, newline, cols, rows):
    """Tiles first (row by row across tiles, each row ended by newline), then the global view."""
    t = int(round(tile_tokens.shape[1] ** 0.5))
    D = newline.shape[0]
    out = []
    if tile_tokens.shape[0]:
        grid = tile_tokens.reshape(rows, cols, t, t, D).transpose(0, 2, 1, 3, 4).reshape(rows * t, cols * t, D)
        for r in range(rows * t):
            out += list(grid[r]) + [newline]
    out += list(global_tokens[0])
    return np.stack(out)


def greedy(model, embeds, before, after, steps):
    """Greedy decoding from a full recompute at every step (independent of any cache handling)."""
    ids = before + [IMAGE] * len(embeds) + after
    n_before = len(before)
    out = []
    dec = DecoderGraph(model)
    L, H, dh = model.cfg["decoder"]["layers"], model.cfg["decoder"]["heads"], model.cfg["decoder"]["head_dim"]
    for _ in range(steps):
        T = len(ids)
        img = np.zeros((1, T, embeds.shape[1]), np.float32)
        img[0, n_before:n_before + len(embeds)] = embeds
        logits, _, _ = dec(torch.tensor([ids]), torch.from_numpy(img), torch.arange(T)[None],
                           torch.from_numpy(causal_mask(T, 0)), torch.zeros(2 * L, 1, H, 0, dh))
        tok = int(logits[0, -1].argmax())
        if tok == 1:
            break
        out.append(tok)
        ids.append(tok)
    return out


def fixtures(model):
    torch.manual_seed(3)
    rng = np.random.default_rng(5)
    cfg = model.cfg
    d = cfg["decoder"]
    L2, H, dh, D = 2 * d["layers"], d["heads"], d["head_dim"], d["hidden"]
    fx = {}
    with torch.no_grad():
        gp = pixels(1, 1024, 0)
        tp = pixels(2, 640, 1)
        gv = GlobalViewGraph(model, 1024)(torch.from_numpy(gp)).numpy()
        tv, nl = TileGraph(model, 640)(torch.from_numpy(tp))
        tv, nl = tv.numpy(), nl.numpy()
        fx["vision_global"] = {"pixelSeeds": {"n": 1, "size": 1024, "seed": 0}, "outputs": {"tokens": enc(gv)}}
        fx["vision_tile"] = {"pixelSeeds": {"n": 2, "size": 640, "seed": 1},
                             "outputs": {"tile_tokens": enc(tv), "image_newline": enc(nl)}}

        T, P = 3, 4
        ids = np.array([[IMAGE, 40, 41], [50, IMAGE, 60]], np.int64)
        img = rng.normal(size=(2, T, D)).astype(np.float32)
        pos = np.array([[4, 5, 6], [4, 5, 6]], np.int64)
        mask = np.concatenate([causal_mask(T, P)] * 2)
        mask[1, 0, :, 1] = -1e9  # a rolled-back hole in row 1
        past = rng.normal(size=(L2, 2, H, P, dh)).astype(np.float32)
        logits, hidden, present = DecoderGraph(model)(*[torch.from_numpy(a) for a in (ids, img, pos, mask, past)])
        fx["decoder"] = {"inputs": {"input_ids": enc(ids), "image_embeds": enc(img), "position_ids": enc(pos),
                                    "attn_mask": enc(mask), "past_kv": enc(past)},
                         "outputs": {"logits": enc(logits.numpy()), "hidden": enc(hidden.numpy()),
                                     "present_kv": enc(present.numpy())}}
        h = rng.normal(size=(2, 1, D)).astype(np.float32)
        dids = np.array([[70], [71]], np.int64)
        dl, dhid = DraftGraph(model)(torch.from_numpy(h), torch.from_numpy(dids))
        fx["draft"] = {"inputs": {"hidden": enc(h), "input_ids": enc(dids)},
                       "outputs": {"logits": enc(dl.numpy()), "draft_hidden": enc(dhid.numpy())}}

        # End to end: 2 x 1 tiles + global view -> assembled visual tokens -> greedy tokens.
        embeds = assemble(gv, tv, nl, cols=2, rows=1)
        before, after = [0], [4, 9, 10]
        fx["greedy"] = {"cols": 2, "rows": 1, "before": before, "after": after,
                        "visualTokens": int(embeds.shape[0]), "tokens": greedy(model, embeds, before, after, 24)}
    os.makedirs(FIXTURES, exist_ok=True)
    with open(os.path.join(FIXTURES, "seed-tiny-reference.json"), "w") as f:
        json.dump(fx, f)


def main():
    torch.set_num_threads(1)
    model = random_weights(CONFIG)
    # A random draft is never right; distil it on the main model's own greedy tokens so the
    # speculative tests also exercise accepted drafts.
    before, after = distill(model)
    print(f"draft step-1 accuracy on its traces: {before:.2f} -> {after[0]:.2f} (step 2: {after[1]:.2f})")
    with tempfile.TemporaryDirectory() as ckpt:
        write_checkpoint(model, ckpt)
        os.makedirs(OUT, exist_ok=True)
        with open(os.path.join(OUT, "tokenizer.json"), "w") as f:
            json.dump(byte_level_tokenizer(SPECIALS, CONFIG["language_config"]["vocab_size"]), f, ensure_ascii=False)
        # Small shards (640 KiB) so the sharded external-data path is exercised by every test run.
        _, converted = convert(ckpt, OUT, prompt_ids=[0, IMAGE, 4, 9, 10],
                               tokenizer=os.path.join(OUT, "tokenizer.json"), shard_bytes=640 * 1024,
                               name="seed-tiny", max_tokens=64, quantize_vision=True,
                               attribution="Random weights with the DeepSeek-OCR / jina-ocr-v1 architecture, "
                                           "for tests; reads nothing.")
    fixtures(converted)
    print("wrote", OUT, "and", FIXTURES)


if __name__ == "__main__":
    main()
