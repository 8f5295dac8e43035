// A formula's glyphs and drawn rules → LaTeX, from how it is typeset: a √ with a rule over what follows
// is \sqrt; a rule with glyphs stacked above and below is \frac; glyphs set above and below a big operator
// are its limits; smaller glyphs raised or lowered from the baseline are super- and subscripts; an accent
// glyph over a letter is \hat, \bar…; upright letter runs are function names. Returns undefined where it is
// unsure (a glyph it cannot name, a script with nothing to attach to in a way it cannot write).
//
//   formulaLatex(glyphs, rules) → "\sum_{k=1}^{n}k^{2}=\frac{1}{6}n(n+1)(2n+1)" | undefined   (parses in KaTeX)
import type { Glyph } from './glyphs';
import { latexSymbols, symbolAgreement, textSymbols } from './formula-symbols';
import { baselineOf, cx, cy, glyphAtoms, joinedArrows, mainSize, union, Unsure, type Atom } from './formula-atoms';
import { arrange, delimitedRows } from './formula-rows';
import { horizontalBraces } from './formula-braces';
import { parsesInKatex } from './katex-check';

/** A horizontal rule drawn on the page (a fraction bar, a radical's overbar), in pixels. */
export interface Rule {
  x0: number;
  x1: number;
  y: number;
}

/**
 * The LaTeX of glyphs and rules typeset as one formula, or undefined where unsure. `boldText`: whether the
 * text around it is bold (then a text font's bold is its style, not \mathbf); unknown for a display formula.
 */
export function formulaLatex(glyphs: readonly Glyph[], rules: readonly Rule[], boldText?: boolean): string | undefined {
  // Symbol's radical extender (U+F8E5) draws a radical's overbar as glyphs: they are its rule.
  const bars = glyphs.filter((g) => g.ch === RADICAL_EXTENDER);
  const drawn = bars.length ? [...rules, ...barRules(bars)] : rules;
  const read = joinedArrows(glyphs.filter((g) => g.ch !== RADICAL_EXTENDER));
  const atoms = glyphAtoms(read, boldText);
  if (!atoms || atoms.length === 0) return undefined;
  try {
    const latex = build(atoms, [...drawn]);
    // It parses in KaTeX, and each glyph is written once: a letter or digit lost or doubled on the way is a
    // reading gone wrong. (The parse that lists the letters is the parse check, where KaTeX exposes its parser.)
    const written = latexSymbols(latex);
    if (written === undefined) return parsesInKatex(latex) ? latex : undefined;
    return symbolAgreement(written, textSymbols(read.map((g) => g.ch).join(''))) < 1 ? undefined : latex;
  } catch (e) {
    // A reading gone wrong in a way no check foresaw loses this formula, not the page's math with it.
    if (e instanceof Unsure || e instanceof TypeError || e instanceof RangeError) return undefined;
    throw e;
  }
}

/** Relations a label is set over: arrows as the stretching arrow KaTeX draws (true), the rest under \\overset. */
const STRETCHED: Record<string, [string, boolean]> = {
  '\\to': ['\\xrightarrow', true], '\\rightarrow': ['\\xrightarrow', true], '\\longrightarrow': ['\\xrightarrow', true], '\\leftarrow': ['\\xleftarrow', true],
  '\\longleftarrow': ['\\xleftarrow', true], '\\Rightarrow': ['\\xRightarrow', true], '\\Longrightarrow': ['\\xRightarrow', true], '\\leftrightarrow': ['\\xleftrightarrow', true],
  '\\longleftrightarrow': ['\\xleftrightarrow', true], '\\mapsto': ['\\xmapsto', true], '\\longmapsto': ['\\xmapsto', true], '\\hookrightarrow': ['\\xhookrightarrow', true],
  '=': ['', false], '\\approx': ['', false], '\\sim': ['', false], '\\simeq': ['', false], '\\le': ['', false], '\\leq': ['', false], '\\ge': ['', false], '\\geq': ['', false], '\\equiv': ['', false], ':=': ['', false],
};
const RADICAL_EXTENDER = '\uf8e5';
const WIDE: Record<string, string> = { '\\hat': '\\widehat', '\\tilde': '\\widetilde', '\\bar': '\\overline' };

/** Runs of radical-extender glyphs side by side, as rules at the top of their em box. */
function barRules(bars: readonly Glyph[]): Rule[] {
  const out: Rule[] = [];
  for (const g of [...bars].sort((a, b) => a.x0 - b.x0)) {
    const y = g.base - 0.85 * g.size;
    const last = out.at(-1);
    if (last && g.x0 - last.x1 < 0.2 * g.size && Math.abs(last.y - y) < 0.1 * g.size) last.x1 = Math.max(last.x1, g.x1);
    else out.push({ x0: g.x0, x1: g.x1, y });
  }
  return out;
}

/** The rule over all of the atoms and the one of its width under them, where both are drawn. */
function boxRules(atoms: readonly Atom[], rules: readonly Rule[], s: number): [Rule, Rule] | undefined {
  const all = union(atoms);
  const lid = (r: Rule) => r.x0 < all.x0 && r.x1 > all.x1 && r.x1 - r.x0 < all.x1 - all.x0 + 2 * s;
  const top = rules.find((r) => lid(r) && r.y < all.top + 0.2 * s && r.y > all.top - 0.8 * s);
  if (!top) return undefined;
  const bottom = rules.find((r) => r !== top && lid(r) && Math.abs(r.x0 - top.x0) < 0.1 * s && Math.abs(r.x1 - top.x1) < 0.1 * s && r.y > all.bottom - 0.2 * s && r.y < all.bottom + 0.8 * s);
  return bottom && [top, bottom];
}

function build(input: Atom[], rules: Rule[]): string {
  if (input.length === 0) return '';
  let atoms = [...input];
  const s = mainSize(atoms);
  const inside = (r: Rule, a: Atom) => cx(a) > r.x0 - 0.1 * s && cx(a) < r.x1 + 0.1 * s;

  if (atoms.some((a) => a.brace)) atoms = horizontalBraces(atoms, rules, s, build);

  // Two rules of one width over and under all of it: \boxed (its sides are strokes, not rules).
  const box = rules.length > 1 ? boxRules(atoms, rules, s) : undefined;
  if (box) return `\\boxed{${build(atoms, rules.filter((r) => !box.includes(r)))}}`;

  // √ with a rule starting at its right edge, near its top: everything under the rule is the radicand.
  for (const root of atoms.filter((a) => a.tex === '\\surd')) {
    const r = rules.find((q) => Math.abs(q.x0 - root.x1) < 0.7 * root.size && q.y > root.top - 0.4 * root.size && q.y < root.top + 0.5 * root.size);
    if (!r) continue;
    rules.splice(rules.indexOf(r), 1);
    const under = atoms.filter((a) => a !== root && cx(a) > r.x0 && cx(a) < r.x1 + 0.1 * s && a.top > r.y - 0.3 * a.size && cy(a) < root.bottom + 0.2 * s);
    const index = atoms.filter((a) => a !== root && !under.includes(a) && a.size < 0.85 * root.size && cx(a) < root.x0 + 0.6 * (root.x1 - root.x0) && a.x1 > root.x0 - 0.8 * root.size && a.bottom < cy(root) + 0.1 * s && a.bottom > root.top - 0.6 * s);
    const inner = build(under, rules.filter((q) => q.y > r.y && q.x0 >= r.x0 - 1 && q.x1 <= r.x1 + 1));
    const idx = index.length ? build(index, []) : '';
    const parts = [root, ...under, ...index];
    const base = under.length ? baselineOf(under) : root.base;
    atoms = atoms.filter((a) => !parts.includes(a));
    atoms.push({ tex: idx ? `\\sqrt[${idx}]{${inner}}` : `\\sqrt{${inner}}`, ...union(parts), x0: root.x0, x1: Math.max(r.x1, ...under.map((a) => a.x1)), base, size: s, top: r.y });
  }

  // Fractions, narrowest rule first (a fraction inside another's numerator is one atom of it by then): the
  // stacks just above and below a rule, within its width.
  for (const r of [...rules].sort((a, b) => a.x1 - a.x0 - (b.x1 - b.x0))) {
    if (!rules.includes(r)) continue;
    const stack = (above: boolean) => {
      const cand = atoms.filter((a) => inside(r, a) && (above ? a.bottom < r.y + 0.35 * a.size && cy(a) < r.y : a.top > r.y - 0.35 * a.size && cy(a) > r.y));
      cand.sort((a, b) => (above ? b.bottom - a.bottom : a.top - b.top));
      const taken: Atom[] = [];
      let edge = r.y;
      // A numerator or denominator lies within its rule's width: a row that runs on past the rule's ends is
      // the formula's row above or below (Word's two-line "Δφ = φ₂ − φ₁ / = tan⁻¹ …"), not a stack. A big
      // operator's glyph stands on no row (a ∑ beside "n(n+1)/2" is centred on the axis, its base near the
      // numerator's), nor does the numerator of the fraction beside it ("DC/Dt = ∂C/∂t").
      const stacked = (b: Atom) => rules.some((q) => q !== r && cx(b) > q.x0 && cx(b) < q.x1 && Math.abs(cy(b) - q.y) < 1.2 * s);
      // (A script of a glyph the stack holds is none of that row's, level with it or not: ∂² in a text-style part.)
      const scriptOfTaken = (a: Atom) => a.size < 0.85 * s && taken.some((t) => a.x0 - t.x1 > -0.05 * s && a.x0 - t.x1 < 0.15 * s);
      const runsPast = (a: Atom) =>
        !scriptOfTaken(a) &&
        atoms.some((b) => !b.op && !b.hangs && !stacked(b) && b.size >= 0.85 * s && Math.abs(b.base - a.base) < 0.3 * s && (cx(b) < r.x0 - 0.3 * s || cx(b) > r.x1 + 0.3 * s) && b.x1 > r.x0 - 1.5 * s && b.x0 < r.x1 + 1.5 * s);
      // It is one row (a fraction inside it is built already, one atom on that row): a full-size glyph off the
      // row is the next row's (in aligned rows of ⅙s, the denominator of the row above).
      let row: number | undefined;
      const offRow = (a: Atom) => !a.op && !a.hangs && a.size >= 0.85 * s && row !== undefined && Math.abs(a.base - row) > 0.6 * s;
      // A glyph nearer another rule below it (above it) is that fraction's: in a matrix of fractions the numerator of
      // the one under a fraction's denominator comes next.
      const othersSide = (a: Atom) =>
        rules.some((q) => q !== r && cx(a) > q.x0 - 0.1 * s && cx(a) < q.x1 + 0.1 * s && (above ? q.y < r.y && cy(a) > q.y && cy(a) - q.y < r.y - cy(a) : q.y > r.y && cy(a) < q.y && q.y - cy(a) < cy(a) - r.y));
      for (const a of cand) {
        const gap = above ? edge - a.bottom : a.top - edge;
        // A hanging glyph's base is its top (a text-style ∑ under a rule, level with the row beside the fraction).
        if (gap > 0.6 * s || (taken.length > 0 && !a.hangs && runsPast(a)) || offRow(a) || (taken.length > 0 && othersSide(a))) break;
        // (A text-style fraction's parts are set small: their row counts, and a fraction built under them is off it.)
        if (row === undefined && !a.op && !a.hangs && a.size >= 0.6 * s) row = a.base;
        taken.push(a);
        edge = above ? Math.min(edge, a.top) : Math.max(edge, a.bottom);
      }
      return taken;
    };
    const num = stack(true);
    const den = stack(false);
    if (!num.length || !den.length) continue;
    rules.splice(rules.indexOf(r), 1);
    const sub = (part: Atom[]) => {
      const box = union(part);
      return build(part, rules.filter((q) => q.y > box.top && q.y < box.bottom && q.x0 >= box.x0 - 1 && q.x1 <= box.x1 + 1));
    };
    const tex = `\\frac{${sub(num)}}{${sub(den)}}`;
    const parts = [...num, ...den];
    atoms = atoms.filter((a) => !parts.includes(a));
    atoms.push({ tex, ...union(parts), x0: r.x0, x1: r.x1, base: r.y + 0.25 * s, size: s });
  }

  // A rule over glyphs with nothing stacked on it, as wide as they are: \overline.
  for (const r of [...rules]) {
    const under = atoms.filter((a) => cx(a) > r.x0 && cx(a) < r.x1 && a.top > r.y - 0.1 * s && a.top < r.y + 0.45 * s);
    const over = atoms.filter((a) => cx(a) > r.x0 && cx(a) < r.x1 && a.bottom < r.y + 0.1 * s && a.bottom > r.y - 0.6 * s);
    if (!under.length || over.length) continue;
    const box = union(under);
    if (r.x0 > box.x0 + 0.25 * s || r.x1 < box.x1 - 0.25 * s || r.x1 - r.x0 > box.x1 - box.x0 + 0.6 * s) continue;
    rules.splice(rules.indexOf(r), 1);
    atoms = atoms.filter((a) => !under.includes(a));
    atoms.push({ tex: `\\overline{${build(under, [])}}`, ...box, top: r.y, base: baselineOf(under), size: s });
  }

  // A label set over or under an arrow or a relation (\xrightarrow{f}, \stackrel{\mathrm{def}}{=}): script-size
  // glyphs in the relation's width, off its baseline by more than a script is raised (TeX raises a label 0.6 size,
  // a superscript 0.4).
  for (const rel of atoms.filter((a) => STRETCHED[a.tex] !== undefined && a.size >= 0.85 * s)) {
    const within = (a: Atom) => a !== rel && a.size < 0.9 * s && a.x0 >= rel.x0 - 0.3 * s && a.x1 <= rel.x1 + 0.3 * s;
    const upper = atoms.filter((a) => within(a) && a.base < rel.base - 0.5 * s && a.base > rel.base - 1.5 * s);
    const lower = atoms.filter((a) => within(a) && a.top > rel.base - 0.1 * s && a.base < rel.base + 1.2 * s);
    const oneRow = (part: Atom[]) => part.every((a) => Math.abs(a.base - part[0]!.base) < 0.3 * a.size);
    const centred = (part: Atom[]) => Math.abs(cx(union(part)) - cx(rel)) < 0.3 * s + 0.25 * (rel.x1 - rel.x0);
    const [over, under] = [upper, lower].map((part) => (part.length && oneRow(part) && centred(part) ? part : [])) as [Atom[], Atom[]];
    if (!over.length && !under.length) continue;
    const label = (part: Atom[]) => build(part, []);
    const [command, arrow] = STRETCHED[rel.tex]!;
    let tex = rel.tex;
    if (arrow) tex = `${command}${under.length ? `[${label(under)}]` : ''}{${over.length ? label(over) : ''}}`;
    else {
      if (under.length) tex = `\\underset{${label(under)}}{${tex}}`;
      if (over.length) tex = `\\overset{${label(over)}}{${tex}}`;
    }
    const parts = [rel, ...over, ...under];
    atoms = atoms.filter((a) => !parts.includes(a));
    atoms.push({ ...rel, tex, ...union(parts), base: rel.base, size: rel.size });
  }

  // A limit of rows set one under another (\substack{0 \le i \le m \\ 0 < j < n}): a row starts below the
  // glyphs of the last (a script of a limit overlaps its row).
  const limitLatex = (limit: Atom[]) => {
    const rows: Atom[][] = [];
    for (const a of [...limit].sort((p, q) => p.base - q.base)) {
      const last = rows.at(-1);
      if (last && (a.top < Math.max(...last.map((b) => b.bottom)) - 0.05 * a.size || a.base - last[0]!.base < 0.6 * a.size)) last.push(a);
      else rows.push([a]);
    }
    return rows.length > 1 ? `\\substack{${rows.map((r) => build(r, [])).join('\\\\')}}` : build(limit, []);
  };
  // Limits above and below a big operator (or a function name such as lim with something under it).
  const ops = atoms.filter((a) => a.op || (a.upright && /^\\(lim|max|min|sup|inf|liminf|limsup|operatorname\{arg(max|min)\})$/.test(a.tex)));
  // A limit belongs to the operator whose middle is nearest its own (two sums side by side).
  const nearestOp = (a: Atom) => ops.reduce((b, o) => (Math.abs(cx(o) - cx(a)) < Math.abs(cx(b) - cx(a)) ? o : b));
  for (const op of ops) {
    if (!atoms.includes(op)) continue;
    const w = op.x1 - op.x0;
    // A superscript set against a glyph of the row above is that glyph's ("1² + 2²" over a ∑ of the next row).
    const scriptOfRow = (a: Atom) => atoms.some((b) => b !== op && !ops.includes(b) && !b.hangs && b.size >= 0.85 * s && a.x0 - b.x1 > -0.05 * s && a.x0 - b.x1 < 0.1 * s && a.base < b.base && b.base - a.base < 0.8 * s && b.bottom < op.top);
    const near = (a: Atom) => a !== op && !ops.includes(a) && a.size < 0.95 * s && cx(a) > op.x0 - 0.8 * w - 0.3 * s && cx(a) < op.x1 + 0.8 * w + 0.3 * s && nearestOp(a) === op && !scriptOfRow(a);
    // Above or below the row: off its baseline by more than a script is raised or lowered.
    // The row is the operator's own, where rows stack (an aligned pair, each with its ∑).
    const full = atoms.filter((a) => !ops.includes(a) && a.size >= 0.85 * s);
    const beside = full.filter((a) => a.base > op.top && a.base < op.bottom);
    const row = beside.length ? beside : full;
    const mid = row.length ? baselineOf(row) : op.hangs ? op.top + 0.9 * op.size : op.base;
    const chain = (above: boolean) => {
      const cand = atoms.filter((a) => near(a) && (above ? a.base < mid - 0.6 * s && a.bottom <= op.top + 0.5 * a.size : a.base > mid + 0.45 * s && a.top < op.bottom + 0.6 * s));
      if (!cand.length) return [];
      // The limit is the row of glyphs nearest the operator, grown sideways while they touch (an integral's limits
      // stand at its side: "−∞" runs on past the reach of its first glyph).
      const row = above ? Math.max(...cand.map((a) => a.base)) : Math.min(...cand.map((a) => a.base));
      const limit = cand.filter((a) => Math.abs(a.base - row) < 0.6 * a.size || (above ? a.base < row : a.base > row));
      for (let grown = true; grown; ) {
        const right = Math.max(...limit.map((a) => a.x1));
        const next = atoms.find((a) => a !== op && !limit.includes(a) && !ops.includes(a) && a.size < 0.95 * s && Math.abs(a.base - row) < 0.1 * a.size && a.x0 >= right - 0.1 * a.size && a.x0 - right < 0.3 * a.size);
        grown = next !== undefined;
        if (next) limit.push(next);
      }
      // Rows of a \substack stand one under another, further from the operator than the first reaches.
      for (let grown = true; grown; ) {
        const edge = above ? Math.min(...limit.map((a) => a.top)) : Math.max(...limit.map((a) => a.bottom));
        const next = atoms.find((a) => near(a) && !a.hangs && !limit.includes(a) && (above ? a.base < row && a.bottom > edge - 0.4 * a.size : a.base > row && a.top < edge + 0.4 * a.size));
        grown = next !== undefined;
        if (next) limit.push(next);
      }
      return limit;
    };
    const upper = chain(true);
    const lower = chain(false);
    if (!upper.length && !lower.length) continue;
    const sub = lower.length ? `_{${limitLatex(lower)}}` : '';
    const sup = upper.length ? `^{${limitLatex(upper)}}` : '';
    // "arg" a thin space before max or min, its limit centred under both words: \operatorname*{arg\,min}, as papers
    // write it (\arg\min sets the limit under min alone).
    const limit = union(lower.length ? lower : upper);
    const arg = atoms.find((a) => a.tex === '\\arg' && Math.abs(a.base - op.base) < 0.05 * s && op.x0 - a.x1 > -0.05 * s && op.x0 - a.x1 < 0.4 * s);
    const both = arg && /^\\(max|min)$/.test(op.tex) && Math.abs(cx(limit) - (arg.x0 + op.x1) / 2) < Math.abs(cx(limit) - cx(op));
    // A name of no command takes its limits under it only as \operatorname* (\operatorname sets them at its side).
    const name = both ? `\\operatorname*{arg\\,${op.tex.slice(1)}}` : op.tex.replace(/^\\operatorname\{/, '\\operatorname*{');
    const parts = [op, ...(both ? [arg] : []), ...upper, ...lower];
    atoms = atoms.filter((a) => !parts.includes(a));
    atoms.push({ ...op, tex: `${name}${sub}${sup}`, ...union(parts), op: true, upright: false });
  }

  // Accents: a hat, bar, tilde or dot glyph set over another glyph. TeX sets the accent on the letter's own
  // baseline where the letter is no taller than an x (its glyph is drawn high in its box), and raises it over a
  // capital; Word raises it always. Of the glyphs under it, the one it is centred over.
  for (const acc of atoms.filter((a) => a.accent)) {
    const under = atoms.filter((a) => a !== acc && !a.accent && cx(acc) > a.x0 - 0.15 * a.size && cx(acc) < a.x1 + 0.15 * a.size && acc.base < a.base + 0.05 * a.size && acc.base > a.top - 0.6 * a.size);
    const target = under.sort((a, b) => Math.abs(cx(a) - cx(acc)) - Math.abs(cx(b) - cx(acc)))[0];
    // A wide accent (cmex's \widehat, \widetilde) over the glyphs its width spans, on the target's row.
    const spanned = target && acc.x1 - acc.x0 > 1.6 * (target.x1 - target.x0) ? atoms.filter((a) => a !== acc && !a.accent && cx(a) > acc.x0 && cx(a) < acc.x1 && Math.abs(a.base - target.base) < 0.3 * s) : [];
    if (spanned.length > 1 && WIDE[acc.accent!]) {
      const box = union(spanned);
      atoms = atoms.filter((a) => a !== acc && !spanned.includes(a));
      atoms.push({ tex: `${WIDE[acc.accent!]}{${build(spanned, [])}}`, ...box, top: acc.top, base: baselineOf(spanned), size: s });
      continue;
    }
    if (!target) {
      if (!acc.tex) throw new Unsure('an accent over nothing');
      acc.accent = undefined;
      continue;
    }
    atoms = atoms.filter((a) => a !== acc);
    // TeX's \hbar is a macron on h's own baseline, across its stem (a \bar{h} is raised over the ascender).
    const hbar = acc.accent === '\\bar' && target.tex === 'h' && Math.abs(acc.base - target.base) < 0.05 * target.size;
    target.tex = hbar ? '\\hbar' : `${acc.accent}{${target.tex}}`;
  }
  if (atoms.some((a) => !a.tex)) throw new Unsure('a glyph without a name');

  const script = (part: Atom[]) => build(part, []);
  return arrange(delimitedRows(atoms, s, script), s, script);
}
