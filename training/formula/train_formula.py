"""The formula recognizer as a training task (loop.py): memory + decoder + FastMTP draft (model.py) on cached
encoder features of rendered formulas (extract.ts), with the line recognizer's losses (recognizer_losses.py)
weighted for formulas. Vocabulary: training/formula/tokenizer.json (LaTeX pieces).
Configs: training/configs/formula-v0.toml … formula-v7.toml (the released chain).
"""
import json
import os

import numpy as np
import torch

from .. import charset
from ..dataset import collate, make_batches
from ..model import FEAT_DIM, GRID_ROWS, NECK_DIM, Config, Recognizer
from ..recognizer_losses import forward, greedy_ids

HERE = os.path.dirname(os.path.abspath(__file__))
PAD, BOS, EOS = 0, 1, 2
PIECES = json.load(open(os.path.join(HERE, "tokenizer.json"), encoding="utf-8"))["pieces"]
INDEX = {p: i for i, p in enumerate(PIECES)}
GRID_MAX_MEM = 1024  # GRID_ROWS rows per 8 px column: a 2,400 px formula at height 48 needs 900 steps


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


def exact_match(model, ds, rows, device, n=100):
    model.eval()
    rows = rows[:n]
    hits = 0
    for i in range(0, len(rows), 16):
        chunk = rows[i: i + 16]
        feats, memory_mask = (t.to(device) for t in collate(ds, chunk)[:2])
        hits += sum(decode(h) == r["label"] for r, h in zip(chunk, greedy_ids(model, feats, memory_mask, BOS, EOS, 110)))
    model.train()
    return hits / max(1, len(rows))


def transfer(model, ck):
    """Starts from the line recognizer: it already reads PP-OCRv4 features of letters and digits. Tensors of
    the same shape are copied; token embeddings and the CTC head row by row for pieces both vocabularies
    share (ASCII). The neck projection starts at zero (model.py), so the start reads the backbone only."""
    src = {k: v.float() for k, v in ck["model"].items()}
    line_index = {p: i for i, p in enumerate(charset.PIECES)}
    shared = [(i, line_index[p]) for i, p in enumerate(PIECES) if p in line_index]
    state = model.state_dict()
    copied = 0
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
    model.load_state_dict(state)
    return f"{copied} tensors, {len(shared)} shared pieces"


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
        state["mem_pos.weight"].copy_(old[cols.clamp(max=old.shape[0] - 1)].to(state["mem_pos.weight"].device))
    model.load_state_dict(state)
    return f"{copied} tensors copied, memory positions spread over {GRID_ROWS} rows"


class FormulaTask:
    def __init__(self, cfg, device, model_cfg=None):
        self.cfg, self.device = cfg, device
        mc = model_cfg or dict(vocab=len(PIECES), dim=cfg.dim, layers=cfg.layers, heads=cfg.heads,
                               neck_dim=0 if cfg.grid else NECK_DIM, max_mem=GRID_MAX_MEM if cfg.grid else 512,
                               mem_rows=GRID_ROWS if cfg.grid else 1)
        self.model = Recognizer(Config(**mc)).to(device)
        self.params = list(self.model.parameters())
        self.ds = FormulaFeatures(cfg.work, grid=cfg.grid)
        self.held = self.ds.split("heldout")

    def start_from(self, init):
        return (grid_transfer if self.cfg.grid else transfer)(self.model, init)

    def train_rows(self):
        rows = self.ds.split("train")
        if self.cfg.formulas:  # the first N of make-data.ts's deterministic draws (ids train-0 …)
            rows = [r for r in rows if int(str(r["id"]).rsplit("-", 1)[1]) < self.cfg.formulas]
        return rows

    def make_batches(self, rows, rng):
        return make_batches(rows, self.cfg.batch_steps, rng)

    def collate(self, rows):
        return collate(self.ds, rows)

    def loss(self, step, batch):
        ce, ctc, d, align = forward(self.model, batch, step % 2 == 1)
        # formulas are not written left to right in pixels (fractions, limits): CTC and alignment only help a little
        return ce + 0.1 * ctc + 0.5 * d + 0.2 * align, {"ce": ce, "ctc": ctc, "draft": d}

    def evaluate(self, final):
        if not self.held:
            return "no held-out formulas"
        n = self.cfg.final_eval_n if final else self.cfg.eval_n
        return f"held-out exact match (greedy, {n} formulas) {exact_match(self.model, self.ds, self.held, self.device, n):.3f}"


if __name__ == "__main__":
    from ..run import main
    main()
