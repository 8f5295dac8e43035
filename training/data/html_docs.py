"""Synthetic born-digital documents: varied HTML printed to PDF by headless Chromium.

Text comes from files on this machine (licences, package copyright notes) plus generated numbers,
dates, prices, URLs, code and accented European words; layout varies fonts, sizes, weights, columns,
lists and tables. Deterministic for a seed.
Run: /usr/bin/python3 -m training.data.html_docs OUT_DIR COUNT
"""
import glob
import html
import os
import random
import re
import subprocess
import sys

FONTS = [
    "DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "DejaVu Sans Condensed", "Liberation Sans",
    "Liberation Serif", "Liberation Mono", "Liberation Sans Narrow", "FreeSans", "FreeSerif", "FreeMono",
    "Caladea", "Carlito", "Latin Modern Roman", "Latin Modern Sans", "Latin Modern Mono", "Noto Sans",
    "Noto Serif", "Noto Sans Display", "Noto Serif Display",
]
MONO = ["DejaVu Sans Mono", "Liberation Mono", "FreeMono", "Latin Modern Mono"]

EUROPEAN = """Größe Straße Müller schön über für Ärger Öffnung Übersicht natürlich Mädchen
français garçon déjà élève être où très côté hôtel naïve Noël façade reçu cœur sœur
español niño año mañana corazón acción señor pequeño canción teléfono
português não informação coração ação são irmã avó
Dansk blåbær søster ærlig Ørsted Åse svenska kärlek räksmörgås
Polski źródło łódź żółw zażółć gęślą jaźń Kraków Wałęsa
Čeština příliš žluťoučký kůň úpěl ďábelské ódy Dvořák
Türkçe ığdır şeker çocuk göz İstanbul
Magyar árvíztűrő tükörfúrógép Erdős
Română țară știință
Ελληνικά αβγ δ λόγος""".split()

SYMBOLS = list("–—‘’“”•…€£¥°±×÷§¶©®™«»¿¡½¼¾²³µ→←≤≥≠≈∞√−")


def corpus_sentences(rng, limit=40000):
    files = glob.glob("/usr/share/common-licenses/*") + glob.glob("/usr/share/doc/*/copyright")
    rng.shuffle(files)
    out = []
    for f in files[:400]:
        try:
            text = open(f, encoding="utf-8", errors="ignore").read()
        except OSError:
            continue
        for para in re.split(r"\n\s*\n", text):
            para = " ".join(para.split())
            if 20 < len(para) < 2000 and sum(c.isalpha() for c in para) > 0.6 * len(para):
                out.extend(s for s in re.split(r"(?<=[.;:!?])\s+", para) if len(s) > 15)
        if len(out) > limit:
            break
    return out


def number(rng):
    k = rng.random()
    if k < 0.2:
        return f"{rng.randint(1, 9999):,}".replace(",", rng.choice([",", ".", " ", ","]))
    if k < 0.35:
        return f"{rng.choice(['$', '€', '£', ''])}{rng.uniform(0, 5000):.2f}{rng.choice(['', ' €', ' USD'])}"
    if k < 0.5:
        return f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.randint(1950, 2030)}"
    if k < 0.6:
        return f"{rng.randint(1950, 2030)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if k < 0.7:
        return f"{rng.uniform(-100, 100):.{rng.randint(1, 4)}f}{rng.choice(['%', ' %', '°C', ' kg', ' mm', ''])}"
    if k < 0.8:
        return f"+{rng.randint(1, 99)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    if k < 0.9:
        return f"{rng.choice(['No.', 'Nr.', '§', 'p.', 'pp.', 'Fig.', 'Table'])} {rng.randint(1, 400)}"
    return f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"


def url(rng):
    w = lambda: rng.choice(["data", "docs", "example", "open", "report", "node", "api", "v2", "files", "info"])
    return rng.choice(["https://", "http://www.", ""]) + f"{w()}.{rng.choice(['org', 'com', 'net', 'de', 'io'])}/{w()}/{w()}{rng.choice(['.html', '.pdf', '', '?id=' + str(rng.randint(1, 999))])}"


def accent(word, rng):
    table = {"a": "àáâäåã", "e": "èéêë", "i": "ìíîï", "o": "òóôöõø", "u": "ùúûü", "c": "çč", "n": "ñń", "s": "šś", "z": "žż"}
    return "".join(rng.choice(table[c]) if c in table and rng.random() < 0.25 else c for c in word)


def sentence(rng, sents):
    s = rng.choice(sents)
    words = s.split()
    if len(words) > 6 and rng.random() < 0.5:
        i = rng.randint(0, len(words) - 4)
        words = words[i:i + rng.randint(4, 25)]
    out = []
    for w in words:
        r = rng.random()
        if r < 0.04:
            out.append(number(rng))
        elif r < 0.06:
            out.append(rng.choice(EUROPEAN))
        elif r < 0.075:
            out.append(accent(w, rng))
        elif r < 0.085:
            out.append(rng.choice(SYMBOLS))
        elif r < 0.09:
            out.append(url(rng))
        else:
            out.append(w)
    text = " ".join(w for w in out if len(w) < 40)
    if rng.random() < 0.1:
        text = text.upper()
    return text


def styled(rng, text):
    text = html.escape(text)
    r = rng.random()
    if r < 0.08:
        return f"<b>{text}</b>"
    if r < 0.14:
        return f"<i>{text}</i>"
    if r < 0.17:
        return f"<b><i>{text}</i></b>"
    return text


def paragraph(rng, sents, n):
    return " ".join(styled(rng, sentence(rng, sents)) for _ in range(n))


def document(rng, sents):
    font = rng.choice(FONTS)
    size = rng.choice([7, 8, 9, 9.5, 10, 10, 11, 11, 12, 12, 13, 14, 16])
    lh = rng.choice([1.1, 1.2, 1.3, 1.4, 1.6])
    cols = rng.choice([1, 1, 1, 2, 2, 3])
    color = rng.choice(["#000", "#000", "#000", "#222", "#333", "#1a2a5a", "#444"])
    bg = rng.choice(["#fff", "#fff", "#fff", "#fffdf5", "#f7f7f7"])
    align = rng.choice(["left", "justify", "justify"])
    width = rng.choice(["100%", "90%", "75%"])
    css = (f"body{{font-family:'{font}';font-size:{size}pt;line-height:{lh};color:{color};background:{bg};"
           f"text-align:{align};margin:0;overflow-wrap:anywhere}} main{{column-count:{cols};column-gap:2em;width:{width}}}"
           f"h1,h2{{font-weight:bold}} h1{{font-size:{rng.choice([1.4, 1.8, 2.2])}em}} table{{border-collapse:collapse}}"
           f"td,th{{border:1px solid #888;padding:2px 6px}} pre,code{{font-family:'{rng.choice(MONO)}';font-size:0.9em;white-space:pre-wrap}}"
           f"@page{{size:{rng.choice(['A4', 'Letter'])};margin:{rng.choice([12, 18, 25])}mm}}")
    parts = [f"<h1>{html.escape(sentence(rng, sents)[:60])}</h1>"]
    for _ in range(rng.randint(6, 14)):
        k = rng.random()
        if k < 0.5:
            parts.append(f"<p>{paragraph(rng, sents, rng.randint(2, 6))}</p>")
        elif k < 0.6:
            parts.append(f"<h2>{html.escape(sentence(rng, sents)[:50])}</h2>")
        elif k < 0.72:
            tag = rng.choice(["ul", "ol"])
            items = "".join(f"<li>{styled(rng, sentence(rng, sents))}</li>" for _ in range(rng.randint(2, 6)))
            parts.append(f"<{tag}>{items}</{tag}>")
        elif k < 0.84:
            rows = []
            for r in range(rng.randint(3, 8)):
                cells = [sentence(rng, sents)[:rng.randint(5, 25)] if c == 0 else number(rng) for c in range(rng.randint(2, 5))]
                t = "th" if r == 0 else "td"
                rows.append("<tr>" + "".join(f"<{t}>{html.escape(c)}</{t}>" for c in cells) + "</tr>")
            parts.append(f"<table>{''.join(rows)}</table>")
        elif k < 0.92:
            code = "\n".join(html.escape(rng.choice([
                f"let x{i} = compute({rng.randint(0, 99)}, \"{rng.choice(['a', 'b', 'key'])}\");",
                f"if (n >= {rng.randint(1, 9)} && flag) {{ return n * {rng.uniform(0, 9):.3f}; }}",
                f"def f{i}(a, b=None): return [a[k] for k in range({rng.randint(2, 50)})]",
                f"curl -s {url(rng)} | grep -v '#' > out_{i}.txt",
                f"SELECT id, name FROM t{i} WHERE price < {rng.randint(1, 999)};",
            ])) for i in range(rng.randint(2, 6)))
            parts.append(f"<pre>{code}</pre>")
        else:
            parts.append(f"<p>{' · '.join(number(rng) for _ in range(rng.randint(3, 10)))}</p>")
    return f"<!doctype html><html><head><meta charset='utf-8'><style>{css}</style></head><body><main>{''.join(parts)}</main></body></html>"


def main(out_dir, count, seed=7):
    rng = random.Random(seed)
    sents = corpus_sentences(rng)
    os.makedirs(out_dir, exist_ok=True)
    for i in range(count):
        pdf = os.path.join(out_dir, f"synth-{i:03d}.pdf")
        if os.path.exists(pdf):
            rng.random()
            continue
        doc = document(random.Random(seed * 1000 + i), sents)
        print_pdf(doc, pdf)
    print("pdfs in", out_dir)


def print_pdf(doc, pdf):
    """Writes the HTML `doc` beside `pdf` (same name, .html) and prints it to `pdf` with headless Chromium."""
    src = pdf[:-4] + ".html"
    open(src, "w", encoding="utf-8").write(doc)
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", "file://" + os.path.abspath(src)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
