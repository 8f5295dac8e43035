"""Cached encoder features (training/work/features, written by extract-features.ts) as training batches."""
import json
import os
import random

import numpy as np
import torch

from . import charset
from .cer import cer
from .model import FEAT_DIM, NECK_DIM, padding_mask


def label_agrees(row, limit=0.25):
    """The text layer matches the pixels if the CTC head, ignoring spaces, mostly reads the same."""
    ref, hyp = row["label"].replace(" ", ""), row["ctc"].replace(" ", "")
    return cer(ref, hyp) <= limit


def line_key(row):
    return (row.get("_dir"), row.get("doc"), row.get("page"), row.get("line"), row["label"])


def mix_tag(folder):
    """The prefix of a mixed-in folder's row ids: its name."""
    return os.path.basename(os.path.normpath(folder))


class Features:
    """`work`'s lines; `mix`: other data folders (same layout) whose training lines are added, each row
    tagged with its folder (`_dir`) and its id prefixed with the folder's name so ids stay unique."""

    def __init__(self, work, max_tokens=250, neck=True, mix=()):
        self.dir = os.path.join(work, "features")
        # neck-X.f16 next to shard-X.f16 (training/extract-neck.ts), [120,S] per line at offset/4
        self.neck = neck
        self.dim = FEAT_DIM + (NECK_DIM if neck else 0)
        self.rows = self._read(self.dir, max_tokens)
        for other in mix:
            folder = os.path.join(other, "features")
            tag = mix_tag(other)
            for r in self._read(folder, max_tokens):
                if r["split"] == "train":
                    r["_dir"], r["id"] = folder, f"{tag}:{r['id']}"
                    self.rows.append(r)
        self.maps = {}

    @staticmethod
    def _read(folder, max_tokens):
        rows = []
        for line in open(os.path.join(folder, "index.jsonl"), encoding="utf-8"):
            if line.strip():
                r = json.loads(line)
                ids = charset.encode(r["label"])
                if ids is not None and 0 < len(ids) <= max_tokens:
                    r["ids"] = ids
                    rows.append(r)
        return rows

    def _map(self, r, name):
        folder = r.get("_dir", self.dir)
        m = self.maps.get((folder, name))
        if m is None:
            m = self.maps[(folder, name)] = np.memmap(os.path.join(folder, name), dtype=np.float16, mode="r")
        return m

    def feats(self, r):
        shard = self._map(r, r["shard"])
        backbone = shard[r["offset"]: r["offset"] + FEAT_DIM * r["steps"]].reshape(FEAT_DIM, r["steps"])
        if not self.neck:
            return backbone
        neck = self._map(r, r["shard"].replace("shard-", "neck-", 1))
        start = r["offset"] // (FEAT_DIM // NECK_DIM)
        return np.concatenate([backbone, neck[start: start + NECK_DIM * r["steps"]].reshape(NECK_DIM, r["steps"])])

    def split(self, name, check_labels=True):
        # Whether the text layer matches the pixels is a property of the line, not of one rendering: a line
        # read right on its clean page is kept on its old-scan page (scan_lines.py), where the CTC head fails.
        trusted = {line_key(r) for r in self.rows if label_agrees(r)}
        return [r for r in self.rows if r["split"] == name and (not check_labels or line_key(r) in trusted)]


def training_rows(ds, cfg):
    """A run's training lines: without the old-scan pages' lines unless `scans`, without the old documents'
    (data/old_docs.py: typed letters, small-type book pages) unless `old_faces`."""
    rows = ds.split("train")
    if not cfg.scans:
        scans = scan_ids(cfg.work) | {f"{mix_tag(m)}:{i}" for m in getattr(cfg, "mix", ()) for i in scan_ids(m)}
        rows = [r for r in rows if r["id"] not in scans]
    if not cfg.old_faces:
        rows = [r for r in rows if not r.get("doc", "").startswith("old-")]
    return rows


def scan_ids(work):
    """Row ids (= line numbers of lines.jsonl) of the old-scan pages' lines (data/scan_lines.py)."""
    path = os.path.join(work, "lines.jsonl")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {i for i, line in enumerate(f) if line.strip() and json.loads(line).get("degraded") == "scan"}


def make_batches(rows, max_steps, rng):
    """Lines of similar width together; each batch holds at most `max_steps` memory steps in total."""
    order = sorted(rows, key=lambda r: r["steps"] + rng.random() * 8)
    batches, cur, widest = [], [], 0
    for r in order:
        w = max(widest, r["steps"])
        if cur and w * (len(cur) + 1) > max_steps:
            batches.append(cur)
            cur, w = [], r["steps"]
        cur.append(r)
        widest = w
    if cur:
        batches.append(cur)
    rng.shuffle(batches)
    return batches


def collate(ds, rows):
    b = len(rows)
    s = max(r["steps"] for r in rows)
    t = max(len(r["ids"]) for r in rows) + 1
    feats = torch.zeros(b, ds.dim, 1, s)
    inp = torch.full((b, t), charset.PAD, dtype=torch.long)
    tgt = torch.full((b, t), -100, dtype=torch.long)
    steps = torch.tensor([r["steps"] for r in rows])
    lens = torch.tensor([len(r["ids"]) + 1 for r in rows])
    for i, r in enumerate(rows):
        feats[i, :, 0, : r["steps"]] = torch.from_numpy(ds.feats(r).astype(np.float32))
        ids = r["ids"]
        inp[i, : len(ids) + 1] = torch.tensor([charset.BOS] + ids)
        tgt[i, : len(ids) + 1] = torch.tensor(ids + [charset.EOS])
    return feats, padding_mask(steps, s), steps, inp, tgt, lens
