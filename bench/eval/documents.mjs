// The generated eval documents: HTML plus the tests that the printed page must pass.
// Deterministic (seeded); variant "a" is the tuning split, variant "b" is held out.

const WORDS = (
  'river stone market window garden silver morning paper engine harbor valley signal winter letter ' +
  'orange castle forest planet bridge candle museum teacher doctor village summer island mirror ' +
  'thunder meadow lantern compass pocket ribbon anchor carpet violin rocket basket tunnel ladder ' +
  'measure balance record method result sample pattern network surface volume density pressure ' +
  'careful gentle bright quiet rapid simple modern ancient narrow steady honest formal rural ' +
  'collects returns reveals follows supports explains measures prepares combines reduces extends ' +
  'across beneath between during toward within without around beyond through'
).split(' ');
const NOUNS = WORDS.slice(0, 56);
const ADJS = WORDS.slice(56, 69);
const VERBS = WORDS.slice(69, 80);
const PREPS = WORDS.slice(80);

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function textMaker(seed) {
  const r = rng(seed);
  const pick = (a) => a[Math.floor(r() * a.length)];
  const cap = (w) => w[0].toUpperCase() + w.slice(1);
  const sentence = () => {
    const n = 2 + Math.floor(r() * 3);
    const parts = [`the ${pick(ADJS)} ${pick(NOUNS)}`, pick(VERBS), `the ${pick(NOUNS)}`];
    for (let i = 0; i < n - 2; i++) parts.push(`${pick(PREPS)} the ${pick(ADJS)} ${pick(NOUNS)}`);
    const s = parts.join(' ');
    return cap(s) + '.';
  };
  const paragraph = (k = 4) => Array.from({ length: k }, sentence).join(' ');
  const title = () => `${cap(pick(ADJS))} ${cap(pick(NOUNS))} and the ${cap(pick(NOUNS))}`;
  const words = (k) => Array.from({ length: k }, () => pick(NOUNS)).join(' ');
  return { r, pick, sentence, paragraph, title, words, cap };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function page(body, { font, header, footer, size = 11 }) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: 8.5in 11in; margin: 0; }
html, body { margin: 0; }
.page { position: relative; width: 8.5in; height: 11in; box-sizing: border-box; padding: 0.9in 0.85in; font-family: '${font}'; font-size: ${size}pt; line-height: 1.35; overflow: hidden; }
.hdr { position: absolute; top: 0.4in; left: 0.85in; right: 0.85in; font-size: 8.5pt; color: #333; }
.ftr { position: absolute; bottom: 0.4in; left: 0; right: 0; text-align: center; font-size: 9pt; }
h1 { font-size: 21pt; margin: 0 0 10pt; } h2 { font-size: 15pt; margin: 14pt 0 6pt; } h3 { font-size: 12.5pt; margin: 10pt 0 4pt; }
p { margin: 0 0 8pt; text-align: justify; } ul, ol { margin: 0 0 8pt; }
table { border-collapse: collapse; margin: 8pt 0; } td, th { padding: 3pt 12pt; text-align: left; }
table.ruled td, table.ruled th { border: 0.8pt solid #000; }
.cols { display: flex; gap: 0.35in; } .cols > div { flex: 1; }
.caption { font-size: 9.5pt; margin: 4pt 0 10pt; }
</style><link rel="stylesheet" href="${'{{KATEX_CSS}}'}"></head><body><div class="page">
${header ? `<div class="hdr">${esc(header)}</div>` : ''}${body}${footer ? `<div class="ftr">${esc(footer)}</div>` : ''}
</div></body></html>`;
}

function article(seed, font, variant) {
  const t = textMaker(seed);
  const title = t.title();
  const h2a = `1 ${t.cap(t.pick(NOUNS))} ${t.cap(t.pick(NOUNS))}`;
  const h2b = `2 ${t.cap(t.pick(ADJS))} ${t.cap(t.pick(NOUNS))}`;
  const p1 = [t.sentence(), t.sentence(), t.sentence(), t.sentence()];
  const p2 = [t.sentence(), t.sentence(), t.sentence()];
  const items = [t.sentence(), t.sentence(), t.sentence()];
  const steps = [t.sentence(), t.sentence()];
  const p3 = [t.sentence(), t.sentence(), t.sentence(), t.sentence()];
  const header = `Proceedings of ${t.title()} · ${2020 + Math.floor(t.r() * 6)}`;
  const footer = String(3 + Math.floor(t.r() * 40));
  const body = `<h1>${title}</h1><h2>${h2a}</h2><p>${p1.join(' ')}</p><p>${p2.join(' ')}</p>
<ul>${items.map((s) => `<li>${s}</li>`).join('')}</ul><h2>${h2b}</h2><ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol><p>${p3.join(' ')}</p>`;
  const tests = [
    { type: 'present', text: title, heading: 1 },
    { type: 'present', text: h2a, heading: 2 },
    { type: 'present', text: p1[1] },
    { type: 'present', text: p3[2] },
    { type: 'present', text: items[1], list: 'bullet' },
    { type: 'present', text: steps[1], list: 'ordered' },
    { type: 'order', before: p1[3], after: p2[0] },
    { type: 'order', before: items[2], after: h2b },
    { type: 'order', before: steps[1], after: p3[0] },
    { type: 'absent', text: header },
    { type: 'absent', text: footer, exact: true },
  ];
  return { id: `article-${variant}`, font, html: page(body, { font, header, footer }), tests };
}

function twoColumns(seed, font, variant) {
  const t = textMaker(seed);
  const title = t.title();
  const left = [[t.sentence(), t.sentence(), t.sentence(), t.sentence(), t.sentence()], [t.sentence(), t.sentence(), t.sentence(), t.sentence()], [t.sentence(), t.sentence(), t.sentence()]];
  const right = [[t.sentence(), t.sentence(), t.sentence(), t.sentence()], [t.sentence(), t.sentence(), t.sentence(), t.sentence(), t.sentence()], [t.sentence(), t.sentence(), t.sentence()]];
  const hl = `Introduction`;
  const hr = `${t.cap(t.pick(ADJS))} ${t.cap(t.pick(NOUNS))}`;
  const abstract = [t.sentence(), t.sentence()];
  const header = `${t.title()} — preprint`;
  const footer = `Page ${1 + Math.floor(t.r() * 9)}`;
  const col = (h, ps) => `<div><h3>${h}</h3>${ps.map((p) => `<p>${p.join(' ')}</p>`).join('')}</div>`;
  const body = `<h1>${title}</h1><p><b>Abstract.</b> ${abstract.join(' ')}</p><div class="cols">${col(hl, left)}${col(hr, right)}</div>`;
  const last = (ps) => ps[ps.length - 1][ps[ps.length - 1].length - 1];
  const tests = [
    { type: 'present', text: title, heading: 1 },
    { type: 'present', text: hr, heading: 3 },
    { type: 'present', text: left[1][2] },
    { type: 'present', text: right[1][3] },
    { type: 'order', before: title, after: abstract[1] },
    { type: 'order', before: abstract[1], after: left[0][0] },
    { type: 'order', before: last(left), after: right[0][0] },
    { type: 'order', before: left[0][4], after: left[1][0] },
    { type: 'order', before: last(left), after: hr },
    { type: 'order', before: right[1][4], after: right[2][0] },
    { type: 'absent', text: header },
    { type: 'absent', text: footer },
  ];
  return { id: `twocol-${variant}`, font, html: page(body, { font, header, footer, size: 10 }), tests };
}

function tables(seed, font, variant) {
  const t = textMaker(seed);
  const cols = ['Sample', 'Mass (g)', 'Volume', 'Site'];
  const rows = Array.from({ length: 5 }, (_, i) => [`${t.cap(t.pick(NOUNS))} ${String.fromCharCode(65 + i)}`, (10 + t.r() * 90).toFixed(2), `${Math.floor(100 + t.r() * 800)} ml`, t.cap(t.pick(NOUNS))]);
  const cols2 = ['Region', 'Winter', 'Summer'];
  const rows2 = Array.from({ length: 4 }, () => [t.cap(t.pick(ADJS)) + ' ' + t.cap(t.pick(NOUNS)), String(Math.floor(t.r() * 900) + 100), String(Math.floor(t.r() * 900) + 1000)]);
  const p1 = [t.sentence(), t.sentence(), t.sentence()];
  const p2 = [t.sentence(), t.sentence()];
  const cap1 = `Table 1: ${t.cap(t.words(3))} by sample.`;
  const cap2 = `Table 2: ${t.cap(t.words(2))} by season.`;
  const header = `${t.title()} · Technical report`;
  const footer = String(11 + Math.floor(t.r() * 30));
  const html1 = `<table class="ruled"><tr><th colspan="4">Measurements</th></tr><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</table>`;
  const html2 = `<table><tr>${cols2.map((c) => `<th>${c}</th>`).join('')}</tr>${rows2.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
  const body = `<h2>${t.title()}</h2><p>${p1.join(' ')}</p><div class="caption">${cap1}</div>${html1}<p>${p2.join(' ')}</p><div class="caption">${cap2}</div>${html2}`;
  const tests = [
    { type: 'table', cell: rows[1][1], left: rows[1][0], right: rows[1][2], up: rows[0][1], down: rows[2][1], top_heading: cols[1] },
    { type: 'table', cell: rows[3][3], left: rows[3][2], up: rows[2][3], top_heading: cols[3] },
    { type: 'table', cell: rows[4][0], up: rows[3][0], right: rows[4][1] },
    { type: 'table', cell: rows2[2][2], left: rows2[2][1], up: rows2[1][2], down: rows2[3][2], top_heading: cols2[2] },
    { type: 'table', cell: rows2[0][0], right: rows2[0][1], down: rows2[1][0] },
    { type: 'present', text: cap1 },
    { type: 'present', text: p2[1] },
    { type: 'order', before: p1[2], after: cap1 },
    { type: 'absent', text: header },
  ];
  return { id: `tables-${variant}`, font, html: page(body, { font, header, footer }), tests };
}

const FORMULAS = [
  'E = mc^2',
  '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
  '\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}',
  'a^2 + b^2 = c^2',
  'f(x) = \\sqrt{x^2 + 1}',
  '\\nabla \\cdot \\mathbf{E} = \\frac{\\rho}{\\varepsilon_0}',
  'e^{i\\pi} + 1 = 0',
  '\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1',
  'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
  'P(A \\mid B) = \\frac{P(B \\mid A) P(A)}{P(B)}',
];

function math(seed, font, variant, katexHtml) {
  const t = textMaker(seed);
  const r = t.r;
  const picks = [...FORMULAS].sort(() => r() - 0.5).slice(0, 4);
  const ps = Array.from({ length: 5 }, () => [t.sentence(), t.sentence()]);
  const heading = `${t.cap(t.pick(ADJS))} ${t.cap(t.pick(NOUNS))}`;
  const footer = String(2 + Math.floor(r() * 50));
  let body = `<h2>${heading}</h2><p>${ps[0].join(' ')}</p>`;
  picks.forEach((f, i) => (body += katexHtml(f) + `<p>${ps[i + 1].join(' ')}</p>`));
  const tests = [
    ...picks.map((f) => ({ type: 'math', math: f })),
    { type: 'present', text: ps[2][1] },
    { type: 'order', before: ps[1][1], after: ps[3][0] },
    { type: 'absent', text: footer, exact: true },
  ];
  return { id: `math-${variant}`, font, html: page(body, { font, footer }), tests };
}

function report(seed, font, variant) {
  const t = textMaker(seed);
  const title = t.title();
  const p1 = [t.sentence(), t.sentence(), t.sentence()];
  const p2 = [t.sentence(), t.sentence(), t.sentence()];
  const p3 = [t.sentence(), t.sentence()];
  const items = [t.sentence() + ' ' + t.sentence(), t.sentence(), t.sentence() + ' ' + t.sentence()];
  const caption = `Figure 1: ${t.cap(t.words(3))} per ${t.pick(NOUNS)}.`;
  const notes = [t.sentence(), t.sentence()];
  const footer = String(5 + Math.floor(t.r() * 60));
  const bars = Array.from({ length: 6 }, () => 30 + Math.floor(t.r() * 150));
  const svg = `<svg width="420" height="220" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="420" height="220" fill="#f4f4f4" stroke="#333"/>${bars
    .map((b, i) => `<rect x="${30 + i * 62}" y="${200 - b}" width="40" height="${b}" fill="#${['35a', 'a53', '5a3', '888', '36c', 'c63'][i]}"/>`)
    .join('')}<line x1="20" y1="200" x2="410" y2="200" stroke="#000" stroke-width="2"/></svg>`;
  const body = `<h1>${title}</h1><p>${p1.join(' ')}<sup>1</sup></p><div style="text-align:center;margin:10pt 0">${svg}<div class="caption">${caption}</div></div>
<p>${p2.join(' ')}<sup>2</sup></p><ul>${items.map((s) => `<li>${s}</li>`).join('')}</ul><p>${p3.join(' ')}</p>
<div style="position:absolute;bottom:0.9in;left:0.85in;right:0.85in;font-size:8.5pt;border-top:0.6pt solid #000;padding-top:4pt">${notes.map((n, i) => `<div>${i + 1} ${n}</div>`).join('')}</div>`;
  const tests = [
    { type: 'present', text: title, heading: 1 },
    { type: 'present', text: caption },
    { type: 'present', text: items[0], list: 'bullet' },
    { type: 'present', text: items[2] },
    { type: 'present', text: notes[1] },
    { type: 'order', before: p1[2], after: caption },
    { type: 'order', before: caption, after: p2[0] },
    { type: 'order', before: items[2], after: p3[0] },
    { type: 'order', before: p3[1], after: notes[0] },
    { type: 'absent', text: footer, exact: true },
  ];
  return { id: `report-${variant}`, font, html: page(body, { font, footer }), tests };
}

function newsletter(seed, font, variant) {
  const t = textMaker(seed);
  const title = `The ${t.cap(t.pick(ADJS))} ${t.cap(t.pick(NOUNS))} Gazette`;
  const cols = [0, 1, 2].map(() => [[t.sentence(), t.sentence(), t.sentence(), t.sentence()], [t.sentence(), t.sentence(), t.sentence()]]);
  const heads = cols.map(() => `${t.cap(t.pick(NOUNS))} ${t.cap(t.pick(NOUNS))}`);
  const header = `Issue ${2 + Math.floor(t.r() * 80)} · ${t.cap(t.pick(NOUNS))} edition`;
  const body = `<h1 style="text-align:center">${title}</h1><div class="cols" style="gap:0.3in">${cols
    .map((c, i) => `<div><h3>${heads[i]}</h3>${c.map((p) => `<p style="text-align:left">${p.join(' ')}</p>`).join('')}</div>`)
    .join('')}</div>`;
  const tests = [
    { type: 'present', text: title, heading: 1 },
    { type: 'present', text: cols[1][0][2] },
    { type: 'order', before: title, after: cols[0][0][0] },
    { type: 'order', before: cols[0][1][2], after: heads[1] },
    { type: 'order', before: cols[1][1][2], after: cols[2][0][0] },
    { type: 'order', before: cols[0][0][3], after: cols[0][1][0] },
    { type: 'order', before: cols[2][0][3], after: cols[2][1][0] },
    { type: 'absent', text: header },
  ];
  return { id: `newsletter-${variant}`, font, html: page(body, { font, header, size: 9.5 }), tests };
}

/** The article, printed slightly askew (as a scan fed in at an angle). */
function skewed(seed, font, variant, degrees) {
  const d = article(seed, font, variant);
  return { ...d, id: `skewed-${variant}`, html: d.html.replace('<div class="page">', `<div class="page" style="transform: rotate(${degrees}deg); transform-origin: 50% 50%">`) };
}

export function buildDocs({ katex, katexCss }) {
  const docs = [
    { ...article(11, 'Liberation Serif', 'a'), split: 'tune' },
    { ...article(12, 'Carlito', 'b'), split: 'held-out' },
    { ...twoColumns(21, 'DejaVu Serif', 'a'), split: 'tune' },
    { ...twoColumns(22, 'Liberation Sans', 'b'), split: 'held-out' },
    { ...tables(31, 'DejaVu Sans', 'a'), split: 'tune' },
    { ...tables(32, 'Caladea', 'b'), split: 'held-out' },
    { ...math(41, 'Latin Modern Roman', 'a', katex), split: 'tune' },
    { ...math(42, 'FreeSerif', 'b', katex), split: 'held-out' },
    { ...report(51, 'Noto Sans', 'a'), split: 'tune' },
    { ...report(52, 'DejaVu Serif', 'b'), split: 'held-out' },
    { ...newsletter(61, 'Liberation Serif', 'a'), split: 'tune' },
    { ...newsletter(62, 'Carlito', 'b'), split: 'held-out' },
    { ...skewed(71, 'Liberation Sans', 'a', 1.2), split: 'tune' },
    { ...skewed(72, 'Caladea', 'b', -1.5), split: 'held-out' },
  ];
  return docs.map((d) => ({ ...d, html: d.html.replace('{{KATEX_CSS}}', katexCss) }));
}
