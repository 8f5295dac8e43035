// A formula's glyphs and drawn rules → LaTeX, from how it is typeset: a √ with a rule over what follows
// is \sqrt; a rule with glyphs stacked above and below is \frac; glyphs set above and below a big operator
// are its limits; smaller glyphs raised or lowered from the baseline are super- and subscripts; an accent
// glyph over a letter is \hat, \bar…; upright letter runs are function names. Returns undefined where it is
// unsure (a glyph it cannot name, a script with nothing to attach to in a way it cannot write).
//
//   formulaLatex(glyphs, rules) → "\sum_{k=1}^{n}k^{2}=\frac{1}{6}n(n+1)(2n+1)" | undefined   (parses in KaTeX)
import type { Glyph } from './glyphs';
import { isItalicFont } from './glyphs';
import { latexSymbols, symbolAgreement, textSymbols } from './formula-symbols';
import { parsesInKatex } from './katex-check';
import { ACCENTS, BIG_OPERATORS, FUNCTION_NAMES, functionName, glyphLatex, isDelimiterPiece } from './symbols';

/** A horizontal rule drawn on the page (a fraction bar, a radical's overbar), in pixels. */
export interface Rule {
  x0: number;
  x1: number;
  y: number;
}

/** A formula part: a glyph, or something built of several (a fraction, a root, an operator with limits). */
export interface Atom {
  tex: string;
  x0: number;
  x1: number;
  base: number;
  size: number;
  top: number;
  bottom: number;
  /** A big operator (with its limits): it stands on whatever baseline its row has. */
  op?: boolean;
  /** Upright letters (function names, \mathrm) and digits: joined without a script between. */
  upright?: boolean;
  accent?: string;
  /** A single character glyph, kept for accents and √. */
  ch?: string;
  /** Glyphs of TeX's extension and symbol fonts hang below their baseline. */
  hangs?: boolean;
  /** A piece of a tall delimiter (⎛ ⎜ ⎝): stacked pieces are one delimiter. */
  piece?: boolean;
}

/** One typeface, whatever subset of it a run's font is. */
const sameFace = (a: string, b: string) => a.replace(/^[A-Z]{6}\+/, '') === b.replace(/^[A-Z]{6}\+/, '');
const cx = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
const cy = (a: Atom) => (a.top + a.bottom) / 2;

/** Glyphs → atoms: names and vertical extents; upright letter runs of a function name become one atom. */
export function glyphAtoms(glyphs: readonly Glyph[]): Atom[] | undefined {
  const atoms: Atom[] = [];
  const gs = glyphs.filter((g) => g.ch.trim());
  // Letters taken into a name: glyphs come sorted by x, so a name's letters may have another row's glyphs
  // between them (the "Re" under the "Im" of a fraction).
  const taken = new Set<Glyph>();
  for (let i = 0; i < gs.length; i++) {
    const g = gs[i]!;
    if (taken.has(g)) continue;
    const hangs = g.cls === 'extension' || (g.cls === 'symbol' && '√∑∏∫'.includes(g.ch));
    const upright = /[A-Za-z]/.test(g.ch) && (g.cls === 'roman' || g.cls === 'math' || (g.cls === 'text' && !isItalicFont(g.font)));
    // A run of upright letters in one run with no gap: a function name ("sin") or a word in \mathrm.
    if (upright) {
      const run = [g];
      for (;;) {
        const last = run.at(-1)!;
        const next = gs.find((h) => !taken.has(h) && h !== last && sameFace(h.font, g.font) && /[A-Za-z]/.test(h.ch) && Math.abs(h.base - g.base) < 0.05 * g.size && h.x0 > last.x0 && Math.abs(h.x0 - last.x1) < 0.1 * g.size);
        if (!next) break;
        run.push(next);
      }
      const word = run.map((x) => x.ch).join('');
      if (word.length > 1) {
        const name = FUNCTION_NAMES.has(word) ? functionName(word) : `\\mathrm{${word}}`;
        atoms.push({ tex: name, x0: g.x0, x1: run.at(-1)!.x1, base: g.base, size: g.size, top: g.base - 0.7 * g.size, bottom: g.base + 0.2 * g.size, upright: true });
        run.forEach((x) => taken.add(x));
        continue;
      }
    }
    const accent = ACCENTS[g.ch];
    // Adobe's Symbol draws its phi (φ) with a straight stroke and phi1 (ϕ) curled: the reverse of TeX's.
    const symbolPhi = /symbol/i.test(g.font) && (g.ch === 'φ' || g.ch === 'ϕ') ? (g.ch === 'φ' ? '\\phi' : '\\varphi') : undefined;
    const tex = symbolPhi ?? glyphLatex(g.ch, g.cls);
    if (tex === undefined && !accent) return undefined;
    const big = tex !== undefined && (BIG_OPERATORS.has(tex) || tex === '\\surd');
    const top = hangs ? g.base - 0.05 * g.size : g.base - (big ? 0.95 : 0.7) * g.size;
    const bottom = hangs ? g.base + (big ? 1.4 : 1.0) * g.size : g.base + (big ? 0.35 : 0.2) * g.size;
    const piece = isDelimiterPiece(g.ch);
    atoms.push({ tex: tex ?? '', x0: g.x0, x1: g.x1, base: g.base, size: g.size, top, bottom, ch: g.ch, hangs: hangs || piece, ...(piece && { piece }), ...(accent && { accent }), ...(BIG_OPERATORS.has(tex ?? '') && { op: true }) });
  }
  return joinPieces(atoms);
}

/** Pieces of one tall delimiter (⎛ ⎜ ⎝), stacked at one place, become one delimiter. */
function joinPieces(atoms: Atom[]): Atom[] {
  const out: Atom[] = [];
  for (const a of atoms) {
    if (!a.piece) {
      out.push(a);
      continue;
    }
    const same = out.find((b) => b.piece && b.tex === a.tex && Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.3 * Math.min(a.x1 - a.x0, b.x1 - b.x0));
    if (!same) {
      out.push({ ...a });
      continue;
    }
    same.top = Math.min(same.top, a.top);
    same.bottom = Math.max(same.bottom, a.bottom);
    same.base = (same.top + same.bottom) / 2 + 0.25 * a.size;
  }
  return out;
}

/** The LaTeX of glyphs and rules typeset as one formula, or undefined where unsure. */
export function formulaLatex(glyphs: readonly Glyph[], rules: readonly Rule[]): string | undefined {
  // Symbol's radical extender (U+F8E5) draws a radical's overbar as glyphs: they are its rule.
  const bars = glyphs.filter((g) => g.ch === RADICAL_EXTENDER);
  const drawn = bars.length ? [...rules, ...barRules(bars)] : rules;
  const atoms = glyphAtoms(glyphs.filter((g) => g.ch !== RADICAL_EXTENDER));
  if (!atoms || atoms.length === 0) return undefined;
  try {
    const latex = build(atoms, [...drawn]);
    // It parses in KaTeX, and each glyph is written once: a letter or digit lost or doubled on the way is a
    // reading gone wrong. (The parse that lists the letters is the parse check, where KaTeX exposes its parser.)
    const written = latexSymbols(latex);
    if (written === undefined) return parsesInKatex(latex) ? latex : undefined;
    return symbolAgreement(written, textSymbols(glyphs.map((g) => g.ch).join(''))) < 1 ? undefined : latex;
  } catch (e) {
    if (e instanceof Unsure) return undefined;
    throw e;
  }
}

class Unsure extends Error {}

const RADICAL_EXTENDER = '\uf8e5';

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

const union = (parts: readonly Atom[]) => ({
  x0: Math.min(...parts.map((a) => a.x0)),
  x1: Math.max(...parts.map((a) => a.x1)),
  top: Math.min(...parts.map((a) => a.top)),
  bottom: Math.max(...parts.map((a) => a.bottom)),
});

/** Largest text size among atoms that are not big operators or extension glyphs. */
function mainSize(atoms: readonly Atom[]): number {
  // Delimiters grow with what they hold (Word sets a tall bracket in a larger size): they do not count.
  const plain = atoms.filter((a) => !a.op && !a.hangs && !/^([()[\]|]|\\[{}|]|\\langle|\\rangle)$/.test(a.tex));
  return Math.max(...(plain.length ? plain : atoms).map((a) => a.size));
}

function build(input: Atom[], rules: Rule[]): string {
  if (input.length === 0) return '';
  let atoms = [...input];
  const s = mainSize(atoms);
  const inside = (r: Rule, a: Atom) => cx(a) > r.x0 - 0.1 * s && cx(a) < r.x1 + 0.1 * s;

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

  // Fractions, widest rule first: the stacks just above and below a rule, within its width.
  for (const r of [...rules].sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0))) {
    if (!rules.includes(r)) continue;
    const stack = (above: boolean) => {
      const cand = atoms.filter((a) => inside(r, a) && (above ? a.bottom < r.y + 0.35 * a.size && cy(a) < r.y : a.top > r.y - 0.35 * a.size && cy(a) > r.y));
      cand.sort((a, b) => (above ? b.bottom - a.bottom : a.top - b.top));
      const taken: Atom[] = [];
      let edge = r.y;
      // A numerator or denominator lies within its rule's width: a row that runs on past the rule's ends is
      // the formula's row above or below (Word's two-line "Δφ = φ₂ − φ₁ / = tan⁻¹ …"), not a stack.
      const runsPast = (a: Atom) =>
        atoms.some((b) => b.size >= 0.85 * s && Math.abs(b.base - a.base) < 0.3 * s && (cx(b) < r.x0 - 0.3 * s || cx(b) > r.x1 + 0.3 * s) && b.x1 > r.x0 - 1.5 * s && b.x0 < r.x1 + 1.5 * s);
      for (const a of cand) {
        const gap = above ? edge - a.bottom : a.top - edge;
        if (gap > 0.6 * s || (taken.length > 0 && runsPast(a))) break;
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

  // Limits above and below a big operator (or a function name such as lim with something under it).
  const ops = atoms.filter((a) => a.op || (a.upright && /^\\(lim|max|min|sup|inf|liminf|limsup|operatorname\{arg(max|min)\})$/.test(a.tex)));
  // A limit belongs to the operator whose middle is nearest its own (two sums side by side).
  const nearestOp = (a: Atom) => ops.reduce((b, o) => (Math.abs(cx(o) - cx(a)) < Math.abs(cx(b) - cx(a)) ? o : b));
  for (const op of ops) {
    if (!atoms.includes(op)) continue;
    const w = op.x1 - op.x0;
    const near = (a: Atom) => a !== op && !ops.includes(a) && a.size < 0.95 * s && cx(a) > op.x0 - 0.8 * w - 0.3 * s && cx(a) < op.x1 + 0.8 * w + 0.3 * s && nearestOp(a) === op;
    // Above or below the row: off its baseline by more than a script is raised or lowered.
    const row = atoms.filter((a) => !ops.includes(a) && a.size >= 0.85 * s);
    const mid = row.length ? baselineOf(row) : op.hangs ? op.top + 0.9 * op.size : op.base;
    const chain = (above: boolean) => {
      const cand = atoms.filter((a) => near(a) && (above ? a.base < mid - 0.6 * s && a.bottom <= op.top + 0.5 * a.size : a.base > mid + 0.45 * s));
      if (!cand.length) return [];
      // The limit is the row of glyphs nearest the operator, grown sideways while they touch.
      const row = above ? Math.max(...cand.map((a) => a.base)) : Math.min(...cand.map((a) => a.base));
      return cand.filter((a) => Math.abs(a.base - row) < 0.6 * a.size || (above ? a.base < row : a.base > row));
    };
    const upper = chain(true);
    const lower = chain(false);
    if (!upper.length && !lower.length) continue;
    const sub = lower.length ? `_{${build(lower, [])}}` : '';
    const sup = upper.length ? `^{${build(upper, [])}}` : '';
    const parts = [op, ...upper, ...lower];
    atoms = atoms.filter((a) => !parts.includes(a));
    atoms.push({ ...op, tex: `${op.tex}${sub}${sup}`, ...union(parts), op: true, upright: false });
  }

  // Accents: a hat, bar, tilde or dot glyph set over another glyph.
  for (const acc of atoms.filter((a) => a.accent)) {
    const target = atoms.find((a) => a !== acc && !a.accent && cx(acc) > a.x0 - 0.15 * a.size && cx(acc) < a.x1 + 0.15 * a.size && acc.base < a.base - 0.08 * a.size && acc.base > a.top - 0.6 * a.size);
    if (!target) {
      if (!acc.tex) throw new Unsure('an accent over nothing');
      acc.accent = undefined;
      continue;
    }
    atoms = atoms.filter((a) => a !== acc);
    target.tex = `${acc.accent}{${target.tex}}`;
  }
  if (atoms.some((a) => !a.tex)) throw new Unsure('a glyph without a name');

  return arrange(atoms, s);
}

const OPENERS: Record<string, string> = { '(': 'pmatrix', '[': 'bmatrix', '\\{': 'Bmatrix', '|': 'vmatrix', '\\|': 'Vmatrix' };
const CLOSERS = new Set([')', ']', '\\}', '|', '\\|']);

/**
 * Atoms on one baseline → a row with its scripts; on several (full-size rows a line apart) → a matrix when
 * delimiters stand left and right of all the rows, cases when only a brace stands left, else rows gathered.
 */
function arrange(atoms: Atom[], s: number): string {
  const delims = atoms.filter((a) => OPENERS[a.tex] || CLOSERS.has(a.tex));
  const content = atoms.filter((a) => !delims.includes(a));
  const rs = content.length ? rows(content, s) : [];
  if (rs.length < 2) return rows(atoms, s).map((row) => scripts(row, s)).join(' \\\\ ');
  const x0 = Math.min(...content.map((a) => a.x0));
  const x1 = Math.max(...content.map((a) => a.x1));
  const top = Math.min(...rs.map((r) => baselineOf(r)));
  const bottom = Math.max(...rs.map((r) => baselineOf(r)));
  const spans = (a: Atom) => cy(a) > top - 0.5 * s && cy(a) < bottom + 0.5 * s;
  const left = delims.find((a) => OPENERS[a.tex] && a.x1 <= x0 + 0.1 * s && spans(a));
  const right = delims.find((a) => CLOSERS.has(a.tex) && a.x0 >= x1 - 0.1 * s && spans(a) && a !== left);
  const others = delims.filter((a) => a !== left && a !== right);
  if (left && (right || left.tex === '\\{') && others.length === 0) {
    const cells = rs.map((r) => cellsOf(r, s).map((c) => scripts(c, s)));
    const env = right ? OPENERS[left.tex]! : 'cases';
    if (right && cells.some((r) => r.length !== cells[0]!.length)) throw new Unsure('ragged matrix');
    return `\\begin{${env}}${cells.map((r) => r.join(' & ')).join(' \\\\ ')}\\end{${env}}`;
  }
  const all = rows(atoms, s);
  return alignedRows(all, s) ?? `\\begin{gathered}${all.map((row) => scripts(row, s)).join(' \\\\ ')}\\end{gathered}`;
}

const RELATIONS = new Set(['=', '<', '>', '\\approx', '\\le', '\\ge', '\\leq', '\\geq', '\\equiv', '\\sim', '\\simeq', '\\ne', '\\neq', '\\propto', '\\Rightarrow', '\\Leftrightarrow']);

/**
 * Rows whose first relations stand one under another (a chain "a = b / = c", each line's "=" at one x)
 * → aligned, each row split at its relation; undefined when the relations do not line up.
 */
function alignedRows(rs: Atom[][], s: number): string | undefined {
  const rel = rs.map((r) => [...r].sort((a, b) => a.x0 - b.x0).find((a) => RELATIONS.has(a.tex) && a.size >= 0.85 * s));
  if (rel.some((a) => !a)) return undefined;
  const xs = rel.map((a) => a!.x0);
  if (Math.max(...xs) - Math.min(...xs) > 0.5 * s) return undefined;
  const lines = rs.map((r, i) => {
    const at = rel[i]!.x0 - 0.05 * s;
    const left = r.filter((a) => a.x0 < at);
    const right = r.filter((a) => a.x0 >= at);
    return `${left.length ? scripts(left, s) : ''}&${scripts(right, s)}`;
  });
  return `\\begin{aligned}${lines.join(' \\\\ ')}\\end{aligned}`;
}

/** A matrix row cut into cells at gaps wider than a space. */
function cellsOf(row: Atom[], s: number): Atom[][] {
  const sorted = [...row].sort((a, b) => a.x0 - b.x0);
  const cells: Atom[][] = [];
  let right = -Infinity;
  for (const a of sorted) {
    if (!cells.length || a.x0 - right > 0.7 * s) cells.push([]);
    cells.at(-1)!.push(a);
    right = Math.max(right, a.x1);
  }
  return cells;
}

/** Baseline of a row: the one most of its full-size width sits on. */
function baselineOf(atoms: readonly Atom[]): number {
  const s = mainSize(atoms);
  const full = atoms.filter((a) => !a.op && !a.hangs && a.size >= 0.85 * s);
  const list = full.length ? full : atoms;
  let best = list[0]!.base;
  let most = -1;
  for (const a of list) {
    const w = list.filter((b) => Math.abs(b.base - a.base) < 0.1 * s).reduce((t, b) => t + (b.x1 - b.x0), 0);
    if (w > most) [best, most] = [a.base, w];
  }
  return best;
}

/** Atoms split into rows of full-size glyphs a line apart (aligned equations); smaller ones join the nearest. */
function rows(atoms: Atom[], s: number): Atom[][] {
  const full = atoms.filter((a) => !a.op && !a.hangs && a.size >= 0.85 * s);
  const bases: number[] = [];
  for (const b of full.map((a) => a.base).sort((x, y) => x - y)) if (!bases.length || b - bases.at(-1)! > 0.9 * s) bases.push(b);
  if (bases.length <= 1) return [atoms];
  const out: Atom[][] = bases.map(() => []);
  for (const a of atoms) {
    const y = a.op || a.hangs ? cy(a) : a.base;
    let k = 0;
    bases.forEach((b, i) => Math.abs(y - b) < Math.abs(y - bases[k]!) && (k = i));
    out[k]!.push(a);
  }
  return out.filter((r) => r.length);
}

/** One row: atoms on its baseline in order, each with the smaller atoms raised or lowered after it as scripts. */
function scripts(atoms: Atom[], s: number): string {
  const main = baselineOf(atoms);
  const onBase = (a: Atom) =>
    a.op || (a.size >= 0.85 * s ? Math.abs(a.base - main) < 0.3 * s : Math.abs(a.base - main) < 0.04 * s) || a.tex.startsWith('\\frac') || a.tex.startsWith('\\sqrt');
  const base = atoms.filter(onBase).sort((a, b) => a.x0 - b.x0);
  const rest = atoms.filter((a) => !onBase(a)).sort((a, b) => a.x0 - b.x0);
  // A full-size glyph off the baseline is no script: a layout this cannot read.
  if (rest.some((a) => a.size >= 0.85 * s && !a.hangs)) throw new Unsure('a full-size glyph off the baseline');
  const attached = new Map<Atom | null, { sup: Atom[]; sub: Atom[] }>();
  for (const a of rest) {
    const before = base.filter((b) => b.x0 < a.x0 + 0.1 * a.size);
    const anchor = before.length ? before[before.length - 1]! : null;
    if (!attached.has(anchor)) attached.set(anchor, { sup: [], sub: [] });
    const up = a.base < main - 0.05 * s;
    attached.get(anchor)![up ? 'sup' : 'sub'].push(a);
  }
  const withScripts = (tex: string, at: Atom | null) => {
    const sc = attached.get(at);
    if (!sc) return tex;
    const sub = sc.sub.length ? `_{${build(sc.sub, [])}}` : '';
    const sup = sc.sup.length ? `^{${build(sc.sup, [])}}` : '';
    return `${/[_^]/.test(tex) && !/^\\(sum|prod|int|lim|max|min|sup|inf|coprod|oint|iint|bigcup|bigcap)/.test(tex) ? `{${tex}}` : tex}${sub}${sup}`;
  };
  let out = attached.has(null) ? withScripts('{}', null) : '';
  // Delimiters taller than the row around something tall (a fraction) pair up as \left … \right.
  const tall = (a: Atom) => a.bottom - a.top > 1.6 * s && /^([()[\]|]|\\[{}])$/.test(a.tex);
  const sides = new Map<Atom, string>();
  const open: Atom[] = [];
  for (const b of base) {
    if (!tall(b)) continue;
    if (/^(\(|\[|\\\{)$/.test(b.tex)) open.push(b);
    else if (open.length && b.tex !== '|') {
      sides.set(open.pop()!, '\\left');
      sides.set(b, '\\right');
    }
  }
  let prev: Atom | undefined;
  for (const b of base) {
    if (sides.has(b)) {
      out = join(out, `${sides.get(b)}${b.tex}`);
      prev = b;
      continue;
    }
    // An asterisk set tight after a letter or bracket is a superscript star (C*, the conjugate).
    if (b.tex === '*' && prev && b.x0 - prev.x1 < 0.3 * s && /[A-Za-z)}]$/.test(out) && !attached.has(b)) {
      out = `${out.endsWith('}') && /[_^]\{[^{}]*\}$/.test(out) ? `{${out}}` : out}^{*}`;
      prev = b;
      continue;
    }
    // A wide gap on the baseline is a space the page set on purpose (between "n = 1" and "n = 2").
    if (prev && b.x0 - prev.x1 > 1.5 * s) out += '\\quad ';
    out = join(out, withScripts(b.tex, b));
    prev = b;
  }
  return out;
}

/** Appends a token, with a space only where a command would run into a letter. */
function join(out: string, tex: string): string {
  if (/\\[A-Za-z]+$/.test(out) && /^[A-Za-z0-9]/.test(tex)) return `${out} ${tex}`;
  return out + tex;
}
