"""Labelled line boxes from born-digital PDFs: page images (pdftoppm, long side 2000 px like the app)
and text-layer lines (`pdftotext -bbox-layout`), filtered for label quality; degraded page variants
and jittered crop margins for training lines.

Writes training/work/lines.jsonl (one line crop each) and training/eval-lines.tsv (the held-out real
lines, fixed by a hash of document/page/line so the split never moves).
Run: /usr/bin/python3 -m training.data.pdf_lines
"""
import glob
import io
import json
import math
import os
import random
import re
import subprocess
import zlib
from multiprocessing import Pool
from xml.etree import ElementTree

import numpy as np
from PIL import Image, ImageFilter

from .. import charset

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, "training", "work")
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "pdfs")
LONG_SIDE = 2000
REAL_CATEGORIES = {"text-1page", "text-multipage", "tables-forms", "math"}
MAX_PAGES = {"freeculture.pdf": 45, "pdkids.pdf": 25}
DEGRADE_P = 0.35
SYNTH_LINES_PER_PAGE = 28  # feature extraction time is the budget


def h(*parts):
    return zlib.crc32("/".join(map(str, parts)).encode())


def page_count(pdf):
    out = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", out).group(1))


def text_lines(pdf, page):
    xml = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-bbox-layout", pdf, "-"],
                         capture_output=True, text=True, errors="replace").stdout
    xml = re.sub(r"<!DOCTYPE[^>]*>", "", xml).replace('xmlns="http://www.w3.org/1999/xhtml"', "")
    root = ElementTree.fromstring(xml)
    p = root.find(".//page")
    lines = []
    for line in root.iter("line"):
        words = [(float(w.get("xMin")), float(w.get("yMin")), float(w.get("xMax")), float(w.get("yMax")), w.text or "")
                 for w in line.iter("word")]
        if words:
            lines.append(words)
    return float(p.get("width")), float(p.get("height")), lines


def good_line(words, scale):
    """Label and pixel box of a text-layer line, or None when the label is not trustworthy."""
    xs = [w[0] for w in words]
    if xs != sorted(xs):
        return None  # words out of reading order: overlapping or rotated text
    x0, y0 = min(w[0] for w in words), min(w[1] for w in words)
    x1, y1 = max(w[2] for w in words), max(w[3] for w in words)
    hs = [w[3] - w[1] for w in words]
    if max(hs) > 1.6 * min(hs) or (y1 - y0) > 1.5 * max(hs):
        return None  # mixed sizes or words from two baselines
    label = charset.normalize(" ".join(w[4] for w in words))
    if not label or charset.encode(label) is None:
        return None
    bh, bw = (y1 - y0) * scale, (x1 - x0) * scale
    if not (9 <= bh <= 160) or bw < 0.6 * bh:
        return None
    per_char = bw / bh / max(1, len(label))
    if not (0.18 <= per_char <= 1.6):
        return None  # text layer does not match the drawn width
    if sum(c.isalnum() for c in label) == 0 and len(label) < 3:
        return None
    return label, [x0 * scale, y0 * scale, x1 * scale, y1 * scale]


def degrade(img, rng, ops=None):
    """1–3 of: low resolution, blur, noise, JPEG, slight rotation, faded ink (or the given `ops`, which may add
    "speckle": toner dots). Returns image, box transform, ops."""
    ops = ops or rng.sample(["lowres", "blur", "noise", "jpeg", "rotate", "faded"], rng.randint(1, 3))
    transform = lambda b: b
    if "faded" in ops:
        a = np.asarray(img, dtype=np.float32)
        k, paper = rng.uniform(0.35, 0.75), rng.uniform(225, 255)
        img = Image.fromarray(np.clip(paper - (255 - a) * k * paper / 255, 0, 255).astype(np.uint8))
    if "rotate" in ops:
        ang = rng.uniform(-1.2, 1.2)
        w, hgt = img.size
        img = img.rotate(ang, resample=Image.BILINEAR, fillcolor=(255, 255, 255))
        c, s = math.cos(math.radians(ang)), math.sin(math.radians(ang))
        cx, cy = w / 2, hgt / 2

        def transform(b, c=c, s=s, cx=cx, cy=cy):
            pts = [(b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])]
            # PIL rotates counter-clockwise on screen (y down): x' = c·dx + s·dy, y' = −s·dx + c·dy
            rp = [(cx + c * (x - cx) + s * (y - cy), cy - s * (x - cx) + c * (y - cy)) for x, y in pts]
            return [min(p[0] for p in rp), min(p[1] for p in rp), max(p[0] for p in rp), max(p[1] for p in rp)]
    scale = 1.0
    if "lowres" in ops:
        scale = rng.uniform(0.45, 0.75)
        small = img.resize((int(img.width * scale), int(img.height * scale)), Image.BILINEAR)
        if rng.random() < 0.5:
            img = small.resize(img.size, Image.BILINEAR)
            scale = 1.0
        else:
            img = small
    if "blur" in ops:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.3)))
    if "noise" in ops:
        a = np.asarray(img, dtype=np.float32)
        a = a + np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, rng.uniform(4, 18), a.shape)
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if "speckle" in ops:
        a = np.asarray(img).copy()
        g = np.random.default_rng(rng.randint(0, 1 << 30))
        n = int(a.shape[0] * a.shape[1] * rng.uniform(2e-4, 2e-3))
        ys, xs = g.integers(0, a.shape[0], n), g.integers(0, a.shape[1], n)
        dark = g.random(n) < 0.7
        a[ys[dark], xs[dark]] = int(rng.uniform(20, 70))
        a[ys[~dark], xs[~dark]] = int(rng.uniform(220, 250))
        img = Image.fromarray(a)
    if "jpeg" in ops:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(20, 70))
        img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
    return img, (lambda b: [v * scale for v in transform(b)]), ops


def jitter(box, rng):
    """Crop margins like a detector's grown boxes: a little tighter to clearly looser than the text layer."""
    bh = box[3] - box[1]
    return [box[0] - bh * rng.uniform(-0.05, 0.7), box[1] - bh * rng.uniform(-0.08, 0.35),
            box[2] + bh * rng.uniform(-0.05, 0.7), box[3] + bh * rng.uniform(-0.08, 0.35)]


def eval_margin(box):
    bh = box[3] - box[1]
    return [box[0] - 0.3 * bh, box[1] - 0.15 * bh, box[2] + 0.3 * bh, box[3] + 0.15 * bh]


def process_page(job):
    pdf, page, source, doc, split_by_page = job
    rng = random.Random(h(doc, page, "page"))
    out_png = os.path.join(WORK, "pages", f"{doc}-p{page}.png")
    if not os.path.exists(out_png):
        subprocess.run(["pdftoppm", "-png", "-singlefile", "-scale-to", str(LONG_SIDE), "-f", str(page), "-l", str(page),
                        pdf, out_png[:-4]], check=True)
    img = Image.open(out_png).convert("RGB")
    pw, ph, lines = text_lines(pdf, page)
    scale = img.width / pw
    records = []
    page_eval = split_by_page and source == "real" and h(doc, page) % 5 == 0
    for i, words in enumerate(lines):
        got = good_line(words, scale)
        if got is None:
            continue
        label, box = got
        is_eval = source == "real" and (page_eval if split_by_page else h(doc, page, i) % 5 == 0)
        records.append({"page_png": out_png, "box": box, "label": label, "split": "eval" if is_eval else "train",
                        "source": source, "doc": doc, "page": page, "line": i, "text_box": box})
    if source == "synth" and len(records) > SYNTH_LINES_PER_PAGE:
        records = rng.sample(records, SYNTH_LINES_PER_PAGE)
    train = [r for r in records if r["split"] == "train"]
    if train and rng.random() < DEGRADE_P:
        dimg, tf, ops = degrade(img, rng)
        dpng = os.path.join(WORK, "pages", f"{doc}-p{page}-deg.png")
        dimg.save(dpng)
        for r in train:
            r["page_png"], r["box"], r["degraded"] = dpng, tf(r["box"]), "+".join(ops)
    for r in records:
        r["box"] = eval_margin(r["box"]) if r["split"] == "eval" else jitter(r["box"], random.Random(h(doc, page, r["line"])))
        r["box"] = [round(v, 2) for v in r["box"]]
    return records


TRAIN_CAP = {"freeculture": 1100, "pdkids": 500}
EVAL_CAP = 40  # per document: the eval set stays balanced and cheap to score with three readers


def cap(records):
    """Deterministic per-document caps, so no single long document dominates either split."""
    groups = {}
    for r in records:
        groups.setdefault((r["doc"], r["split"]), []).append(r)
    out = []
    for (doc, split), rs in groups.items():
        limit = EVAL_CAP if split == "eval" else TRAIN_CAP.get(doc, len(rs))
        out += sorted(rs, key=lambda r: h(doc, r["page"], r["line"], "cap"))[:limit]
    return sorted(out, key=lambda r: (r["page_png"], r["line"]))


def write(records):
    with open(os.path.join(WORK, "lines.jsonl"), "w", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    ev = [r for r in records if r["split"] == "eval"]
    with open(os.path.join(ROOT, "training", "eval-lines.tsv"), "w", encoding="utf-8") as f:
        f.write("doc\tpage\tline\tx0\ty0\tx1\ty1\tlabel\n")
        for r in ev:
            f.write("\t".join([r["doc"], str(r["page"]), str(r["line"])] + [f"{v:.1f}" for v in r["text_box"]] + [r["label"]]) + "\n")


def jobs():
    out = []
    manifest = os.path.join(CORPUS, "..", "MANIFEST.tsv")
    for row in open(manifest).read().splitlines()[1:]:
        name, cat = row.split("\t")[:2]
        if cat not in REAL_CATEGORIES:
            continue
        pdf = os.path.join(CORPUS, name)
        n = page_count(pdf)
        pages = list(range(1, n + 1))
        if name in MAX_PAGES:
            pages = sorted(random.Random(h(name)).sample(pages, MAX_PAGES[name]))
        out += [(pdf, p, "real", name[:-4], len(pages) >= 3) for p in pages]
    for pdf in sorted(glob.glob(os.path.join(WORK, "synth", "*.pdf"))):
        name = os.path.basename(pdf)[:-4]
        out += [(pdf, p, "synth", name, True) for p in range(1, page_count(pdf) + 1)]
    return out


def main():
    os.makedirs(os.path.join(WORK, "pages"), exist_ok=True)
    js = jobs()
    with Pool(2) as pool:
        pages = pool.map(process_page, js, chunksize=4)
    records = cap([r for rs in pages for r in rs])
    write(records)
    by = {}
    for r in records:
        k = (r["source"], r["split"])
        by[k] = by.get(k, 0) + 1
    print(len(js), "pages;", {f"{a}/{b}": n for (a, b), n in sorted(by.items())})


if __name__ == "__main__":
    main()
