// Line boxes the detector ran across a column gutter, cut back into the two columns' lines. On a scanned
// two-column page whose gutter is narrow (an encyclopedia's, about one line-height), the detector sometimes
// joins a line of the left column to the line beside it: "…1691. Again in the | confiscated in 1806, and…".
// Read as one line, the pair is one full-width row and the reading order takes it out of both columns.
// A gutter is where the page's boxes stop on one side and start on the other, and few cross; a box that
// crosses it is cut where its own ink leaves most of the gutter's band blank, which a space between words
// never does. A heading set across both columns has letters there and is kept whole.
// Gutters are looked for on the boxes' cores (the detector grows each box by most of a text height on every side,
// so the lines of two columns a narrow gutter apart overlap across it: an 1881 newspaper, two columns 15 px apart).
import { columnInk } from '../image/line-pieces';
import { cropImage } from '../image/crop-image';
import { coreBox } from '../layout/geometry';
import { findRulings } from '../layout/rulings';
import type { BBox, PageImage } from '../../protocol/page';

interface DetectedLine {
  bbox: BBox;
  angle?: number;
}

/** Lines at least this many on each side make a gutter (a column is many lines). */
const MIN_COLUMN_LINES = 6;
/** A gutter's band: at most this share of the boxes over the columns beside it cross it. */
const GUTTER_SHARE = 0.3;
/**
 * Or at most this share, where many more lines stop and start at its sides (STRONG_COLUMN_LINES on each): on a page
 * whose detector ran a third of its rows across the gutter, the gutter still shows in where the other rows end.
 */
const STRONG_GUTTER_SHARE = 0.45;
const STRONG_COLUMN_LINES = 3 * MIN_COLUMN_LINES;
/** A line crossing a gutter is two lines where its ink leaves this share of the gutter's band blank, */
const BLANK_SHARE = 0.7;
/** or, across a rule printed down it, a run of paper this many line heights wide, */
const MIN_GAP = 0.35;
/** where a column of the line's middle inked this many pixels is paper with a speck of the scan's noise (two may be an o). */
const SPECK = 1;

/**
 * The page's lines with each one that crosses a gutter at a blank cut in two (left first, in place). `unclipRatio`:
 * the detector's, to find gutters on the boxes' cores (without it, on the boxes as they are).
 */
export function splitAtGutters<L extends DetectedLine>(lines: readonly L[], image: PageImage, unclipRatio?: number): L[] {
  const { boxes, gutters: found } = pageGutters(lines, image.width, unclipRatio);
  if (found.length === 0) return [...lines];
  const lh = medianHeight(lines.map((l) => l.bbox));
  const gutters = found.map((g) => ({ ...g, rules: gutterRules(g, image, lh) }));
  const out: L[] = [];
  lines.forEach((line, k) => out.push(...cutLine(line, boxes[k]!, gutters, image, unclipRatio !== undefined && unclipRatio > 0)));
  return out;
}

/** The page's gutters as splitAtGutters finds them, and the boxes it finds them on (the lines' cores, or their boxes). */
export function pageGutters(lines: readonly DetectedLine[], pageWidth: number, unclipRatio?: number): { boxes: BBox[]; gutters: Gutter[] } {
  const boxes = lines.map((l) => (unclipRatio ? coreBox(l.bbox, unclipRatio) : l.bbox));
  const h = medianHeight(boxes);
  return { boxes, gutters: lines.length < 2 * MIN_COLUMN_LINES || h <= 0 ? [] : findGutters(boxes, pageWidth, h) };
}

/** The boxes' median height (the upper one of an even count). */
function medianHeight(boxes: readonly BBox[]): number {
  const heights = boxes.map((b) => b[3] - b[1]).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
}

export interface Gutter {
  x0: number;
  x1: number;
  /** From the top of its column lines to the bottom. */
  y0: number;
  y1: number;
  /** Rules printed down the gutter: where a line crosses one, its x are counted neither as ink nor as blank. */
  rules?: readonly BBox[];
}

/**
 * Gutters from where the boxes are: a band of x that at most GUTTER_SHARE as many boxes cover as the columns
 * on either side, with at least MIN_COLUMN_LINES boxes ending just left of it and as many starting just right
 * (or at most STRONG_GUTTER_SHARE, with STRONG_COLUMN_LINES on each side).
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
    const low = (k: number, share: number) => cover[k]! <= share * Math.min(level(i - span, i), level(k + 1, k + 1 + span));
    const band = (share: number) => {
      let j = i;
      while (j < n && low(j, share)) j++;
      const x0 = i * bin;
      const x1 = j * bin;
      const endLeft = boxes.filter((b) => b[2] <= x0 + bin && b[2] > x0 - reach && b[0] < x0 - reach);
      const startRight = boxes.filter((b) => b[0] >= x1 - bin && b[0] < x1 + reach && b[2] > x1 + reach);
      const beside = [...endLeft, ...startRight];
      const extent = { y0: Math.min(...beside.map((b) => b[1])), y1: Math.max(...beside.map((b) => b[3])) };
      return { j, x0, x1, extent, lines: Math.min(endLeft.length, startRight.length) };
    };
    if (!low(i, STRONG_GUTTER_SHARE)) continue;
    const take = (b: ReturnType<typeof band>) => {
      if (b.j < n) gutters.push({ x0: b.x0, x1: b.x1, ...b.extent });
      i = b.j;
    };
    const clear = low(i, GUTTER_SHARE) ? band(GUTTER_SHARE) : undefined;
    if (clear && clear.lines >= MIN_COLUMN_LINES) {
      take(clear);
      continue;
    }
    const strong = band(STRONG_GUTTER_SHARE);
    if (strong.lines >= STRONG_COLUMN_LINES) take(strong);
    else if (clear) i = clear.j;
    else {
      // On from the next bin of a clear band inside the strong one, or past it.
      let next = strong.j;
      for (let k = i + 1; k < strong.j; k++) if (low(k, GUTTER_SHARE)) { next = k - 1; break; }
      i = next;
    }
  }
  return gutters;
}

/**
 * The rules printed down the gutter (an old newspaper's), within `reach` of its middle: runs of ink at least four
 * text lines long (no letter is), as boxes on the page. A skewed scan's rule drifts: its box is as wide as it drifts.
 */
function gutterRules(g: Gutter, image: PageImage, lh: number): BBox[] {
  const mid = (g.x0 + g.x1) / 2;
  const band: BBox = [Math.max(0, mid - 2 * lh), Math.max(0, g.y0), Math.min(image.width, mid + 2 * lh), Math.min(image.height, g.y1)];
  if (band[2] - band[0] < 2 || band[3] - band[1] < 4 * lh) return [];
  const crop = cropImage(image, band);
  const { vertical } = findRulings(crop, { minLength: (4 * lh) / Math.max(crop.width, crop.height), maxThickness: Math.max(6, Math.round(0.5 * lh)) });
  const [x0, y0] = [Math.floor(band[0]), Math.floor(band[1])];
  return vertical.map((r): BBox => [x0 + r.at - r.thickness / 2 - 1, y0 + r.from, x0 + r.at + r.thickness / 2 + 1, y0 + r.to]);
}

/** `core`: the box gutters were found on (the line's core, or its box). */
function cutLine<L extends DetectedLine>(line: L, core: BBox, gutters: readonly Gutter[], image: PageImage, onCores: boolean): L[] {
  const [x0, y0, x1, y1] = line.bbox;
  const crossed = gutters.filter((g) => core[0] < g.x0 && core[2] > g.x1);
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
    // The gutter's band with a quarter of the line's height of its columns' margins (a gutter found on the boxes'
    // cores: a quarter either side of its middle). A pair of lines is blank over most of it (a speck may cross),
    // a line of one text has letters there or a word space that fills at most half of it.
    const mid = (g.x0 + g.x1) / 2;
    const half = onCores ? 0.25 * lh : (g.x1 - g.x0) / 2 + 0.25 * lh;
    const at = (x: number) => Math.max(0, Math.min(ink.length, Math.round(x) - left));
    const [from, to] = [at(mid - half), at(mid + half)];
    // A rule printed down the gutter crosses the line as a thin run of ink inside the rule's box (as wide as a
    // skewed scan's rule drifts; its print breaks here and there, so one within two line heights runs on through
    // the line): it is neither ink nor paper. Where the columns' ragged ends reach into the band, a run of paper
    // across the rule at least MIN_GAP wide, within twice the band's reach, is the gutter as well (a word space in
    // display type is as wide, but has no rule in it).
    const rules = (g.rules ?? []).filter((r) => r[1] - 2 * lh < bottom && r[3] + 2 * lh > top);
    const [wideFrom, wideTo] = [Math.min(from, at(mid - 2 * half)), Math.max(to, at(mid + 2 * half))];
    const ruled = new Uint8Array(ink.length);
    for (let x = wideFrom; x < wideTo; ) {
      let end = x;
      while (end < wideTo && ink[end] !== 0) end++;
      if (end - x <= Math.max(2, 0.15 * lh) && rules.some((r) => left + end > r[0] && left + x < r[2])) ruled.fill(1, x, end);
      x = end + 1;
    }
    let blank = 0;
    let counted = 0;
    let first = -1;
    let last = -1;
    for (let x = from; x < to; x++) {
      if (ruled[x]) continue;
      counted++;
      if (ink[x] !== 0) continue;
      blank++;
      if (first < 0) first = x;
      last = x;
    }
    let gap = { start: -1, end: -1, paper: 0, bridged: false };
    for (let x = wideFrom, run = gap; x < wideTo; x++) {
      if (ink[x]! > SPECK && !ruled[x]) run = { start: -1, end: -1, paper: 0, bridged: false };
      else if (ruled[x]) run = { ...run, bridged: run.paper > 0 };
      else run = { start: run.start < 0 ? x : run.start, end: x + 1, paper: run.paper + 1, bridged: run.bridged };
      if (run.paper > gap.paper) gap = run;
    }
    // Both sides hold a word at least: a speck beside the gutter is no column's line.
    const inkLeft = ink.slice(0, from).filter((v) => v > 0).length >= lh;
    const inkRight = ink.slice(to).filter((v) => v > 0).length >= lh;
    if (!inkLeft || !inkRight) continue;
    if (counted > 0 && blank >= BLANK_SHARE * counted) cuts.push({ start: left + first, end: left + last + 1 });
    else if (gap.bridged && gap.paper >= MIN_GAP * lh) cuts.push({ start: left + gap.start, end: left + gap.end });
  }
  if (cuts.length === 0) return [line];
  // Each piece keeps a little paper beside its ink, as the detector's own boxes do.
  const pad = 0.25 * lh;
  const starts = [x0, ...cuts.map((c) => Math.max(c.start, c.end - pad))];
  const ends = [...cuts.map((c) => Math.min(c.end, c.start + pad)), x1];
  return starts.map((start, k) => ({ ...line, bbox: [start, y0, ends[k]!, y1] as BBox }));
}
