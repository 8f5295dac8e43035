// A formula's glyphs as atoms: each glyph named in LaTeX with its box and baseline, upright letter runs as
// function names, tall delimiter pieces joined; and the geometry the builder measures atoms by.
import type { Glyph } from './glyphs';
import { baseFontName, isBoldFont } from '../text-layer/font-name';
import { isItalicFace } from './glyphs';
import { ACCENTS, BIG_OPERATORS, FUNCTION_NAMES, functionName, glyphLatex, GREEK_COMMANDS, isBraceTip, isDelimiterPiece } from './symbols';

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
  /** A tip of a horizontal brace (formula-braces.ts). */
  brace?: boolean;
}

/** A layout the builder cannot read: the formula is left as it was found. */
export class Unsure extends Error {}

const NOT = '\u0338';
/** Negated relations KaTeX has a glyph for (\not= would overprint). */
const NEGATED: Record<string, string> = { '=': '\\neq', '\\in': '\\notin', '\\equiv': '\\not\\equiv', '\\subset': '\\not\\subset', '\\exists': '\\nexists' };

/** One typeface, whatever subset of it a run's font is. */
const sameFace = (a: string, b: string) => baseFontName(a) === baseFontName(b);
export const cx = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
export const cy = (a: Atom) => (a.top + a.bottom) / 2;

/** Glyphs → atoms: names and vertical extents; upright letter runs of a function name become one atom. */
export function glyphAtoms(glyphs: readonly Glyph[], boldText?: boolean): Atom[] | undefined {
  const atoms: Atom[] = [];
  const gs = glyphs.filter((g) => g.ch.trim());
  // Letters taken into a name: glyphs come sorted by x, so a name's letters may have another row's glyphs
  // between them (the "Re" under the "Im" of a fraction).
  const taken = new Set<Glyph>();
  // TeX's \not is a slash of no width drawn over the relation after it (cmsy's negationslash, U+0338).
  const negated = new Set<Glyph>();
  for (const slash of gs.filter((g) => g.ch === NOT)) {
    // Of no width, it is drawn from where it stands across the relation after it: its middle is that relation's.
    const middle = (h: Glyph) => (slash.x1 - slash.x0 < 0.1 * h.size ? slash.x0 + 0.39 * h.size : cx(slash));
    const rel = gs.find((h) => h !== slash && h.ch !== NOT && !negated.has(h) && Math.abs(h.base - slash.base) < 0.3 * h.size && Math.abs(cx(h) - middle(h)) < 0.4 * h.size);
    if (!rel) return undefined;
    negated.add(rel);
    taken.add(slash);
  }
  const allBold = boldText ?? gs.every((g) => !/^[\p{L}\p{N}]$/u.test(g.ch) || ['symbol', 'extension', 'bb', 'cal', 'frak'].includes(g.cls) || isBoldFont(g.font));
  for (let i = 0; i < gs.length; i++) {
    const g = gs[i]!;
    if (taken.has(g)) continue;
    // A brace tip sits on its baseline, an eighth of a size tall.
    if (g.cls === 'extension' && isBraceTip(g.ch)) {
      atoms.push({ tex: '', x0: g.x0, x1: g.x1, base: g.base, size: g.size, top: g.base - 0.15 * g.size, bottom: g.base, brace: true });
      continue;
    }
    const hangs = g.cls === 'extension' || (g.cls === 'symbol' && '√∑∏∫'.includes(g.ch));
    const upright = /[A-Za-z]/.test(g.ch) && (g.cls === 'roman' || g.cls === 'math' || (g.cls === 'text' && !isItalicFace(g.font)));
    // Times math sets \mathbf in the text's bold face (Computer Modern in its own, cmbx: class 'bold'); in a bold
    // caption or heading bold is the line's style: the caller says so for inline math, else every text letter bold does.
    const bold = g.cls === 'text' && !allBold && isBoldFont(g.font) && !isItalicFace(g.font);
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
        const name = FUNCTION_NAMES.has(word) ? functionName(word) : `${bold ? '\\mathbf' : '\\mathrm'}{${word}}`;
        atoms.push({ tex: name, x0: g.x0, x1: run.at(-1)!.x1, base: g.base, size: g.size, top: g.base - 0.7 * g.size, bottom: g.base + 0.2 * g.size, upright: true });
        run.forEach((x) => taken.add(x));
        continue;
      }
    }
    const accent = ACCENTS[g.ch];
    // Adobe's Symbol (and URW's Standard Symbols) draws its phi (φ) with a straight stroke and phi1 (ϕ) curled: the
    // reverse of TeX's. (Its one epsilon, ε, is what LaTeX's Times math sets for \epsilon and \varepsilon alike.)
    const symbolPhi = /symbol|standardsym/i.test(g.font) && (g.ch === 'φ' || g.ch === 'ϕ') ? (g.ch === 'φ' ? '\\phi' : '\\varphi') : undefined;
    const plain = symbolPhi ?? glyphLatex(g.ch, bold ? 'bold' : g.cls);
    const tex = negated.has(g) && plain !== undefined ? (NEGATED[plain] ?? `\\not${/^[A-Za-z]/.test(plain) ? ' ' : ''}${plain}`) : plain;
    if (tex === undefined && !accent) return undefined;
    const big = tex !== undefined && (BIG_OPERATORS.has(tex) || tex === '\\surd');
    const top = hangs ? g.base - (g.height ?? 0.05) * g.size : g.base - (big ? 0.95 : 0.7) * g.size;
    const bottom = hangs ? g.base + (g.depth ?? (big ? 1.4 : 1.0)) * g.size : g.base + (big ? 0.35 : 0.2) * g.size;
    // cmex draws a tall bar as its bar glyph repeated (\left| … \right|, a determinant's sides); Latin Modern's
    // map names that glyph ∣ and its double ∥.
    const bar = g.cls === 'extension' ? EXTENSION_BARS[g.ch] : undefined;
    const piece = isDelimiterPiece(g.ch) || bar !== undefined;
    atoms.push({ tex: bar ?? tex ?? '', x0: g.x0, x1: g.x1, base: g.base, size: g.size, top, bottom, ch: g.ch, hangs: hangs || piece, ...(piece && { piece }), ...(accent && { accent }), ...(BIG_OPERATORS.has(tex ?? '') && { op: true }) });
  }
  return integrals(norms(ellipses(dotColumns(joinPieces(textWords(limitNames(atoms)))))));
}

/** "lim sup" and "lim inf", set a thin space apart: one operator (\limsup), its limit under both words. */
function limitNames(atoms: Atom[]): Atom[] {
  const lim = atoms.filter((a) => a.tex === '\\lim');
  if (!lim.length) return atoms;
  let out = atoms;
  for (const l of lim) {
    const next = out.find((a) => (a.tex === '\\sup' || a.tex === '\\inf') && Math.abs(a.base - l.base) < 0.05 * l.size && a.x0 > l.x1 && a.x0 - l.x1 < 0.4 * l.size);
    if (!next) continue;
    out = out.filter((a) => a !== l && a !== next);
    out.push({ ...l, tex: `\\lim${next.tex.slice(1)}`, x1: next.x1 });
  }
  return out;
}

/** Atoms math sets no space beside: letters, digits, Greek letters, closing brackets. */
const ordinary = (tex: string) => /^[A-Za-z0-9)\]]$/.test(tex) || GREEK_COMMANDS.has(tex);

/**
 * Words of a formula's text (\text{for all}) a word space apart on one baseline: one text atom, its spaces kept
 * (KaTeX draws them; \mathrm{for}\mathrm{all} runs the words together).
 */
function textWords(atoms: Atom[]): Atom[] {
  const word = (a: Atom) => /^\\mathrm\{[A-Za-z]+\}$/.test(a.tex);
  const words = atoms.filter(word).sort((a, b) => a.x0 - b.x0);
  const out = atoms.filter((a) => !word(a));
  // A word space between the text and a letter, digit or closing bracket beside it is the text's own (\prod_{p
  // \text{ prime}}, \text{if } x): math sets no space there. (Relations, operators and punctuation bring their own.)
  const spaced = (phrase: Atom[], before: boolean) => {
    const [first, last] = [phrase[0]!, phrase.at(-1)!];
    const side = atoms.filter((a) => !phrase.includes(a) && a.bottom > first.top && a.top < first.bottom && (before ? a.x1 <= first.x0 + 0.05 * first.size : a.x0 >= last.x1 - 0.05 * last.size));
    const next = side.sort((a, b) => (before ? b.x1 - a.x1 : a.x0 - b.x0))[0];
    const gap = next && (before ? first.x0 - next.x1 : next.x0 - last.x1);
    return next !== undefined && ordinary(next.tex) && gap! > 0.2 * first.size && gap! < 0.5 * first.size;
  };
  let phrase: Atom[] = [];
  const close = () => {
    if (phrase.length === 1 && !spaced(phrase, true) && !spaced(phrase, false)) out.push(phrase[0]!);
    else if (phrase.length) {
      const text = `${spaced(phrase, true) ? ' ' : ''}${phrase.map((a) => a.tex.slice(8, -1)).join(' ')}${spaced(phrase, false) ? ' ' : ''}`;
      out.push({ ...phrase[0]!, ...union(phrase), base: phrase[0]!.base, size: phrase[0]!.size, tex: `\\text{${text}}` });
    }
    phrase = [];
  };
  for (const w of words) {
    const last = phrase.at(-1);
    const gap = last ? w.x0 - last.x1 : 0;
    const between = last && atoms.some((a) => !word(a) && a.x0 >= last.x1 - 0.05 * w.size && a.x1 <= w.x0 + 0.05 * w.size && a.bottom > w.top && a.top < w.bottom);
    if (!last || (Math.abs(w.base - last.base) < 0.05 * w.size && gap > 0.15 * w.size && gap < 0.5 * w.size && !between)) phrase.push(w);
    else {
      close();
      phrase.push(w);
    }
  }
  close();
  return out;
}

/**
 * TeX builds its long arrows of two glyphs run together (\joinrel): "=" and "⇒" are \Longrightarrow (\implies),
 * "⇐" and "⇒" \Longleftrightarrow (\iff), "−" and "→" \longrightarrow (an \xrightarrow's shaft is more "−"),
 * cmsy's mapsto stem (code "7", which pdfTeX's map leaves unnamed) and "→" \mapsto, cmmi's hook (code ",") and "→"
 * \hookrightarrow. A pair is one arrow only where its glyphs touch on one baseline: relations set side by side
 * ("x ← −y") stand a thick space apart.
 */
const ARROW_PAIRS: Record<string, string> = {
  '=⇒': '⟹', '⇐=': '⟸', '⇐⇒': '⟺', '−→': '⟶', '-→': '⟶', '←−': '⟵', '←-': '⟵', '←→': '⟷', '−−': '−', '--': '−', '7→': '↦', '7⟶': '⟼', '↦−': '↦', '↦⟶': '⟼', ',→': '↪', '↪→': '↪',
  // newtx names its mapsto stem "↦" and its hook "↩" (in its math italic font).
  '↦→': '↦', '↩→': '↪',
};
/** A stem or hook joins the arrow after it once the arrow's shaft is joined ("↦" "−" "→" is ⟼, not ↦ then →). */
const STEMS = new Set(['7', '↦', ',', '↪', '↩']);

export function joinedArrows(glyphs: readonly Glyph[]): Glyph[] {
  const out = [...glyphs];
  const touch = (a: Glyph, b: Glyph) => Math.abs(a.base - b.base) < 0.1 * a.size && Math.abs(a.size - b.size) < 0.2 * a.size && b !== a && b.x0 > a.x0 - 0.1 * a.size && b.x0 < a.x1 + 0.05 * a.size;
  // A stem or hook is no character of its own: only its font says what it is.
  const arrowPart = (g: Glyph) => (g.ch === '7' ? g.cls === 'symbol' : g.ch === ',' ? g.cls === 'italic' : true);
  for (const stems of [false, true]) {
    for (let joined = true; joined; ) {
      joined = false;
      for (let i = 0; i < out.length && !joined; i++) {
        const a = out[i]!;
        if (STEMS.has(a.ch) !== stems) continue;
        const j = out.findIndex((b) => ARROW_PAIRS[a.ch + b.ch] !== undefined && arrowPart(a) && touch(a, b));
        if (j < 0) continue;
        const b = out[j]!;
        out[i] = { ...a, ch: ARROW_PAIRS[a.ch + b.ch]!, cls: 'symbol', x1: Math.max(a.x1, b.x1) };
        out.splice(j, 1);
        joined = true;
      }
    }
  }
  // TeX builds \cong of a ∼ raised over an = (\mathpalette): one relation.
  for (const sim of out.filter((g) => g.ch === '∼')) {
    const eq = out.find((g) => g.ch === '=' && Math.abs(cx(g) - cx(sim)) < 0.25 * g.size && sim.base < g.base - 0.1 * g.size && g.base - sim.base < 0.6 * g.size);
    if (!eq) continue;
    out.splice(out.indexOf(sim), 1);
    out[out.indexOf(eq)] = { ...eq, ch: '≅', cls: 'symbol', x0: Math.min(eq.x0, sim.x0), x1: Math.max(eq.x1, sim.x1) };
  }
  return out;
}

/** An extension font's bar pieces, as the delimiter their stack draws. */
const EXTENSION_BARS: Record<string, string> = { '|': '|', '∣': '|', '‖': '\\|', '∥': '\\|' };

/**
 * Three full stops set one under another (TeX's \vdots) or stepping down to the right (\ddots), a third of a
 * size apart: one atom, on the row of the middle one (a matrix's middle row).
 */
function dotColumns(atoms: Atom[]): Atom[] {
  const dots = atoms.filter((a) => a.tex === '.').sort((a, b) => a.base - b.base);
  const used = new Set<Atom>();
  const out: Atom[] = [];
  const step = (d: number, s: number) => d > 0.2 * s && d < 0.6 * s;
  for (const a of dots) {
    if (used.has(a)) continue;
    for (const name of ['\\vdots', '\\ddots']) {
      const next = (p: Atom) => dots.find((q) => !used.has(q) && q !== p && step(q.base - p.base, p.size) && (name === '\\vdots' ? Math.abs(q.x0 - p.x0) < 0.1 * p.size : step(q.x0 - p.x0, p.size)));
      const b = next(a);
      const c = b && next(b);
      if (!b || !c) continue;
      [a, b, c].forEach((d) => used.add(d));
      out.push({ ...b, tex: name, ch: undefined, x0: a.x0, x1: Math.max(a.x1, c.x1), top: a.top, bottom: c.bottom, base: b.base + 0.15 * b.size });
      break;
    }
  }
  return [...atoms.filter((a) => !used.has(a)), ...out];
}

/** amsmath's \iint and \iiint are integral signs drawn a little apart (less than a thick space): one operator. */
function integrals(atoms: Atom[]): Atom[] {
  const out: Atom[] = [];
  for (const a of [...atoms].sort((p, q) => p.x0 - q.x0)) {
    const last = out.at(-1);
    const again = last && a.tex === '\\int' && /^\\(int|iint)$/.test(last.tex) && a.x0 - last.x1 < 0.25 * a.size && Math.abs(a.base - last.base) < 0.1 * a.size;
    if (again) out[out.length - 1] = { ...last, tex: last.tex === '\\int' ? '\\iint' : '\\iiint', x1: a.x1 };
    else out.push(a);
  }
  return out;
}

/**
 * cmsy draws one double bar for the relation \parallel and for the norm's \| (‖x‖, D(P‖Q)); TeX sets a relation a
 * thick space from its neighbours and the norm's bars tight. A bar with a neighbour closer than that is \|.
 */
function norms(atoms: Atom[]): Atom[] {
  for (const bar of atoms.filter((a) => a.tex === '\\parallel')) {
    const row = atoms.filter((a) => a !== bar && Math.abs(a.base - bar.base) < 0.3 * bar.size);
    const left = Math.min(...row.filter((a) => a.x1 <= bar.x0 + 0.05 * bar.size).map((a) => bar.x0 - a.x1));
    const right = Math.min(...row.filter((a) => a.x0 >= bar.x1 - 0.05 * bar.size).map((a) => a.x0 - bar.x1));
    if (Math.min(left, right) < 0.22 * bar.size) bar.tex = '\\|';
  }
  return atoms;
}

/**
 * Three dots set in a row, a thin space apart, are the ellipsis TeX draws that way: "· · ·" is \cdots, ". . ." on
 * the baseline \ldots (written as dots they would read, and render, as three products or full stops). Dots that
 * touch were typed as dots ("E_1, ..., E_M") and stay so.
 */
function ellipses(atoms: Atom[]): Atom[] {
  const sorted = [...atoms].sort((a, b) => a.x0 - b.x0);
  const used = new Set<Atom>();
  const out: Atom[] = [];
  // The next dot on the row, a thin space on (rows of a matrix interleave in x: only the row counts).
  const next = (p: Atom) => {
    const on = sorted.filter((q) => q !== p && !used.has(q) && Math.abs(q.base - p.base) <= 0.1 * q.size && q.x0 > p.x0);
    const q = on[0];
    const gap = q ? q.x0 - p.x1 : 0;
    return q && q.tex === p.tex && gap > 0.08 * q.size && gap <= 0.6 * q.size ? q : undefined;
  };
  for (const a of sorted) {
    if (used.has(a)) continue;
    const name = ELLIPSES[a.tex];
    const b = name ? next(a) : undefined;
    const c = b && next(b);
    if (name && b && c) {
      [a, b, c].forEach((d) => used.add(d));
      out.push({ ...a, tex: name, x1: c.x1, ch: undefined });
    } else out.push(a);
  }
  return out;
}

const ELLIPSES: Record<string, string> = { '\\cdot': '\\cdots', '.': '\\ldots' };

/**
 * Pieces of one tall delimiter (⎛ ⎜ ⎝, cmex's repeated bar of a tall |), stacked at one place one on another,
 * become one delimiter. Pieces at one place that do not meet are two (the bars of |x| over those of |y|).
 */
function joinPieces(atoms: Atom[]): Atom[] {
  const out = atoms.filter((a) => !a.piece);
  const joined: Atom[] = atoms.filter((a) => a.piece).map((a) => ({ ...a }));
  const meet = (a: Atom, b: Atom) =>
    a.tex === b.tex && Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.3 * Math.min(a.x1 - a.x0, b.x1 - b.x0) && a.top <= b.bottom + 0.3 * a.size && b.top <= a.bottom + 0.3 * a.size;
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < joined.length && !merged; i++) {
      for (let j = i + 1; j < joined.length && !merged; j++) {
        const [a, b] = [joined[i]!, joined[j]!];
        if (!meet(a, b)) continue;
        a.top = Math.min(a.top, b.top);
        a.bottom = Math.max(a.bottom, b.bottom);
        a.base = (a.top + a.bottom) / 2 + 0.25 * a.size;
        joined.splice(j, 1);
        merged = true;
      }
    }
  }
  return [...out, ...joined];
}

export const union = (parts: readonly Atom[]) => ({
  x0: Math.min(...parts.map((a) => a.x0)),
  x1: Math.max(...parts.map((a) => a.x1)),
  top: Math.min(...parts.map((a) => a.top)),
  bottom: Math.max(...parts.map((a) => a.bottom)),
});

/** Largest text size among atoms that are not big operators or extension glyphs. */
export function mainSize(atoms: readonly Atom[]): number {
  // Delimiters grow with what they hold (Word sets a tall bracket in a larger size): they do not count.
  const plain = atoms.filter((a) => !a.op && !a.hangs && !/^([()[\]|]|\\[{}|]|\\langle|\\rangle)$/.test(a.tex));
  return Math.max(...(plain.length ? plain : atoms).map((a) => a.size));
}

/** Baseline of a row: the one most of its full-size width sits on. */
export function baselineOf(atoms: readonly Atom[]): number {
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
