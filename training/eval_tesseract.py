"""Tesseract (`--psm 7`, one line) on the held-out eval crops: the same boxes the recognizers read.
Writes training/work/tesseract.jsonl. Run: /usr/bin/python3 -m training.eval_tesseract
"""
import json
import os
import subprocess
import tempfile

from PIL import Image

from . import charset

WORK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "work")


def main():
    rows = [json.loads(l) for l in open(os.path.join(WORK, "lines.jsonl"), encoding="utf-8")]
    out_path = os.path.join(WORK, "tesseract.jsonl")
    done = set()
    if os.path.exists(out_path):
        done = {json.loads(l)["id"] for l in open(out_path, encoding="utf-8")}
    pages = {}
    with open(out_path, "a", encoding="utf-8") as out, tempfile.TemporaryDirectory() as tmp:
        for i, r in enumerate(rows):
            if r["split"] != "eval" or i in done:
                continue
            img = pages.get(r["page_png"]) or pages.setdefault(r["page_png"], Image.open(r["page_png"]).convert("RGB"))
            x0, y0, x1, y1 = r["box"]
            crop = img.crop((max(0, round(x0)), max(0, round(y0)), min(img.width, round(x1)), min(img.height, round(y1))))
            path = os.path.join(tmp, "line.png")
            crop.save(path)
            text = subprocess.run(["tesseract", path, "-", "--psm", "7"], capture_output=True, text=True,
                                  env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout
            out.write(json.dumps({"id": i, "text": charset.normalize(text)}, ensure_ascii=False) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
