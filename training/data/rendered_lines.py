"""Rendered lines, encoded where they are trained: the line data for a run on a lent GPU machine.

Cached encoder features (600 float16 values a memory step) are far too large to carry to another machine,
and pages are too: what travels is the recipe. `prepare` gathers here, in one folder of a few MB, the text to
set, the faces to set it in (Debian's typewriter, old-style and plain families), the feature graphs
(PP-OCRv4's recognizer with its backbone output, and the SVTR neck) and the CTC head's key list. `build`
runs there (or here): each text is set in a face at a scan's size, once clean and once with a scanner's and
an old ribbon's damage (uneven and broken ink, bleed, blur, low resolution, noise, speckles, JPEG, a slight
turn), cropped with a detector box's loose margins, resized exactly as the engine's `lineInput` does (height
48, bilinear, padded white to a multiple of 8) and encoded one line at a time, unpadded, as the engine does,
into the shard/neck/index layout of extract-features.ts, so dataset.py trains on it unchanged. The clean and
damaged renderings of a text share doc/page/line, so a damaged one the CTC head cannot read is still trusted
where its clean twin is (dataset.label_agrees). Deterministic for a seed and a count.

    /usr/bin/python3 -m training.data.rendered_lines prepare DIR          # here: texts, faces, graphs
    python3 -m training.data.rendered_lines build DIR WORK --texts N [--first F] [--procs P] [--seed S]
"""
import argparse
import io
import json
import math
import multiprocessing as mp
import os
import random
import re
import shutil
import subprocess
import sys
import time

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ..cer import cer

HEIGHT = 48  # LINE_DEFAULTS.targetHeight
MULTIPLE = 8
MAX_WIDTH = 2400
BACKBONE, NECK = 480, 120

# family → files (fonts-urw-base35, fonts-freefont-ttf, fonts-liberation, fonts-dejavu-core, fonts-lmodern)
URW = "/usr/share/fonts/opentype/urw-base35/"
FREE = "/usr/share/fonts/truetype/freefont/"
LIB = "/usr/share/fonts/truetype/liberation/"
DJ = "/usr/share/fonts/truetype/dejavu/"
LM = "/usr/share/texmf/fonts/opentype/public/lm/"
FACES = {
    "typewriter": [URW + "NimbusMonoPS-Regular.otf", URW + "NimbusMonoPS-Bold.otf", FREE + "FreeMono.ttf",
                   FREE + "FreeMonoBold.ttf", LIB + "LiberationMono-Regular.ttf", DJ + "DejaVuSansMono.ttf",
                   LM + "lmmono10-regular.otf"],
    "book": [URW + "C059-Roman.otf", URW + "C059-Italic.otf", URW + "C059-Bold.otf", URW + "P052-Roman.otf",
             URW + "P052-Italic.otf", URW + "URWBookman-Light.otf", URW + "NimbusRoman-Regular.otf",
             URW + "NimbusRoman-Italic.otf", URW + "NimbusRoman-Bold.otf", FREE + "FreeSerif.ttf",
             LIB + "LiberationSerif-Regular.ttf", LM + "lmroman10-regular.otf", DJ + "DejaVuSerif.ttf"],
    "plain": [URW + "NimbusSans-Regular.otf", URW + "NimbusSans-Bold.otf", URW + "NimbusSansNarrow-Regular.otf",
              LIB + "LiberationSans-Regular.ttf", FREE + "FreeSans.ttf", DJ + "DejaVuSans.ttf", URW + "URWGothic-Book.otf"],
}
SHARES = [("typewriter", 0.45), ("book", 0.4), ("plain", 0.15)]


# ---------- prepare (here) ----------

def letter_lines(rng, n):
    """The short lines of letters and forms that prose windows lack: dates, addresses, salutations, closings."""
    from .old_docs import MONTHS, NAMES, STREETS, TOWNS
    kinds = [
        lambda: f"{rng.choice(MONTHS)} {rng.randint(1, 31)}, {rng.randint(1850, 1960)}.",
        lambda: f"{rng.randint(1, 2999)} {rng.choice(STREETS)}",
        lambda: rng.choice(TOWNS),
        lambda: f"Dear {rng.choice(['Sir', 'Madam', 'Mr.', 'Mrs.', 'Miss', 'Dr.', 'Professor'])} {rng.choice(NAMES)}:",
        lambda: rng.choice(["Yours truly,", "Very truly yours,", "Sincerely yours,", "Respectfully,", "Cordially yours,",
                            "Dear Sir:", "Gentlemen:", "My dear Friend,"]),
        lambda: f"{rng.choice('ABCDEFGHJKLMNPRSTW')}. {rng.choice('ABCDEFGHJKLMNPRSTW')}. {rng.choice(NAMES)}",
        lambda: f"No. {rng.randint(1, 9999)}. {rng.choice(NAMES).upper()} & {rng.choice(NAMES).upper()}, {rng.choice(TOWNS)}",
        lambda: f"${rng.randint(1, 999)}.{rng.randint(0, 99):02d}",
    ]
    return [rng.choice(kinds)() for _ in range(n)]


def prose_lines(rng, sentences, n):
    """Word windows of 1–12 words from real prose, as a page's lines cut it (some capitalized as headings)."""
    out = []
    while len(out) < n:
        words = rng.choice(sentences).split()
        k = min(len(words), rng.choice([1, 2, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12]))
        i = rng.randint(0, len(words) - k)
        text = " ".join(words[i: i + k])
        r = rng.random()
        if r < 0.05:
            text = text.upper()
        elif r < 0.1:
            text = text.title()
        out.append(text)
    return out


def prepare(dst):
    from .. import charset, cut_encoder, export
    from .html_docs import corpus_sentences, number
    rng = random.Random(7)
    os.makedirs(os.path.join(dst, "fonts"), exist_ok=True)
    faces = {}
    for family, files in FACES.items():
        for f in files:
            if not os.path.exists(f):
                raise SystemExit(f"missing face {f}: apt-get install fonts-urw-base35 fonts-freefont-ttf fonts-liberation fonts-dejavu-core fonts-lmodern")
            shutil.copy(f, os.path.join(dst, "fonts", os.path.basename(f)))
        faces[family] = [os.path.basename(f) for f in files]
    sentences = corpus_sentences(rng, 60000)
    texts = prose_lines(rng, sentences, 90000) + letter_lines(rng, 6000) + [number(rng) for _ in range(3000)]
    texts = [t for t in texts if t.strip() and charset.encode(t) is not None and len(t) <= 80]
    rng.shuffle(texts)
    with open(os.path.join(dst, "texts.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(texts) + "\n")
    json.dump(faces, open(os.path.join(dst, "faces.json"), "w"))
    src = export.npm_path(export.REC_NPM)
    cut_encoder.feature_graph(src, os.path.join(dst, "rec-features.onnx"))
    cut_encoder.neck_graph(src, os.path.join(dst, "neck.onnx"))
    shutil.copy(os.path.join(os.path.dirname(src), "ppocr_keys_v1.txt"), os.path.join(dst, "keys.txt"))
    print(f"{dst}: {len(texts)} texts, {sum(map(len, faces.values()))} faces, "
          f"{subprocess.run(['du', '-sh', dst], capture_output=True, text=True).stdout.split()[0]}")


# ---------- render ----------

def set_line(text, font, rng, typed, ink):
    """The text on paper at the font's size: words (typed: letters) inked unevenly and a little off the line.
    Returns the grayscale image and the text's box."""
    size = font.size
    asc, desc = font.getmetrics()
    width = int(font.getlength(text) + 4 * size)
    img = Image.new("L", (width, int((asc + desc) * 2.2)), 255)
    d = ImageDraw.Draw(img)
    x0 = x = 2 * size
    y0 = int((asc + desc) * 0.6)
    units = list(text) if typed else re.split(r"( )", text)
    for u in units:
        if u.strip():
            r = rng.random()
            shade = ink if r > 0.3 else min(150, ink + rng.randint(30, 90)) if r > 0.08 else max(0, ink - 40)
            dy = rng.uniform(-0.06, 0.06) * size if rng.random() < (0.5 if typed else 0.15) else 0
            stroke = 1 if (r < 0.05 and size >= 22) else 0
            d.text((x, y0 + dy), u, font=font, fill=shade, stroke_width=stroke, stroke_fill=shade)
        x += font.getlength(u)
    return img, (x0, y0, x, y0 + asc + desc)


def damage(img, size, rng):
    """A scanner's and an old ribbon's damage, several at once, as real scans stack them."""
    g = np.random.default_rng(rng.randint(0, 1 << 30))
    a = np.asarray(img, dtype=np.float32)
    faded = rng.random() < 0.5
    if faded:  # faded ink on toned paper
        paper = rng.uniform(200, 250)
        a = paper - (255 - a) * rng.uniform(0.6, 1.0) * paper / 255
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if size >= 24 and rng.random() < 0.3:  # ink spread (filled letters) or worn type (broken strokes)
        img = img.filter(ImageFilter.MinFilter(3) if rng.random() < 0.5 or faded else ImageFilter.MaxFilter(3))
    if rng.random() < 0.6:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2)))
    if rng.random() < 0.5:  # scanned at a lower resolution
        s = rng.uniform(0.4, 0.8)
        small = img.resize((max(8, int(img.width * s)), max(8, int(img.height * s))), Image.BILINEAR)
        img = small.resize(img.size, Image.BILINEAR)
    a = np.asarray(img, dtype=np.float32)
    if rng.random() < 0.6:
        a = a + g.normal(0, rng.uniform(3, 16), a.shape)
    if rng.random() < 0.3:  # toner speckles and dust
        n = int(a.size * rng.uniform(2e-4, 2e-3))
        a[g.integers(0, a.shape[0], n), g.integers(0, a.shape[1], n)] = rng.uniform(0, 90)
    if rng.random() < 0.25:  # binarized by the scanner
        a = np.where(a < rng.uniform(110, 170), rng.uniform(0, 40), rng.uniform(215, 255))
    img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if rng.random() < 0.5:
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(25, 85))
        img = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    return img


def crop_box(box, rng, img):
    """The text box with a detector box's loose margins."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    pad_y0, pad_y1 = rng.uniform(-0.05, 0.35) * h, rng.uniform(-0.05, 0.35) * h
    pad_x0, pad_x1 = rng.uniform(0, 0.5) * h, rng.uniform(0, 0.5) * h
    return (max(0, int(x0 - pad_x0)), max(0, int(y0 - pad_y0)),
            min(img.width, int(math.ceil(x1 + pad_x1))), min(img.height, int(math.ceil(y1 + pad_y1))))


def line_tensor(img, box):
    """lineInput (src/core/image/line-input.ts + resample.ts) on a grayscale page: the box clamped to the page,
    resized to 48 rows keeping its aspect by two-tap bilinear sampling with pixel centres aligned (no
    antialiasing, as the engine samples), padded white to a multiple of 8, (x/255 − 0.5)/0.5 in three equal
    channels. test/rendered-lines.test.ts holds it to the engine's tensor."""
    a = np.asarray(img, dtype=np.float64)
    ph, pw = a.shape
    x0, y0, x1, y1 = max(0, box[0]), max(0, box[1]), min(pw, box[2]), min(ph, box[3])
    cap = MAX_WIDTH // MULTIPLE * MULTIPLE
    content = min(cap, max(1, math.floor((x1 - x0) * HEIGHT / (y1 - y0) + 0.5)))  # Math.round
    width = min(cap, math.ceil(max(content, 16) / MULTIPLE) * MULTIPLE)

    def taps(start, step, n, size):
        s = np.clip(start + (np.arange(n) + 0.5) * step - 0.5, 0, size - 1)
        lo = np.floor(s).astype(np.int64)
        return lo, np.minimum(size - 1, lo + 1), s - lo

    xa, xb, wx = taps(x0, (x1 - x0) / content, content, pw)
    ya, yb, wy = taps(y0, (y1 - y0) / HEIGHT, HEIGHT, ph)
    top = a[ya][:, xa] * (1 - wx) + a[ya][:, xb] * wx
    bottom = a[yb][:, xa] * (1 - wx) + a[yb][:, xb] * wx
    line = np.full((HEIGHT, width), 255.0)
    line[:, :content] = top * (1 - wy)[:, None] + bottom * wy[:, None]
    x = ((line / 255 - 0.5) / 0.5).astype(np.float32)
    return np.repeat(x[None, None], 3, axis=1), content


# ---------- build (there) ----------

_W = {}


def _init(src):
    import onnxruntime as ort
    o = ort.SessionOptions()
    o.intra_op_num_threads = o.inter_op_num_threads = 1
    _W["rec"] = ort.InferenceSession(os.path.join(src, "rec-features.onnx"), o, providers=["CPUExecutionProvider"])
    names = [o.name for o in _W["rec"].get_outputs()]
    _W["outputs"] = names.index("feats16"), names.index("softmax_11.tmp_0")
    _W["neck"] = ort.InferenceSession(os.path.join(src, "neck.onnx"), o, providers=["CPUExecutionProvider"])
    _W["keys"] = open(os.path.join(src, "keys.txt"), encoding="utf-8").read().split("\n")
    _W["faces"] = json.load(open(os.path.join(src, "faces.json")))
    _W["src"] = src
    _W["fonts"] = {}


def _ctc(probs):
    best = probs.argmax(-1)
    keys, out, prev = _W["keys"], [], 0
    last = probs.shape[-1] - 1
    for b in best:
        if b != 0 and b != prev:
            out.append(" " if b == last else keys[b - 1])
        prev = b
    return "".join(out)


def _encode(x):
    rec = _W["rec"].run(None, {"x": x})
    feats, probs = (rec[i] for i in _W["outputs"])
    neck = _W["neck"].run(["neck16"], {"backbone16": feats})[0]
    return feats[0, :, 0, :], neck[0, :, 0, :], _ctc(probs[0])


def _job(job):
    tid, text, seed = job
    rng = random.Random(seed)
    r, family = rng.random(), None
    for family, share in SHARES:
        r -= share
        if r < 0:
            break
    name = rng.choice(_W["faces"][family])
    # page pixels per em: typed letters ~28 at the app's 2000 px long side, small print ~14
    size = rng.choice([13, 14, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30, 32, 36]) if family != "typewriter" else rng.randint(16, 36)
    key = (name, size)
    font = _W["fonts"].get(key) or _W["fonts"].setdefault(key, ImageFont.truetype(os.path.join(_W["src"], "fonts", name), size))
    out = []
    clean, box = set_line(text, font, rng, family == "typewriter", rng.randint(0, 50))
    for variant in ("clean", "scan"):
        img = clean if variant == "clean" else damage(clean, size, rng)
        if variant == "scan" and rng.random() < 0.3:
            ang = rng.uniform(-0.8, 0.8)  # a slight turn: the box stays axis-aligned, as the detector's
            img = img.rotate(ang, resample=Image.BILINEAR, fillcolor=255)
        x, content = line_tensor(img, crop_box(box, rng, img))
        feats, neck, ctc = _encode(x)
        if variant == "scan" and cer(text.replace(" ", ""), ctc.replace(" ", "")) > 0.6:
            continue  # damaged past reading (letters gone): its label would teach the decoder to invent text
        out.append(dict(variant=variant, feats=feats, neck=neck, steps=feats.shape[1], content=content, ctc=ctc,
                        label=text, doc=f"old-rendered-{family}", page=0, line=tid, face=name, size=size))
    return out


def text_jobs(texts, first, n, seed, normalize=lambda t: t):
    """(line id, text, seed) for texts[first:first + n]: a second folder built from --first 8000 holds other texts,
    not the first folder's again, with line ids (and so held-out lines, every 50th) of their own."""
    return [(i, normalize(t), seed * 1_000_003 + i) for i, t in enumerate(texts[first:first + n], first)]


def build(src, work, n_texts, procs, seed, max_seconds=0, first=0):
    from .. import charset
    texts = [t for t in open(os.path.join(src, "texts.txt"), encoding="utf-8").read().split("\n") if t]
    out = os.path.join(work, "features")
    os.makedirs(out, exist_ok=True)
    shard = "shard-rendered.f16"
    jobs = text_jobs(texts, first, n_texts, seed, charset.normalize)
    t0 = time.time()
    offset = n = 0
    with open(os.path.join(out, shard), "wb") as fs, open(os.path.join(out, shard.replace("shard-", "neck-")), "wb") as fn, \
            open(os.path.join(out, "index.jsonl"), "w", encoding="utf-8") as fi, mp.Pool(procs, _init, (src,)) as pool:
        for done, lines in enumerate(pool.imap(_job, jobs, chunksize=16), 1):
            for ln in lines:
                fs.write(np.ascontiguousarray(ln["feats"], np.float16).tobytes())
                fn.write(np.ascontiguousarray(ln["neck"], np.float16).tobytes())
                split = "eval" if ln["line"] % 50 == 0 else "train"
                fi.write(json.dumps(dict(id=n, shard=shard, offset=offset, steps=ln["steps"], content=ln["content"],
                                         label=ln["label"], ctc=ln["ctc"], split=split, source=f"rendered-{ln['variant']}",
                                         doc=ln["doc"], page=ln["page"], line=ln["line"], face=ln["face"], size=ln["size"]),
                                    ensure_ascii=False) + "\n")
                offset += BACKBONE * ln["steps"]
                n += 1
            if done % 2500 == 0:
                print(f"{done} texts, {n} lines, {(time.time() - t0) / n * 1000:.2f} ms/line", flush=True)
            if max_seconds and time.time() - t0 > max_seconds:
                print(f"time cap of {max_seconds} s: stopped after the first {done} texts (--texts {done} repeats it)")
                break
    open(os.path.join(out, "DONE"), "w").write(f"{n}\n")
    print(f"{n} lines from {done} texts in {time.time() - t0:.0f} s ({procs} processes)", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("dir")
    b = sub.add_parser("build")
    b.add_argument("dir")
    b.add_argument("work")
    b.add_argument("--texts", type=int, default=1000)
    b.add_argument("--procs", type=int, default=os.cpu_count())
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--first", type=int, default=0, help="start at this text (texts.txt line)")
    b.add_argument("--max-seconds", type=float, default=0, help="safety cap: keep the first texts done by then")
    a = ap.parse_args()
    if a.cmd == "prepare":
        prepare(a.dir)
    else:
        build(a.dir, a.work, a.texts, a.procs, a.seed, a.max_seconds, a.first)


if __name__ == "__main__":
    sys.exit(main())
