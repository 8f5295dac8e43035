// Line boxes the detector ran across a column gutter, cut back into the two columns' lines. On a scanned
// two-column page whose gutter is narrow (an encyclopedia's, about one line-height), the detector sometimes
// joins a line of the left column to the line beside it: "…1691. Again in the | confiscated in 1806, and…".
// Read as one line, the pair is one full-width row and the reading order takes it out of both columns.
// A gutter is where the page's boxes stop on one side and start on the other, and few cross; a box that
// crosses it is cut where its own ink leaves most of the gutter's band blank, which a space between words
// never does. A heading set across both columns has letters there and is kept whole.
import { columnInk } from '../image/line-pieces';
import type { BBox, PageImage } from '../../protocol/page';

interface DetectedLine {
  bbox: BBox;
  angle?: number;
}

/** Lines at least this many on each side make a gutter (a column is many lines). */
const MIN_COLUMN_LINES = 6;
/** A gutter's band: at most this share of the boxes over the columns beside it cross it. */
const GUTTER_SHARE = 0.3;
/** A line crossing a gutter is two lines where its ink leaves this share of the gutter's band blank. */
const BLANK_SHARE = 0.7;

/** The page's lines with each one that crosses a gutter at a blank cut in two (left first, in place). */
export function splitAtGutters<L extends DetectedLine>(lines: readonly L[], image: PageImage): L[] {
  const heights = lines.map((l) => l.bbox[3] - l.bbox[1]).sort((a, b) => a - b);
  const h = heights[Math.floor(heights.length / 2)] ?? 0;
  if (lines.length < 2 * MIN_COLUMN_LINES || h <= 0) return [...lines];
  const gutters = findGutters(lines.map((l) => l.bbox), image.width, h);
  if (gutters.length === 0) return [...lines];
  const out: L[] = [];
  for (const line of lines) out.push(...cutLine(line, gutters, image));
  return out;
}

interface Gutter {
  x0: number;
  x1: number;
}

/**
 * Gutters from where the boxes are: a band of x that at most GUTTER_SHARE as many boxes cover as the columns
 * on either side, with at least MIN_COLUMN_LINES boxes ending just left of it and as many starting just right.
 */
export function findGutters(boxes: readonly BBox[], pageWidth: number, h: number): Gutter[] {
  const bin = Math.max(2, Math.round(h / 8));
  const n = Math.ceil(pageWidth / bin);
  const cover = new Array<number>(n).fill(0);
  for (const b of boxes) for (let i = Math.max(0, Math.floor(b[0] / bin)); i < Math.min(n, Math.ceil(b[2] / bin)); i++) cover[i]!++;
  // The columns' level beside a band: the most boxes over any bin within three line-heights of it.
  const reach = 3 * h;
  const level = (from: number, to: number) => Math.max(0, ...cover.slice(Math.max(0, from), Math.max(0, Math.min(n, to))));
  const gutters: Gutter[] = [];
  for (let i = 1; i < n; i++) {
    const span = Math.ceil(reach / bin);
    const low = (k: number) => cover[k]! <= GUTTER_SHARE * Math.min(level(i - span, i), level(k + 1, k + 1 + span));
    if (!low(i)) continue;
    let j = i;
    while (j < n && low(j)) j++;
    const x0 = i * bin;
    const x1 = j * bin;
    const endLeft = boxes.filter((b) => b[2] <= x0 + bin && b[2] > x0 - reach && b[0] < x0 - reach).length;
    const startRight = boxes.filter((b) => b[0] >= x1 - bin && b[0] < x1 + reach && b[2] > x1 + reach).length;
    if (j < n && endLeft >= MIN_COLUMN_LINES && startRight >= MIN_COLUMN_LINES) gutters.push({ x0, x1 });
    i = j;
  }
  return gutters;
}

function cutLine<L extends DetectedLine>(line: L, gutters: readonly Gutter[], image: PageImage): L[] {
  const [x0, y0, x1, y1] = line.bbox;
  const crossed = gutters.filter((g) => x0 < g.x0 && x1 > g.x1);
  if (crossed.length === 0) return [line];
  // The box's middle half in height: its own letters, not the neighbouring lines' ascenders and descenders.
  const top = Math.max(0, Math.round(y0 + 0.25 * (y1 - y0)));
  const bottom = Math.min(image.height, Math.round(y1 - 0.25 * (y1 - y0)));
  const left = Math.max(0, Math.round(x0));
  const right = Math.min(image.width, Math.round(x1));
  if (bottom - top < 2 || right - left < 2) return [line];
  const ink = columnInk(image, left, right, top, bottom);
  // Margins and word spaces scale with the line's own size: a heading across the columns spaces its words wide.
  const lh = y1 - y0;
  const cuts: { start: number; end: number }[] = [];
  for (const g of crossed) {
    // The gutter's band with a quarter of the line's height of its columns' margins: a pair of lines is blank over
    // most of it (a faint rule or a speck may cross), a line of one text has letters there or a word space
    // that fills at most half of it.
    const from = Math.max(0, Math.round(g.x0 - 0.25 * lh) - left);
    const to = Math.min(ink.length, Math.round(g.x1 + 0.25 * lh) - left);
    let blank = 0;
    let first = -1;
    let last = -1;
    for (let x = from; x < to; x++) {
      if (ink[x] !== 0) continue;
      blank++;
      if (first < 0) first = x;
      last = x;
    }
    // Both sides hold a word at least: a speck beside the gutter is no column's line.
    const inkLeft = ink.slice(0, from).filter((v) => v > 0).length >= lh;
    const inkRight = ink.slice(to).filter((v) => v > 0).length >= lh;
    if (to > from && blank >= BLANK_SHARE * (to - from) && inkLeft && inkRight) cuts.push({ start: left + first, end: left + last + 1 });
  }
  if (cuts.length === 0) return [line];
  // Each piece keeps a little paper beside its ink, as the detector's own boxes do.
  const pad = 0.25 * lh;
  const starts = [x0, ...cuts.map((c) => Math.max(c.start, c.end - pad))];
  const ends = [...cuts.map((c) => Math.min(c.end, c.start + pad)), x1];
  return starts.map((start, k) => ({ ...line, bbox: [start, y0, ends[k]!, y1] as BBox }));
}
