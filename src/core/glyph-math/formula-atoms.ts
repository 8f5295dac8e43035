// A formula's glyphs as atoms: each glyph named in LaTeX with its box and baseline, upright letter runs as
// function names, tall delimiter pieces joined; and the geometry the builder measures atoms by.
import type { Glyph } from './glyphs';
import { baseFontName } from '../text-layer/font-name';
import { isItalicFont } from './glyphs';
import { ACCENTS, BIG_OPERATORS, FUNCTION_NAMES, functionName, glyphLatex, isDelimiterPiece } from './symbols';

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

/** A layout the builder cannot read: the formula is left as it was found. */
export class Unsure extends Error {}

/** One typeface, whatever subset of it a run's font is. */
const sameFace = (a: string, b: string) => baseFontName(a) === baseFontName(b);
export const cx = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
export const cy = (a: Atom) => (a.top + a.bottom) / 2;

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
  return ellipses(joinPieces(atoms));
}

/**
 * Three dots set in a row, a thin space apart, are the ellipsis TeX draws that way: "· · ·" is \cdots, ". . ." on
 * the baseline \ldots (written as dots they would read, and render, as three products or full stops). Dots that
 * touch were typed as dots ("E_1, ..., E_M") and stay so.
 */
function ellipses(atoms: Atom[]): Atom[] {
  const sorted = [...atoms].sort((a, b) => a.x0 - b.x0);
  const out: Atom[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const run = sorted.slice(i, i + 3);
    const name = ELLIPSES[run[0]!.tex];
    const spaced = (k: number) => run[k]!.x0 - run[k - 1]!.x1 > 0.08 * run[k]!.size && run[k]!.x0 - run[k - 1]!.x1 <= 0.6 * run[k]!.size;
    const dotted = run.length === 3 && run.every((a) => a.tex === run[0]!.tex && Math.abs(a.base - run[0]!.base) <= 0.1 * a.size) && spaced(1) && spaced(2);
    if (name && dotted) {
      out.push({ ...run[0]!, tex: name, x1: run[2]!.x1, ch: undefined });
      i += 2;
    } else out.push(sorted[i]!);
  }
  return out;
}

const ELLIPSES: Record<string, string> = { '\\cdot': '\\cdots', '.': '\\ldots' };

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
