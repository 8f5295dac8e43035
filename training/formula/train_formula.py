"""Trains the formula recognizer (memory + decoder + FastMTP draft, training/model.py) on cached encoder
features of rendered formulas (extract.ts), with the line recognizer's losses (training/train.py `forward`:
cross-entropy, CTC on the memory, cross-attention alignment, recursive draft with self-distillation).
Vocabulary: training/formula/tokenizer.json (LaTeX pieces). Learning rate follows elapsed time, so a run
fits its budget; checkpoints every 3 minutes make it resumable. The index is re-read every epoch, so
training may start while extraction still adds formulas.
Run: nice -n 10 /usr/bin/python3 training/formula/train_formula.py --minutes 45
"""
import argparse
import json
import os
import random
import sys
import time

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from dataset import collate, make_batches  # noqa: E402
from model import Config, Recognizer, FEAT_DIM, NECK_DIM  # noqa: E402
from train import forward  # noqa: E402
from timed_run import save_checkpoint, timed_lr  # noqa: E402
from cut_encoder import GRID_ROWS  # noqa: E402

PAD, BOS, EOS = 0, 1, 2
PIECES = json.load(open(os.path.join(HERE, "tokenizer.json"), encoding="utf-8"))["pieces"]
INDEX = {p: i for i, p in enumerate(PIECES)}


def decode(ids):
    return "".join(PIECES[i] for i in ids if i > 3).rstrip()


class FormulaFeatures:
    """Rows of features/index.jsonl with ids; feats(r) → float16 [600, S] (backbone ++ neck)."""

    def __init__(self, work, max_tokens=100, grid=False):
        # grid: the 2-D features (extract.ts --grid): backbone only, three rows per column
        self.dim = FEAT_DIM if grid else FEAT_DIM + NECK_DIM
        self.dir = os.path.join(work, "features-grid" if grid else "features")
        self.rows, self.maps = [], {}
        path = os.path.join(self.dir, "index.jsonl")
        for line in open(path, encoding="utf-8") if os.path.exists(path) else []:
            if not line.strip():
                continue
            r = json.loads(line)
            ids = [INDEX.get(p) for p in r["pieces"]]
            if None not in ids and 0 < len(ids) <= max_tokens:
                r["ids"] = ids
                self.rows.append(r)

    def feats(self, r):
        m = self.maps.get(r["shard"])
        if m is None:
            m = self.maps[r["shard"]] = np.memmap(os.path.join(self.dir, r["shard"]), dtype=np.float16, mode="r")
        return m[r["offset"]: r["offset"] + self.dim * r["steps"]].reshape(self.dim, r["steps"])

    def split(self, name):
        return [r for r in self.rows if r["split"] == name]


@torch.no_grad()
def greedy(model, batch, max_len=110):
    feats, memory_mask = batch[0], batch[1]
    b = feats.shape[0]
    cross_kv, _ = model.memory_kv(model.memory(feats, memory_mask))
    L, H, dh = model.cfg.layers, model.cfg.heads, model.cfg.head_dim
    past = torch.zeros(2 * L, b, H, 0, dh)
    tok = torch.full((b, 1), BOS, dtype=torch.long)
    out, done = [[] for _ in range(b)], torch.zeros(b, dtype=torch.bool)
    for pos in range(max_len):
        logits, _, past = model.decode(tok, torch.full((b, 1), pos), torch.zeros(b, 1, 1, pos + 1), past, cross_kv, memory_mask)
        tok = logits[:, -1].argmax(-1, keepdim=True)
        for i in range(b):
            if not done[i]:
                if tok[i, 0] == EOS:
                    done[i] = True
                else:
                    out[i].append(int(tok[i, 0]))
        if done.all():
            break
    return [decode(o) for o in out]


def exact_match(model, ds, rows, n=100):
    model.eval()
    rows = rows[:n]
    hits = 0
    for i in range(0, len(rows), 16):
        chunk = rows[i: i + 16]
        hits += sum(h == r["label"] for r, h in zip(chunk, greedy(model, collate(ds, chunk))))
    model.train()
    return hits / max(1, len(rows))


def transfer(model, ck):
    """Starts from the line recognizer: it already reads PP-OCRv4 features of letters and digits. Tensors of
    the same shape are copied; token embeddings and the CTC head row by row for pieces both vocabularies
    share (ASCII). The neck projection starts at zero (model.py), so the start reads the backbone only."""
    src = {k: v.float() for k, v in ck["model"].items()}
    line_pieces = __import__("charset").PIECES
    line_index = {p: i for i, p in enumerate(line_pieces)}
    shared = [(i, line_index[p]) for i, p in enumerate(PIECES) if p in line_index]
    state = model.state_dict()
    copied = rows = 0
    with torch.no_grad():
        for k, v in state.items():
            w = src.get(k)
            if w is None:
                continue
            if w.shape == v.shape:
                v.copy_(w)
                copied += 1
            elif k in ("tok.weight", "ctc_head.weight", "ctc_head.bias") and w.shape[1:] == v.shape[1:]:
                for a, b in shared:
                    v[a] = w[b]
                rows += len(shared)
    model.load_state_dict(state)
    return f"{copied} tensors, {len(shared)} shared pieces"


GRID_MAX_MEM = 1024  # GRID_ROWS rows per 8 px column: a 2,400 px formula at height 48 needs 900 steps


def grid_transfer(model, ck):
    """Starts the 2-D recognizer from a 1-D formula recognizer (same vocabulary): every tensor of the same
    shape is copied; memory position 3c + r (row r of column c) starts as the 1-D model's position c, so
    the start reads each column as the pooled model did; the neck projection is dropped. A 2-D recognizer
    (cfg mem_rows == GRID_ROWS) is loaded as it is: a new run on more formulas starts from it."""
    src = {k: v.float() for k, v in ck["model"].items()}
    if ck.get("cfg", {}).get("mem_rows") == GRID_ROWS:
        model.load_state_dict(src)
        return f"all {len(src)} tensors of a {GRID_ROWS}-row recognizer"
    state = model.state_dict()
    copied = 0
    with torch.no_grad():
        for k, v in state.items():
            w = src.get(k)
            if w is not None and w.shape == v.shape:
                v.copy_(w)
                copied += 1
        old = src["mem_pos.weight"]
        cols = torch.arange(state["mem_pos.weight"].shape[0]) // GRID_ROWS
        state["mem_pos.weight"].copy_(old[cols.clamp(max=old.shape[0] - 1)])
    model.load_state_dict(state)
    return f"{copied} tensors copied, memory positions spread over {GRID_ROWS} rows"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.path.join(os.path.dirname(HERE), "work", "formula"))
    ap.add_argument("--minutes", type=float, default=45)
    ap.add_argument("--dim", type=int, default=192)
    ap.add_argument("--layers", type=int, default=3)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--batch-steps", type=int, default=800)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--init", default=os.path.join(os.path.dirname(HERE), "checkpoints", "pocket-v0.pt"),
                    help="line recognizer weights to start from (memory, decoder, draft; embeddings of shared pieces)")
    ap.add_argument("--grid", action="store_true", help="read the 2-D features (extract.ts --grid); --init is then "
                    "a formula recognizer (grid_transfer)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    ckpt_path = os.path.join(args.work, "checkpoint-grid.pt" if args.grid else "checkpoint.pt")
    cfg = Config(vocab=len(PIECES), dim=args.dim, layers=args.layers, heads=args.heads,
                 neck_dim=0 if args.grid else NECK_DIM, max_mem=GRID_MAX_MEM if args.grid else 512,
                 mem_rows=GRID_ROWS if args.grid else 1)
    model = Recognizer(cfg)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01, betas=(0.9, 0.98))
    state = {"step": 0, "seconds": 0.0, "epoch": 0, "batch": 0}
    if os.path.exists(ckpt_path):
        ck = torch.load(ckpt_path)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        state = ck["state"]
        print(f"resumed at step {state['step']}, {state['seconds'] / 60:.1f} min", flush=True)
    elif args.init:
        init = torch.load(args.init)
        print(f"initialized from {args.init}: {(grid_transfer if args.grid else transfer)(model, init)}", flush=True)
    print(f"parameters {sum(p.numel() for p in model.parameters()) / 1e6:.2f} M, vocab {cfg.vocab}", flush=True)
    budget = args.minutes * 60

    def save():
        save_checkpoint(ckpt_path, model, opt, state, cfg)

    model.train()
    last_save = last_eval = time.time()
    avg = None
    while state["seconds"] < budget:
        ds = FormulaFeatures(args.work, grid=args.grid)
        train_rows, held = ds.split("train"), ds.split("heldout")
        print(f"epoch {state['epoch']}: {len(train_rows)} training formulas, {len(held)} held out", flush=True)
        batches = make_batches(train_rows, args.batch_steps, random.Random(state["epoch"]))
        for bi, rows in enumerate(batches):
            if bi < state["batch"]:
                continue
            t0 = time.time()
            lr = timed_lr(args.lr, state, budget, warmup_steps=100)
            for g in opt.param_groups:
                g["lr"] = lr
            ce, ctc, d, align = forward(model, collate(ds, rows), state["step"] % 2 == 1)
            # formulas are not written left to right in pixels (fractions, limits): CTC and alignment only help a little
            loss = ce + 0.1 * ctc + 0.5 * d + 0.2 * align
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            state["step"] += 1
            state["batch"] = bi + 1
            state["seconds"] += time.time() - t0
            vals = [ce.item(), float(ctc), float(d)]
            avg = vals if avg is None else [0.95 * a + 0.05 * v for a, v in zip(avg, vals)]
            if state["step"] % 20 == 0:
                print(f"step {state['step']} ep {state['epoch']} {state['seconds'] / 60:.1f}/{args.minutes:.0f} min lr {lr:.2e} "
                      f"ce {avg[0]:.3f} ctc {avg[1]:.3f} draft {avg[2]:.3f} ({len(rows)} formulas, {time.time() - t0:.2f} s)", flush=True)
            if time.time() - last_save > 180:
                save()
                last_save = time.time()
            if time.time() - last_eval > 900 and held:
                print(f"held-out exact match (greedy, 48 formulas) {exact_match(model, ds, held, 48):.3f} at step {state['step']}", flush=True)
                last_eval = time.time()
            if state["seconds"] >= budget:
                break
        else:
            state["epoch"] += 1
            state["batch"] = 0
    save()
    if held:
        print(f"final held-out exact match (greedy, float) {exact_match(model, ds, held, 300):.3f}", flush=True)
    print("training done", flush=True)


if __name__ == "__main__":
    main()
