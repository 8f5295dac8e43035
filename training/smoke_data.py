"""A tiny synthetic data folder for the training smoke test (test/training-loop.test.ts): random float16
features in the layouts extract-features.ts, extract-neck.ts and formula/extract.ts write, with labels.
    /usr/bin/python3 -m training.smoke_data DIR   → DIR/lines (lines, draft) and DIR/formula (formula, 2-D)
    /usr/bin/python3 -m training.smoke_data DIR --lines N   → DIR/lines only, N document-length lines (for timing)
"""
import json
import os
import random
import sys

import numpy as np

from .formula.train_formula import PIECES
from .model import FEAT_DIM, NECK_DIM

WORDS = ["page", "mark", "line", "Text", "12.5", "€ 40", "naïve", "x + y", "Tab."]


def write_lines(out, rng, n=36, words=(1, 3)):
    os.makedirs(os.path.join(out, "features"), exist_ok=True)
    index, lines, feats, neck, offset = [], [], [], [], 0
    for i in range(n):
        label = " ".join(rng.choice(WORDS) for _ in range(rng.randint(*words)))
        steps = 6 + 3 * len(label) // 2
        split = "eval" if i % 6 == 5 else "train"
        feats.append(np.random.default_rng(i).standard_normal((FEAT_DIM, steps)).astype(np.float16).ravel())
        neck.append(np.random.default_rng(1000 + i).standard_normal((NECK_DIM, steps)).astype(np.float16).ravel())
        index.append({"id": i, "shard": "shard-smoke.f16", "offset": offset, "steps": steps, "label": label, "ctc": label,
                      "split": split, "source": "synth", "doc": f"d{i // 6}", "page": 1, "line": i})
        lines.append({"label": label, "split": split, **({"degraded": "scan"} if i % 9 == 4 else {})})
        offset += FEAT_DIM * steps
    np.concatenate(feats).tofile(os.path.join(out, "features", "shard-smoke.f16"))
    np.concatenate(neck).tofile(os.path.join(out, "features", "neck-smoke.f16"))
    with open(os.path.join(out, "features", "index.jsonl"), "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in index)
    with open(os.path.join(out, "lines.jsonl"), "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in lines)


def write_formulas(out, rng, n=30):
    folder = os.path.join(out, "features-grid")
    os.makedirs(folder, exist_ok=True)
    index, feats, offset = [], [], 0
    for i in range(n):
        pieces = [rng.choice(PIECES[4:]) for _ in range(rng.randint(2, 5))]
        steps = 3 * (4 + 2 * len(pieces))  # three rows per column
        split = "heldout" if i % 6 == 5 else "train"
        feats.append(np.random.default_rng(2000 + i).standard_normal((FEAT_DIM, steps)).astype(np.float16).ravel())
        index.append({"id": f"{split}-{i}", "shard": "shard-smoke.f16", "offset": offset, "steps": steps,
                      "label": "".join(pieces).rstrip(), "pieces": pieces, "split": split})
        offset += FEAT_DIM * steps
    np.concatenate(feats).tofile(os.path.join(folder, "shard-smoke.f16"))
    with open(os.path.join(folder, "index.jsonl"), "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in index)


if __name__ == "__main__":
    root = sys.argv[1]
    rng = random.Random(7)
    if len(sys.argv) > 3 and sys.argv[2] == "--lines":
        # a larger set of document-length lines (5–12 words, ~40–110 memory steps) to time training steps at
        # the real batch shapes, e.g. on a GPU machine before sizing a run
        write_lines(os.path.join(root, "lines"), rng, int(sys.argv[3]), (5, 12))
    else:
        write_lines(os.path.join(root, "lines"), rng)
        write_formulas(os.path.join(root, "formula"), rng)
    print(f"smoke data in {root}")
