"""Synthetic old documents: typed letters and small-type book pages, printed to PDF by headless Chromium.

The recognizer misread real scans where the faces differ from the born-digital ones it learned on: a
typewriter's monospaced slab serifs (e/a/o confused in typed letters) and the small old-style and
Century-like faces of encyclopedias and dictionaries (c/e, I/l). These pages set the same kind of text in
such faces (fonts-urw-base35: Nimbus Mono PS, C059, P052, URW Bookman, Nimbus Roman; fonts-freefont-ttf;
fonts-lmodern), with uneven inking word by word (faint, heavy, filled) and a slightly wandering baseline,
as a typewriter's strikes or worn type leave them. data/scan_lines.py then adds every page again with a
scanner's damage. Files are synth/old-NNN.pdf, beside html_docs' synth-NNN.pdf; deterministic for a seed.
Run: /usr/bin/python3 -m training.data.old_docs OUT_DIR COUNT
"""
import html
import os
import random
import sys

from .html_docs import corpus_sentences, number, print_pdf, sentence

TYPEWRITER = ["Nimbus Mono PS", "FreeMono", "Liberation Mono", "Latin Modern Mono", "DejaVu Sans Mono"]
BOOK = ["C059", "P052", "URW Bookman", "Nimbus Roman", "FreeSerif", "Liberation Serif", "Latin Modern Roman"]
MONTHS = "January February March April May June July August September October November December".split()
NAMES = "Allen Baker Carter Davis Ellis Fisher Graham Harris Irving Jones Kelly Lewis Morgan Nelson Owen Parker Reed Scott Turner Walker".split()
STREETS = ["Main Street", "West Short Street", "Pennsylvania Avenue", "Broadway", "Market Street", "Elm Avenue", "High Street"]
TOWNS = ["Lexington, Ky.", "Washington, D.C.", "New York, N.Y.", "Boston, Mass.", "Chicago, Ill.", "Albany, N.Y.", "Richmond, Va."]


def inked(rng, text, rate=1.0):
    """A word as a worn ribbon or worn type prints it: faint, heavy or filled, a little off the line."""
    style = []
    r = rng.random() / rate
    if r < 0.25:
        style.append(f"opacity:{rng.uniform(0.45, 0.8):.2f}")
    elif r < 0.4:
        style.append(f"text-shadow:0 0 {rng.uniform(0.3, 0.9):.2f}px #000")
    elif r < 0.5:
        style.append("-webkit-text-stroke:0.35px #000")
    if rng.random() < 0.3 * rate:
        style.append(f"position:relative;top:{rng.uniform(-0.6, 0.6):.2f}px")
    word = html.escape(text)
    return f"<span style='{';'.join(style)}'>{word}</span>" if style else word


def typed(rng, text, rate=1.0):
    return " ".join(inked(rng, w, rate) for w in text.split())


def date(rng):
    return f"{rng.choice(MONTHS)} {rng.randint(1, 28)}, {rng.randint(1860, 1955)}"


def letter(rng, sents):
    font = rng.choice(TYPEWRITER)
    size = rng.choice([10, 11, 11, 12, 12, 13])
    lh = rng.choice([1.15, 1.3, 1.5, 2.0])
    who = lambda: f"{rng.choice('ABCDEFGHJKLMNPRSTW')}. {rng.choice(NAMES)}"
    css = (f"body{{font-family:'{font}';font-size:{size}pt;line-height:{lh};color:{rng.choice(['#000', '#111', '#2a2a2a', '#1b2540'])};"
           f"margin:0}} .r{{text-align:right}} .c{{text-align:center}} p{{text-indent:{rng.choice([0, 3, 5])}em;margin:0.6em 0}}"
           f" .head{{font-family:'{rng.choice(BOOK)}';font-weight:bold;letter-spacing:0.05em}}"
           f"@page{{size:{rng.choice(['A4', 'Letter'])};margin:{rng.choice([18, 25, 30])}mm}}")
    parts = []
    if rng.random() < 0.6:
        parts.append(f"<div class='c head'>{html.escape(rng.choice(NAMES).upper())} {rng.choice(['& COMPANY', 'PRINTING COMPANY', 'BROTHERS', 'HALL'])}</div>")
        parts.append(f"<div class='c'>{typed(rng, f'{rng.randint(1, 400)} {rng.choice(STREETS)}, {rng.choice(TOWNS)}')}</div>")
    parts.append(f"<div class='r'>{typed(rng, date(rng))}</div>")
    parts.append(f"<div>{typed(rng, who())}<br>{typed(rng, f'{rng.randint(1, 400)} {rng.choice(STREETS)}')}<br>{typed(rng, rng.choice(TOWNS))}</div>")
    parts.append(f"<p>{typed(rng, rng.choice(['Dear Sir:', 'My dear Sir:', 'Dear Madam:', 'Gentlemen:', 'My dear Mr. ' + rng.choice(NAMES) + ':']))}</p>")
    for _ in range(rng.randint(3, 7)):
        text = " ".join(sentence(rng, sents) for _ in range(rng.randint(2, 5)))
        if rng.random() < 0.3:
            text += f" {number(rng)}"
        parts.append(f"<p>{typed(rng, text)}</p>")
    parts.append(f"<p class='r'>{typed(rng, rng.choice(['Yours truly,', 'Very truly yours,', 'Sincerely yours,', 'Respectfully,']))}<br>{typed(rng, who())}</p>")
    return css, "".join(parts)


def book(rng, sents):
    font = rng.choice(BOOK)
    size = rng.choice([7, 7.5, 8, 8.5, 9, 9.5, 10])
    css = (f"body{{font-family:'{font}';font-size:{size}pt;line-height:{rng.choice([1.05, 1.12, 1.2, 1.3])};color:#111;margin:0;"
           f"text-align:justify;overflow-wrap:anywhere}} main{{column-count:{rng.choice([1, 2, 2, 3])};column-gap:1.5em}} p{{margin:0;text-indent:1.2em}}"
           f" h2{{font-size:1em;text-align:center;font-weight:normal;letter-spacing:0.1em;margin:0.5em 0}}"
           f"@page{{size:{rng.choice(['A4', 'Letter'])};margin:{rng.choice([12, 15, 20])}mm}}")
    parts = []
    for _ in range(rng.randint(10, 22)):
        k = rng.random()
        text = " ".join(sentence(rng, sents) for _ in range(rng.randint(2, 7)))
        if k < 0.45:
            head = rng.choice([w for w in rng.choice(sents).split() if w.isalpha() and 3 < len(w) < 13] or ["Note"])
            parts.append(f"<p><b>{html.escape(head.upper() if rng.random() < 0.6 else head.capitalize())}</b>, {typed(rng, text, 0.4)}</p>")
        elif k < 0.55:
            parts.append(f"<h2>{html.escape(rng.choice(sents)[:40].upper())}</h2>")
        elif k < 0.65:
            parts.append(f"<p><i>{html.escape(text)}</i></p>")
        else:
            parts.append(f"<p>{typed(rng, text, 0.4)}</p>")
    return css, "<main>" + "".join(parts) + "</main>"


def main(out_dir, count, seed=11):
    sents = corpus_sentences(random.Random(seed))
    os.makedirs(out_dir, exist_ok=True)
    for i in range(count):
        pdf = os.path.join(out_dir, f"old-{i:03d}.pdf")
        if os.path.exists(pdf):
            continue
        rng = random.Random(seed * 1000 + i)
        css, body = letter(rng, sents) if i % 2 == 0 else book(rng, sents)
        print_pdf(f"<!doctype html><html><head><meta charset='utf-8'><style>{css}</style></head><body>{body}</body></html>", pdf)
    print("old documents in", out_dir)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
