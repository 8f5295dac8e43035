// Where each word of a line goes in the invisible text layer. Lines come with one box each, so a line's box
// is shared among its words in proportion to their advance widths in the embedded font (spaces included):
// the line's text, set in that font and stretched by one horizontal scale (Tz) to the box's length, puts
// each word where the same share of the box begins. On a page of even type this lands within a character or
// two of the ink; what matters more is that selecting a word highlights about that word. The line's box holds
// its words and the space drawn after each, the last one's too.
//
//   placeLine(line, space, font) → WordPlacement[]
import type { PageLine } from '../../protocol/page';
import type { PageSpace } from './page-space';

export interface FontMetrics {
  /** Advance width of `text` at size 1 (em). */
  width(text: string): number;
  /** Above the baseline, em (> 0). */
  ascent: number;
  /** Below the baseline, em (< 0). */
  descent: number;
}

export interface WordPlacement {
  text: string;
  /** Font size, user-space units. */
  size: number;
  /** Horizontal scale (Tz), percent. */
  hScale: number;
  /** Text matrix: unit rotation, origin on the baseline where the word starts (user space). */
  matrix: [number, number, number, number, number, number];
  /** The word's length along the baseline (user space). */
  length: number;
}

/** Image-pixel frame of a line's text: baseline start, direction, length along it and thickness across it. */
function lineFrame(line: PageLine, below: number) {
  const [x0, y0, x1, y1] = line.bbox;
  const t = (((line.turns ?? 0) % 4) + 4) % 4;
  const [w, h] = [x1 - x0, y1 - y0];
  if (t === 1) return { start: [x1 - below * w, y1], dir: [0, -1], along: h, across: w, sideways: true };
  if (t === 2) return { start: [x1, y0 + below * h], dir: [-1, 0], along: w, across: h, sideways: false };
  if (t === 3) return { start: [x0 + below * w, y0], dir: [0, 1], along: h, across: w, sideways: true };
  return { start: [x0, y1 - below * h], dir: [1, 0], along: w, across: h, sideways: false };
}

export function placeLine(line: PageLine, space: PageSpace, font: FontMetrics): WordPlacement[] {
  const text = line.text.replace(/\s+/g, ' ').trim();
  // Each word is drawn with a space after it (searchable-pdf.ts); the line's last space fits in the box too,
  // so a neighbouring line whose box overlaps this one's still starts after a gap.
  const natural = font.width(text + ' ');
  if (!text || !(natural > 0)) return [];
  const em = font.ascent - font.descent;
  const f = lineFrame(line, -font.descent / em);
  const [sAlong, sAcross] = f.sideways ? [space.scale[1], space.scale[0]] : [space.scale[0], space.scale[1]];
  // The glyphs' full height (ascender to descender) fills the box: viewers highlight that band.
  const size = (f.across * sAcross) / em;
  const stretch = (f.along * sAlong) / (natural * size);
  const [ox, oy] = space.point(f.start[0]!, f.start[1]!);
  const [dx, dy] = space.point(f.start[0]! + f.dir[0]!, f.start[1]! + f.dir[1]!);
  const norm = Math.hypot(dx - ox, dy - oy) || 1;
  const [c, s] = [(dx - ox) / norm, (dy - oy) / norm];
  const out: WordPlacement[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const offset = font.width(text.slice(0, m.index)) * size * stretch;
    out.push({
      text: m[0],
      size,
      hScale: stretch * 100,
      matrix: [c, s, -s, c, ox + c * offset, oy + s * offset],
      length: font.width(m[0]) * size * stretch,
    });
  }
  return out;
}
