// Where KaTeX would draw each character of a formula, approximately, without a browser.
// The bench renders formulas in Chromium and reads the boxes of KaTeX's innermost text spans; here
// KaTeX's MathML is laid out with fixed rules instead (em units, y upwards): scripts raised / lowered
// and shrunk, fractions and limits stacked and centred, table cells in a grid. Only the relations
// the bench derives from the boxes matter (which glyph is nearest up / down / left / right), and those
// come out the same for the usual constructs.

const CHAR_WIDTH = 0.55;
// Characters KaTeX's HTML does not show as text (function application, invisible times, …).
const INVISIBLE = /[\s\u00a0\u200b-\u200d\u2061-\u2064\ufeff]/u;

/** MathML (KaTeX's) → element tree {name, attrs, children} / text nodes (strings). */
export function parseMathml(xml) {
  const root = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  for (const m of xml.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g)) {
    const top = stack.at(-1);
    if (m[5] !== undefined) {
      top.children.push(decode(m[5]));
    } else if (m[1]) {
      if (stack.length > 1) stack.pop();
    } else {
      const attrs = Object.fromEntries([...m[3].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])]));
      const el = { name: m[2], attrs, children: [] };
      top.children.push(el);
      if (!m[4]) stack.push(el);
    }
  }
  return root;
}

function decode(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()];
  });
}

const TEXT_ELEMENTS = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);
const elements = (node) => node.children.filter((c) => typeof c !== 'string');
const textOf = (node) => node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');

// TeX styles: display, text, script, scriptscript, with their sizes.
const SIZE = [1, 1, 0.7, 0.5];
const smaller = (style) => Math.min(3, Math.max(2, style + 1)); // scripts
const fractionPart = (style) => Math.min(3, style + 1); // display → text → script → scriptscript

/** Glyphs {t, x, y, size} of a laid-out node, relative to its origin, and its width. */
function lay(node, style) {
  if (typeof node === 'string') return { w: 0, g: [] };
  const size = SIZE[style];
  const kids = elements(node);
  switch (node.name) {
    case 'mi': case 'mn': case 'mo': case 'mtext': case 'ms': {
      // Stretchy accents and rules are drawn as SVG, not text.
      if (node.name === 'mo' && node.attrs.stretchy === 'true' && node.attrs.fence !== 'true') return { w: CHAR_WIDTH * size, g: [] };
      const chars = [...textOf(node)];
      const g = [];
      chars.forEach((t, i) => !INVISIBLE.test(t) && g.push({ t, x: i * CHAR_WIDTH * size, y: 0, size }));
      return { w: chars.length * CHAR_WIDTH * size, g };
    }
    case 'mspace':
      return { w: Number.parseFloat(node.attrs.width) || 0, g: [] };
    case 'mstyle': {
      let s = style;
      if (node.attrs.displaystyle === 'true') s = 0;
      else if (node.attrs.displaystyle === 'false') s = node.attrs.scriptlevel ? [1, 2, 3][Number(node.attrs.scriptlevel)] ?? 3 : Math.max(1, style);
      else if (node.attrs.scriptlevel) s = [1, 2, 3][Number(node.attrs.scriptlevel)] ?? 3;
      return row(kids, s);
    }
    case 'msup': case 'msub': case 'msubsup': {
      const [base, first, second] = kids.map((k, i) => lay(k, i ? smaller(style) : style));
      const sub = node.name === 'msup' ? undefined : first;
      const sup = node.name === 'msup' ? first : node.name === 'msubsup' ? second : undefined;
      const g = [...base.g];
      if (sup) g.push(...shift(sup.g, base.w, 0.45 * size));
      if (sub) g.push(...shift(sub.g, base.w, -0.25 * size));
      return { w: base.w + Math.max(sup?.w ?? 0, sub?.w ?? 0), g };
    }
    case 'munder': case 'mover': case 'munderover': {
      const accent = node.attrs.accent === 'true' || node.attrs.accentunder === 'true';
      const [base, first, second] = kids.map((k, i) => lay(k, i && !accent ? smaller(style) : style));
      const under = node.name === 'mover' ? undefined : first;
      const over = node.name === 'mover' ? first : node.name === 'munderover' ? second : undefined;
      const w = Math.max(base.w, under?.w ?? 0, over?.w ?? 0);
      const g = shift(base.g, (w - base.w) / 2, 0);
      if (over) g.push(...shift(over.g, (w - over.w) / 2, 0.9 * size));
      if (under) g.push(...shift(under.g, (w - under.w) / 2, -0.8 * size));
      return { w, g };
    }
    case 'mfrac': {
      const [num, den] = kids.map((k) => lay(k, fractionPart(style)));
      const w = Math.max(num.w, den.w) + 0.2 * size;
      return { w, g: [...shift(num.g, (w - num.w) / 2, 0.7 * size), ...shift(den.g, (w - den.w) / 2, -0.7 * size)] };
    }
    case 'msqrt': {
      const inner = row(kids, style);
      return { w: inner.w + 0.85 * size, g: shift(inner.g, 0.85 * size, 0) };
    }
    case 'mroot': {
      const base = lay(kids[0], style);
      const index = lay(kids[1], 3);
      return { w: base.w + 0.85 * size, g: [...shift(index.g, 0, 0.45 * size), ...shift(base.g, 0.85 * size, 0)] };
    }
    case 'mtable':
      return table(kids, style);
    case 'annotation': case 'annotation-xml':
      return { w: 0, g: [] };
    default:
      return row(kids, style);
  }
}

function row(kids, style) {
  let w = 0;
  const g = [];
  for (const k of kids) {
    const box = lay(k, style);
    g.push(...shift(box.g, w, 0));
    w += box.w;
  }
  return { w, g };
}

function table(rows, style) {
  const cells = rows.map((tr) => elements(tr).map((td) => lay(td, style)));
  const widths = [];
  for (const r of cells) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.w)));
  const g = [];
  cells.forEach((r, ri) => {
    let x = 0;
    r.forEach((c, ci) => {
      g.push(...shift(c.g, x + (widths[ci] - c.w) / 2, -1.5 * ri * SIZE[style]));
      x += widths[ci] + 1;
    });
  });
  return { w: widths.reduce((a, b) => a + b + 1, 0), g };
}

const shift = (glyphs, dx, dy) => glyphs.map((q) => ({ ...q, x: q.x + dx, y: q.y + dy }));

/** Glyph boxes of a formula's MathML in reading order: {t, cx, cy} centres, em units, y upwards. */
export function layoutGlyphs(mathml) {
  const semantics = findElement(parseMathml(mathml), 'semantics') ?? parseMathml(mathml);
  return lay(semantics, 0).g.map((q) => ({ t: q.t, cx: q.x + (CHAR_WIDTH * q.size) / 2, cy: q.y + 0.25 * q.size }));
}

function findElement(node, name) {
  if (node.name === name) return node;
  for (const k of elements(node)) {
    const hit = findElement(k, name);
    if (hit) return hit;
  }
  return undefined;
}
