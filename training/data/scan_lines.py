"""Old-scan versions of the clean training pages: every degradation of pdf_lines.degrade at once (faded ink,
rotation, low resolution, blur, noise, toner speckles, JPEG), as a cheap scanner or a photocopier gives a
page back. pdf_lines degrades a third of the pages with one to three of them; real scans stack them all.
Appends the pages' training lines to training/work/lines.jsonl with "degraded": "scan" (line ids are row
numbers, so extract-features.ts then extracts only the new rows). Eval lines are never touched.
Run: /usr/bin/python3 -m training.data.scan_lines
"""
import json
import os
import random
from multiprocessing import Pool

from PIL import Image

from .pdf_lines import WORK, degrade, h

SCAN_OPS = ["faded", "rotate", "lowres", "blur", "noise", "speckle", "jpeg"]


def scan_page(job):
    png, rows = job
    rng = random.Random(h(png, "scan"))
    out = png[:-4] + "-scan.png"
    img, tf, _ = degrade(Image.open(png).convert("RGB"), rng, SCAN_OPS)
    img.save(out)
    return [{**r, "page_png": out, "box": [round(v, 2) for v in tf(r["box"])], "degraded": "scan"} for r in rows]


def main():
    path = os.path.join(WORK, "lines.jsonl")
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    if any(r.get("degraded") == "scan" for r in rows):
        print(f"{path} already has its scan lines")
        return
    pages = {}
    for r in rows:
        if r["split"] == "train" and not r.get("degraded"):
            pages.setdefault(r["page_png"], []).append(r)
    with Pool(2) as pool:
        added = [r for page in pool.map(scan_page, sorted(pages.items())) for r in page]
    with open(path, "a", encoding="utf-8") as f:
        for r in added:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(added)} scan lines from {len(pages)} pages appended to {path}")


if __name__ == "__main__":
    main()
