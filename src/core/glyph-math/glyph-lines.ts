// Which line of a PDF page's text layer each glyph stands in, and the page's body size and baseline.
//
//   glyphLines(lines, glyphs) → each line's glyphs
import type { LayerLine } from '../text-layer/text-items';
import type { Glyph } from './glyphs';

/** The most common size of the page's glyphs: the body text size. */
export function bodySize(glyphs: readonly Glyph[]): number {
  const counts = new Map<number, number>();
  for (const g of glyphs) if (g.ch.trim()) counts.set(Math.round(g.size * 2) / 2, (counts.get(Math.round(g.size * 2) / 2) ?? 0) + 1);
  let best = 0;
  let most = 0;
  for (const [s, n] of counts) if (n > most) [best, most] = [s, n];
  return best || 12;
}

/** The baseline most body-size glyphs stand on. */
export function baselineOf(glyphs: readonly Glyph[], body: number): number | undefined {
  const counts = new Map<number, number>();
  for (const g of glyphs) if (g.ch.trim() && g.size >= 0.9 * body) counts.set(Math.round(g.base * 2) / 2, (counts.get(Math.round(g.base * 2) / 2) ?? 0) + 1);
  let best: number | undefined;
  let most = 0;
  for (const [b, n] of counts) if (n > most) [best, most] = [b, n];
  return best;
}

/** A line's baseline, from its box: pdf.js boxes a line from its descent to its ascent. */
export const lineBase = (l: LayerLine) => l.bbox[3] - (0.25 / 1.1) * (l.bbox[3] - l.bbox[1]);

/** Where a glyph's middle is drawn: an extension glyph hangs from its baseline by its depth (TeX's metrics). */
export function middleOf(g: Glyph): number {
  return g.depth === undefined ? g.base - 0.3 * g.size : g.base + ((g.depth - (g.height ?? 0.05)) / 2) * g.size;
}

/** Each glyph's line: the line whose box holds its middle, nearest its baseline. */
export function glyphLines(lines: readonly LayerLine[], glyphs: readonly Glyph[]): Glyph[][] {
  const out: Glyph[][] = lines.map(() => []);
  // Lines by bands of the page's height, so each glyph looks only at the lines of its band.
  const BAND = 32;
  const bands = new Map<number, number[]>();
  lines.forEach((l, i) => {
    for (let b = Math.floor((l.bbox[1] - 1) / BAND); b <= Math.floor((l.bbox[3] + 1) / BAND); b++) bands.set(b, [...(bands.get(b) ?? []), i]);
  });
  for (const g of glyphs) {
    const mx = (g.x0 + g.x1) / 2;
    // pdf.js boxes a glyph from its baseline up; an extension glyph is drawn hanging from it (a text-style ∑ hangs
    // from above its row): a line whose box holds either middle may be its, the nearest by where it is drawn.
    const middles = [g.base - 0.3 * g.size, middleOf(g)];
    const base = middles[1]! + 0.3 * g.size;
    let best = -1;
    let dist = Infinity;
    const near = new Set(middles.flatMap((my) => bands.get(Math.floor(my / BAND)) ?? []));
    for (const i of near) {
      const b = lines[i]!.bbox;
      // pdf.js gives a glyph its map names with a variation selector (newtx's "∑︁") no width in the text content.
      const x = b[2] - b[0] < 0.1 * g.size ? g.x0 : mx;
      if (x < b[0] - 1 || x > b[2] + 1 || middles.every((my) => my < b[1] - 1 || my > b[3] + 1)) continue;
      const d = Math.abs(lineBase(lines[i]!) - base);
      if (d < dist) [best, dist] = [i, d];
    }
    if (best >= 0) out[best]!.push(g);
  }
  return out;
}
