// What a line of glyphs is: prose, a display formula set with a word or two, numbered as an equation; and the
// gutters of a page set in columns.
import type { BBox } from '../../protocol/page';
import type { Glyph } from './glyphs';
import { isMathGlyph, type ProseWord, proseWords } from './prose-math';

/** An equation number: "(3)", "(2.4a)", "(1.2.3)". */
export const EQ_NUMBER = /^\(\s*[0-9]{1,3}(\.[0-9]{1,3})*[a-z]?\s*\)$/;

/**
 * Prose: a word of three or more letters in a text font at the line's own size (a footnote's words are
 * prose too; smaller letters are scripts, "eff"), or three such words at any size (fonts whose pdf.js size
 * is off).
 */
export function isProse(glyphs: readonly Glyph[]): boolean {
  const body = Math.max(0, ...glyphs.filter((g) => g.cls !== 'extension' && g.ch.trim()).map((g) => g.size));
  const { words, inWords } = proseWords(glyphs);
  const upright = words.some((w) => w.size >= 0.8 * body && !w.italic);
  // Italic words alone may be a formula set in a text font's italic (q_ij as "qij"): prose when words are
  // most of the line.
  const share = inWords.size / Math.max(1, glyphs.filter((g) => g.ch.trim()).length);
  return upright || words.length >= 3 || (words.some((w) => w.size >= 0.8 * body) && share >= 0.5);
}

/**
 * A line of the page (its layer lines side by side) with a word or two in it that is a display formula, not
 * prose: numbered as an equation, or a row of cases (right of a tall brace of the extension font, within its
 * height: "0 otherwise"). A paper set in Computer Modern writes \mathrm{softmax} and \text{if} in its body
 * text's font ("Attention(Q, K, V) = softmax(QKᵀ/√d)V (1)"). Math with a word or two is not enough: an
 * algorithm's "Input G = (V, E), C = {V₁, …}" and a list of atoms "C1′, C2′, … and O5′) and" are lines of text.
 */
export function displayed(glyphs: readonly Glyph[], body: number, braces: readonly Glyph[]): boolean {
  if (numbered(glyphs, body) && glyphs.some(isMathGlyph)) return true;
  const shown = glyphs.filter((g) => g.ch.trim());
  if (!shown.length) return false;
  const x0 = Math.min(...shown.map((g) => g.x0));
  const mid = shown.reduce((t, g) => t + g.base - 0.3 * g.size, 0) / shown.length;
  return braces.some((b) => b.x1 <= x0 + 0.1 * body && x0 - b.x1 < 2 * body && mid > b.base && mid < b.base + (b.depth ?? 1) * b.size);
}

/**
 * Two words with nothing but a space between them: a phrase of prose. A numbered formula's words stand between
 * brackets, operators and scripts ("MultiHead(Q, K, V) = Concat(head₁, …, head_h)Wᴼ (16)"); a prose line ending in
 * a number at its right still has phrases ("where the constants are as in (3)").
 */
export function phrased(glyphs: readonly Glyph[], words: readonly ProseWord[]): boolean {
  const ws = [...words].sort((a, b) => a.x0 - b.x0);
  const between = (a: ProseWord, b: ProseWord) => glyphs.some((g) => g.ch.trim() && (g.x0 + g.x1) / 2 > a.x1 && (g.x0 + g.x1) / 2 < b.x0);
  return ws.some((w, k) => k + 1 < ws.length && ws[k + 1]!.x0 - w.x1 < 0.6 * w.size && !between(w, ws[k + 1]!));
}

/**
 * The gutters of a page set in columns: an x that (almost) no prose line crosses, with prose lines wholly on each
 * side of it (a title or an abstract across the page may cross it). Empty for a page of one column.
 */
export function columnGutters(prose: readonly BBox[], body: number): number[] {
  const out: number[] = [];
  const allowed = Math.max(2, 0.15 * prose.length);
  for (const r of [...new Set(prose.map((b) => b[2]))].sort((x, y) => x - y)) {
    const x = r + 0.1 * body;
    if (out.some((g) => Math.abs(g - x) < 5 * body)) continue;
    const left = prose.filter((b) => b[2] <= x);
    const right = prose.filter((b) => b[0] >= x);
    const crossing = prose.filter((b) => b[0] < x && b[2] > x).length;
    if (crossing > allowed || left.length < 3 || right.length < 3) continue;
    out.push((Math.max(...left.map((b) => b[2])) + Math.min(...right.map((b) => b[0]))) / 2);
  }
  return out;
}

/** The line ends in an equation number set apart at its right: "(3)", "(2.4a)". */
export function numbered(glyphs: readonly Glyph[], body: number): boolean {
  const gs = glyphs.filter((g) => g.ch.trim()).sort((a, b) => a.x0 - b.x0);
  for (let k = gs.length - 1; k > 0; k--) {
    if (gs[k]!.x0 - gs[k - 1]!.x1 <= 1.5 * body) continue;
    return EQ_NUMBER.test(gs.slice(k).map((g) => g.ch).join(''));
  }
  return false;
}
