// Where the bench's browser would draw each character of a formula, computed without a browser.
// The bench renders with KaTeX in Chromium and reads the boxes of the innermost text spans. Here the
// same KaTeX HTML tree (katex.__renderToHTMLTree) is laid out the way KaTeX's CSS places it: inline
// runs advance by KaTeX's own glyph widths and margins, vlists stack children at their `top` offsets,
// sizing classes scale the font, fractions / limits / accents / centred array columns centre their rows.
// A span's box is its font's content area (hhea ascent + descent of the KaTeX font, as Chrome uses).
import katex from 'katex';

// KaTeX's size classes (size1 … size11) as multiples of the normal size.
const SIZES = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2, 1.44, 1.728, 2.074, 2.488];

// hhea ascent / descent (per em) of the KaTeX fonts (read from katex/dist/fonts/*.ttf); a box's centre
// sits (ascent − descent) / 2 above the baseline.
const FONT_MIDDLE = {
  main: (0.903 - 0.272) / 2, mainBold: (0.951 - 0.268) / 2, mainItalic: (0.75 - 0.25) / 2, mainBoldItalic: (0.761 - 0.25) / 2,
  math: (0.717 - 0.218) / 2, mathBold: (0.725 - 0.216) / 2, ams: (1.003 - 0.463) / 2, caligraphic: (0.789 - 0.143) / 2,
  fraktur: (0.741 - 0.257) / 2, script: (0.735 - 0.314) / 2, sans: (0.75 - 0.25) / 2, typewriter: (0.694 - 0.229) / 2,
  size1: (0.85 - 0.35) / 2, size2: (1.36 - 0.862) / 2, size3: (1.45 - 0.95) / 2, size4: (1.75 - 1.25) / 2,
};

// Font-selecting classes of KaTeX's stylesheet.
const FONT_CLASS = {
  mathnormal: 'math', mathit: 'mainItalic', textit: 'mainItalic', mathbf: 'mainBold', textbf: 'mainBold', boldsymbol: 'mathBold',
  mathrm: 'main', textrm: 'main', mainrm: 'main', amsrm: 'ams', mathbb: 'ams', textbb: 'ams', mathcal: 'caligraphic',
  mathfrak: 'fraktur', textfrak: 'fraktur', mathscr: 'script', textscr: 'script', mathsf: 'sans', textsf: 'sans',
  mathtt: 'typewriter', texttt: 'typewriter', 'large-op': 'size2', 'small-op': 'size1', mathdefault: 'math',
  mathsfit: 'sans', mathboldsf: 'sans', mathitsf: 'sans', mathboldfrak: 'fraktur', 'delim-size1': 'size1', 'delim-size4': 'size4',
};

// text-align set by KaTeX's stylesheet: fractions, limits, accents and centred array columns centre
// their rows; scripts and left / right array columns do not.
const ALIGN = {
  mfrac: 'center', 'op-limits': 'center', accent: 'center', mover: 'center', munder: 'center', 'x-arrow': 'center',
  msupsub: 'left', 'svg-align': 'left', 'col-align-c': 'center', 'col-align-l': 'left', 'col-align-r': 'right',
};
const alignOf = (classes) => classes.map((c) => ALIGN[c]).find(Boolean);

const em = (v) => (typeof v === 'string' && v.endsWith('em') ? Number.parseFloat(v) : 0);
// KaTeX 0.19 prefixes some classes with "katex-" (katex-sizing, katex-accent); older versions do not.
const classesOf = (node) => (node.classes ?? []).filter(Boolean).map((c) => c.replace(/^katex-/, ''));
const isSymbol = (node) => typeof node.text === 'string';

function fontOf(classes, inherited) {
  const size = classes.includes('delimsizing') && classes.find((c) => /^size[1-4]$/.test(c));
  if (size) return size;
  for (const c of classes) if (FONT_CLASS[c]) return FONT_CLASS[c];
  return inherited;
}

function scaleOf(classes) {
  if (!classes.includes('sizing') && !classes.includes('fontsize-ensurer')) return 1;
  const from = classes.find((c) => c.startsWith('reset-size'));
  const to = classes.find((c) => /^size\d+$/.test(c));
  return from && to ? SIZES[Number(to.slice(4)) - 1] / SIZES[Number(from.slice(10)) - 1] : 1;
}

/**
 * Lays `node` out with its left edge at x and its baseline at y (em of the formula's font, y up);
 * pushes the boxes of its text into `out`; returns the horizontal space it takes.
 */
function place(node, x, y, ctx, out) {
  const style = node.style ?? {};
  if (isSymbol(node)) {
    const classes = classesOf(node);
    const fs = ctx.fs;
    const font = fontOf(classes, ctx.font);
    const ml = em(style.marginLeft) * fs;
    const text = node.text.trim();
    const chars = [...text];
    // Characters KaTeX has no metrics for come from a fallback font; half an em each stands in.
    const width = (node.width || (text === '\u200b' ? 0 : 0.5 * chars.length)) * fs;
    if (text && text !== '\u200b') {
      const left = x + ml + em(style.left) * fs;
      const mid = y - em(style.top) * fs + FONT_MIDDLE[font] * fs;
      // The bench splits a span's box evenly between its characters.
      chars.forEach((t, i) => out.push({ t, cx: left + ((i + 0.5) * width) / chars.length, cy: mid }));
    }
    return ml + width + em(style.marginRight) * fs;
  }
  const classes = classesOf(node);
  const fs = ctx.fs * scaleOf(classes);
  const inner = { fs, font: fontOf(classes, ctx.font), align: alignOf(classes) ?? ctx.align };
  // The root of \sqrt[n] gets its margins from the stylesheet (.root), in the surrounding font size.
  const root = classes.includes('root');
  const ml = root ? 0.2777 * ctx.fs : em(style.marginLeft) * fs;
  const mr = root ? -0.5555 * ctx.fs : em(style.marginRight) * fs;
  const pl = em(style.paddingLeft) * fs;
  // position: relative offsets move what is drawn, not the flow.
  const dx = em(style.left) * fs;
  const dy = -em(style.top) * fs;
  if (classes.includes('vlist-t')) return ml + placeVlist(node, x + ml + dx, y + dy, inner, out) + mr;
  const children = node.children ?? [];
  // Zero-width boxes whose content overflows: accents start at the box, rlap / llap / clap overlap.
  const lap = ['rlap', 'llap', 'clap'].find((c) => classes.includes(c)) ?? (classes.includes('accent-body') && !classes.includes('accent-full') ? 'rlap' : undefined);
  if (lap) {
    const drawn = [];
    let w = 0;
    for (const child of children) w += place(child, w, 0, inner, drawn);
    const start = x + ml + dx - (lap === 'llap' ? w : lap === 'clap' ? w / 2 : 0);
    for (const g of drawn) out.push({ ...g, cx: g.cx + start, cy: g.cy + y + dy });
    return ml + mr;
  }
  let width = pl;
  if (classes.includes('nulldelimiter')) width += 0.12 * fs;
  if (!children.length) width += Math.max(em(style.width), em(style.minWidth)) * fs;
  for (const child of children) width += place(child, x + ml + dx + width, y + dy, inner, out);
  return ml + width + mr;
}

/** A vlist: rows stacked at their `top` offsets (relative to a pstrut), aligned by the context. */
function placeVlist(node, x, y, ctx, out) {
  const align = ctx.align;
  const rows = [];
  for (const r of node.children ?? []) {
    if (!classesOf(r).includes('vlist-r')) continue;
    for (const cell of r.children ?? []) {
      if (!classesOf(cell).includes('vlist')) continue;
      for (const wrapper of cell.children ?? []) rows.push(measureRow(wrapper, ctx));
    }
  }
  const width = Math.max(0, ...rows.map((r) => r.ml + r.w + r.mr));
  for (const r of rows) {
    const room = width - r.ml - r.mr - r.w;
    const rowAlign = r.align ?? align;
    const left = x + r.ml + (rowAlign === 'center' ? room / 2 : rowAlign === 'right' ? room : 0);
    for (const g of r.glyphs) out.push({ ...g, cx: g.cx + left, cy: g.cy + y + r.baseline });
  }
  return width;
}

/** One vlist row: its content laid out at x = 0, its baseline above the vlist's, its margins. */
function measureRow(wrapper, ctx) {
  const style = wrapper.style ?? {};
  const fs = ctx.fs;
  const kids = wrapper.children ?? [];
  const strut = kids.find((k) => classesOf(k).includes('pstrut'));
  const baseline = -em(style.top) * fs - em(strut?.style?.height) * fs;
  const glyphs = [];
  let w = 0;
  const inner = { ...ctx, align: alignOf(classesOf(wrapper)) ?? ctx.align };
  for (const k of kids) if (k !== strut) w += place(k, w, 0, inner, glyphs);
  return { glyphs, w, baseline, ml: em(style.marginLeft) * fs, mr: em(style.marginRight) * fs, align: alignOf(classesOf(wrapper)) };
}

/** Centres {t, cx, cy} of the formula's text glyphs, in em of the formula font, y upwards. */
export function layoutGlyphs(tex) {
  const tree = katex.__renderToHTMLTree(tex, { displayMode: true, throwOnError: true, strict: 'ignore' });
  const out = [];
  // A display formula is centred (.katex-display > .katex); text-align is inherited by every row.
  place(tree, 0, 0, { fs: 1, font: 'main', align: 'center' }, out);
  return out;
}
