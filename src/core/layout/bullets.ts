// List bullets drawn as shapes rather than text (HTML/PDF list markers often are): a small compact
// blob of ink just left of a line, centred on its x-height. Lines whose detector box already holds the
// bullet are checked for a bullet at their own start instead.
//
//   findDrawnBullets(image, boxes, indices) → Set of line indices
//   loneBullets(boxes, texts)                 → a bullet boxed alone and read ".", written '•'
//   markBoxes(boxes, texts, indices, marked)  → boxes that are only the drawn bullet of a marked line
import type { BBox, PageImage } from '../../protocol/page';
import { darkAt } from '../image/ink';
import { height, verticalOverlap, width } from './geometry';

export function findDrawnBullets(image: PageImage, boxes: BBox[], indices: number[], furniture: readonly BBox[] = []): Set<number> {
  const out = new Set<number>();
  // Ink of text set in the margin (line numbers beside every line of a draft) is that text, not a bullet.
  const inked = darkAt(image);
  const dark = (x: number, y: number) => inked(x, y) && !furniture.some((b) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3]);
  for (const i of indices) {
    if (bulletInside(image, boxes[i]!, dark)) {
      out.add(i);
      continue;
    }
    const [x0, y0, , y1] = boxes[i]!;
    const h = y1 - y0;
    const sx1 = Math.max(0, Math.floor(x0 - 0.1 * h));
    const sy0 = Math.max(0, Math.floor(y0));
    const sy1 = Math.min(image.height, Math.ceil(y1));
    // Left of the side of a box the list is framed in, nothing is the line's.
    let sx0 = Math.max(0, Math.floor(x0 - 1.8 * h));
    for (let x = sx1 - 1; x >= sx0; x--) if (ruleAt(x, sy0, sy1, dark)) sx0 = x + 1;
    if (sx1 - sx0 < 3 || sy1 - sy0 < 3) continue;
    let [bx0, by0, bx1, by1, n] = [Infinity, Infinity, -1, -1, 0];
    for (let y = sy0; y < sy1; y++) {
      for (let x = sx0; x < sx1; x++) {
        if (!dark(x, y)) continue;
        n++;
        [bx0, by0, bx1, by1] = [Math.min(bx0, x), Math.min(by0, y), Math.max(bx1, x), Math.max(by1, y)];
      }
    }
    if (n === 0) continue;
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    const cy = (by0 + by1) / 2;
    // Small, roughly square, filled, and nearer the middle of the line than its edges.
    const compact = bw <= 0.5 * h && bh <= 0.5 * h && bw >= 0.12 * h && bh >= 0.12 * h && bw / bh < 2 && bh / bw < 2;
    if (compact && n >= 0.4 * bw * bh && Math.abs(cy - (y0 + y1) / 2) < 0.3 * h && clearBefore(bx0, sy0, sy1, h, dark)) out.add(i);
  }
  return out;
}

/**
 * A bullet starts its line: paper to its left. The end of a line beside it (the left column's hyphen or full stop
 * across a narrow gutter) is a small blob too, with that line's letters just before it. A rule through the whole
 * line's height is no letter: the side of a box the list is framed in.
 */
function clearBefore(bx0: number, y0: number, y1: number, h: number, dark: (x: number, y: number) => boolean): boolean {
  for (let x = Math.max(0, Math.floor(bx0 - 1.5 * h)); x < bx0 - 0.2 * h; x++) {
    if (ruleAt(x, y0, y1, dark)) continue;
    for (let y = y0; y < y1; y++) if (dark(x, y)) return false;
  }
  return true;
}

/** Ink down the whole of a line's height: a rule, never a letter or a bullet. */
function ruleAt(x: number, y0: number, y1: number, dark: (x: number, y: number) => boolean): boolean {
  for (let y = y0; y < y1; y++) if (!dark(x, y)) return false;
  return y1 > y0;
}

/**
 * A detector box that holds its bullet: from the left, a first blob of ink that is small, about as wide
 * as tall, much shorter than the glyphs after it and level with their middle, then a clear gap.
 */
function bulletInside(image: PageImage, box: BBox, dark: (x: number, y: number) => boolean): boolean {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const y1 = Math.min(image.height, Math.ceil(box[3]));
  const x1 = Math.min(image.width, Math.ceil(box[2]));
  const h = y1 - y0;
  if (h < 6 || x1 - x0 < 3 * h) return false;
  const column = (x: number) => {
    let top = -1;
    let bottom = -1;
    for (let y = y0; y < y1; y++) if (dark(x, y)) [top, bottom] = [top < 0 ? y : top, y];
    return top < 0 ? undefined : [top, bottom];
  };
  let x = x0;
  const limit = Math.min(x1, x0 + 2 * h);
  while (x < limit && !column(x)) x++;
  if (x >= limit) return false;
  // The blob: consecutive inked columns.
  let [bt, bb, bx0] = [Infinity, -1, x];
  for (let c = column(x); c && x < limit; c = column(++x)) [bt, bb] = [Math.min(bt, c[0]), Math.max(bb, c[1])];
  const bw = x - bx0;
  const bh = bb - bt + 1;
  const blob = inkRun(bx0, x, y0, y1, dark).pixels;
  // The gap after it, then the text's glyphs. A scan's speck in the gap, far less ink than a bullet of some
  // size, is paper; faint print's thin strokes are not specks, beside a dot no bigger than they are.
  let gap = 0;
  for (;;) {
    while (x < x1 && !column(x)) [x, gap] = [x + 1, gap + 1];
    const speck = inkRun(x, x1, y0, y1, dark);
    if (blob < 16 || speck.width > 2 || 8 * speck.pixels > blob || x + speck.width >= x1) break;
    [x, gap] = [x + speck.width, gap + speck.width];
  }
  let [gt, gb] = [Infinity, -1];
  for (let k = x; k < Math.min(x1, x + 2 * h); k++) {
    const c = column(k);
    if (c) [gt, gb] = [Math.min(gt, c[0]), Math.max(gb, c[1])];
  }
  const gh = gb - gt + 1;
  if (gb < 0) return false;
  // A bullet is filled (a disc fills ~0.79 of its box, a square all of it) and stands a word space from its text;
  // a line's first small letter ("c", "o", "s" before the ascenders of the next) is a ring a letter space away.
  const filled = blob >= 0.6 * bw * bh;
  return filled && bw <= 0.8 * gh && bh <= 0.55 * gh && bw >= 2 && bh >= 2 && bw / bh < 2 && bh / bw < 2 && gap >= 0.45 * gh && Math.abs((bt + bb) / 2 - (gt + gb) / 2) < 0.25 * gh;
}

/** The run of inked columns from x: its width and how many dark pixels it holds. */
function inkRun(x: number, x1: number, y0: number, y1: number, dark: (x: number, y: number) => boolean): { width: number; pixels: number } {
  let [width, pixels] = [0, 0];
  for (; x + width < x1; width++) {
    let n = 0;
    for (let y = y0; y < y1; y++) if (dark(x + width, y)) n++;
    if (n === 0) break;
    pixels += n;
  }
  return { width, pixels };
}

/** What a recognizer reads for a bullet drawn as a shape, alone in its box: a dot-like mark, or two. */
const DOT = /^[.·•∙●◦°oO](?: ?[.·•∙])?$/;

/**
 * Bullets the detector boxed apart from their line and the recognizer read as a dot ("."), written '•' so the
 * line's row is a list item: a compact box holding one dot-like mark, with a line of text starting just right of
 * it on the same row. A full stop is never alone before a line.
 */
export function loneBullets(boxes: readonly BBox[], texts: (string | undefined)[]): void {
  boxes.forEach((b, i) => {
    if (!DOT.test(texts[i]?.trim() ?? '') || width(b) > 2 * height(b)) return;
    const line = boxes.some((c, j) => j !== i && (texts[j]?.trim().length ?? 0) > 1 && width(c) > 2 * height(c) && standsBefore(b, c, 2 * height(b)));
    if (line) texts[i] = '•';
  });
}

/** Box `b` stands just before line `c` on its row: `c` starts right of b's middle and within `reach` of its end. */
const standsBefore = (b: BBox, c: BBox, reach: number) => c[0] > (b[0] + b[2]) / 2 && c[0] < b[2] + reach && verticalOverlap(b, c) > 0.5;

/**
 * Boxes the detector drew around a bullet alone, before a line whose bullet was found in the pixels (`marked`), read
 * as nothing (a reading the recognizer doubted) or a dot: they are that line's mark, not a line. Kept, they led the
 * line's row, and it was no list item (a list in a shaded box, where the detector boxes every bullet).
 */
export function markBoxes(boxes: readonly BBox[], texts: readonly (string | undefined)[], indices: readonly number[], marked: ReadonlySet<number>): Set<number> {
  const out = new Set<number>();
  const lines = [...marked];
  for (const i of indices) {
    const b = boxes[i]!;
    const t = texts[i]?.trim() ?? '';
    if ((t !== '' && !DOT.test(t)) || width(b) > 2 * height(b)) continue;
    if (lines.some((j) => j !== i && standsBefore(b, boxes[j]!, height(boxes[j]!)))) out.add(i);
  }
  return out;
}
