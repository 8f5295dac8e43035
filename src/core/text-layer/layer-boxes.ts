// The detector's line boxes as a PDF's own text gives them, for a page whose text covers its ink: the pieces
// of one row that a word space or so apart joined into one line, each box set where the detector would put
// it. The page is then read as if detected (text-layer-page.ts), without the detector's pass over the page.
//
//   layerBoxes(lines, scale) → LineBox[]   (scale: detector pixels per page pixel)
//
// Measured on the 38 real born-digital eval pages (pages 2000 px long, detector at 1120), boxes holding one
// layer line of height h: the detector's edges lie at a fixed few pixels from the layer's less a share of h
// (least squares, half the residuals within 1.0–1.5 px): top 0.20 h − 4.3 px, bottom −0.15 h + 6.7 px, left
// −0.15 h + 6.1 px, right −0.17 h + 8.9 px (grown positive; at h = 26, the body's usual, 1, 2.7, 2.2, 4.4 px).
// The fixed part is the detector's, in its own pixels. Pieces of one row were in one detector box 80 % of the
// time when less than a line height apart, 36 % at 1–1.5, 12 % at 1.5–2, under 5 % beyond.
import type { LineBox } from '../detect/db-postprocess';
import { height, union, verticalOverlap, width } from '../layout/geometry';
import type { TextLine } from '../layout/types';
import { darkAt } from '../image/ink';
import type { BBox, PageImage } from '../../protocol/page';

/** Pieces of one row this many line heights apart (or closer) are one line, as the detector joins them. */
export const JOIN_GAP = 0.9;
/** The detector's box about a layer line's of height h: `share` × h + `px` detector pixels (grown positive). */
const MARGIN = {
  left: { share: -0.15, px: 3.4 },
  top: { share: -0.2, px: 2.4 },
  right: { share: -0.17, px: 5 },
  bottom: { share: -0.15, px: 3.8 },
};

export function layerBoxes(lines: readonly TextLine[], scale: number, page: PageImage): LineBox[] {
  const ink = darkAt(page);
  const boxes = lines.map((l) => l.bbox);
  const parent = boxes.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  // Each piece joins the nearest piece to its right on its row when the paper between them is no wider than
  // JOIN_GAP: a row's pieces chain up, and ink the text lacks between them (a bracket drawn as a path, a
  // formula's pieces) bridges them as it does for the detector. Row mates are looked for among the pieces whose
  // middles are near (by middle, so a page of thousands of lines costs no more than its rows do).
  const byMiddle = boxes.map((_, i) => i).sort((a, b) => middle(boxes[a]!) - middle(boxes[b]!));
  const middles = byMiddle.map((i) => middle(boxes[i]!));
  boxes.forEach((a, i) => {
    let next = -1;
    // A row mate's middle is within a line height of a's box (a taller piece beside a subscript's).
    const h = height(a);
    for (let k = lowerBound(middles, a[1] - h); k < middles.length && middles[k]! <= a[3] + h; k++) {
      const j = byMiddle[k]!;
      const b = boxes[j]!;
      if (j !== i && (b[0] > a[0] || (b[0] === a[0] && j > i)) && sameRow(a, b) && (next < 0 || b[0] < boxes[next]![0])) next = j;
    }
    if (next >= 0 && blankBetween(ink, a, boxes[next]!, page) <= JOIN_GAP * Math.min(height(a), height(boxes[next]!))) parent[root(next)] = root(i);
  });
  const groups = new Map<number, BBox[]>();
  for (const [i, b] of boxes.entries()) {
    const group = groups.get(root(i));
    if (group) group.push(b);
    else groups.set(root(i), [b]);
  }
  return [...groups.values()].map((g) => ({ bbox: detectorBox(union(g), scale), score: 1, angle: 0 }));
}

const middle = (b: BBox) => (b[1] + b[3]) / 2;

/** The first index of sorted `xs` whose value is at least `v`. */
function lowerBound(xs: readonly number[], v: number): number {
  let [lo, hi] = [0, xs.length];
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (xs[m]! < v) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** Ink between pieces bridges them where it stands this tall in the row (a letter, a bracket; not a dot or a dash). */
const TALL = 0.3;

/**
 * The widest run of blank columns between `a` and `b` (to its right), across the height they share. Columns
 * with only low ink (dot leaders, a dash) are blank, and so is a column whose ink runs on well above and below
 * the row (a ruling line, which parts cells as paper does); a row of pixels inked across the whole gap (a
 * cell's border) is not looked at.
 */
function blankBetween(ink: (x: number, y: number) => boolean, a: BBox, b: BBox, page: PageImage): number {
  const [x0, x1] = [Math.max(0, Math.ceil(a[2])), Math.min(page.width, Math.floor(b[0]))];
  const [y0, y1] = [Math.max(0, Math.ceil(Math.max(a[1], b[1]))), Math.min(page.height, Math.floor(Math.min(a[3], b[3])))];
  if (x1 <= x0 || y1 <= y0) return 0;
  const reach = Math.ceil(0.3 * (y1 - y0));
  const [above, below] = [y0 - reach, y1 + reach];
  const rows: number[] = [];
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (ink(x, y)) n++;
    if (n < 0.9 * (x1 - x0)) rows.push(y);
  }
  let [run, widest] = [0, 0];
  for (let x = x0; x < x1; x++) {
    let [first, last] = [-1, -1];
    for (const y of rows) if (ink(x, y)) [first, last] = [first < 0 ? y : first, y];
    const rule = above >= 0 && below < page.height && ink(x, above) && ink(x, below);
    const blank = first < 0 || last - first < TALL * (y1 - y0) || rule;
    run = blank ? run + 1 : 0;
    widest = Math.max(widest, run);
  }
  return widest;
}

/** Two pieces share a row when half the shorter one's height is the other's too (a subscript is on its row). */
export function sameRow(a: BBox, b: BBox): boolean {
  return verticalOverlap(a, b) >= 0.5;
}


function detectorBox(b: BBox, scale: number): BBox {
  // The text's height across its run: a sideways run (a stamp up the margin) is as thick as it is wide.
  const h = height(b) > 3 * width(b) ? width(b) : height(b);
  const grow = (m: { share: number; px: number }) => Math.max(-h / 4, m.share * h + m.px / scale);
  return [b[0] - grow(MARGIN.left), b[1] - grow(MARGIN.top), b[2] + grow(MARGIN.right), b[3] + grow(MARGIN.bottom)];
}
