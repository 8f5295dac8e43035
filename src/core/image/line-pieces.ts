// Wide text lines → pieces cut at word gaps.
//
// An attention decoder reads short lines better than long ones: on long lines it skips or repeats
// stretches and can loop. A line wider than `maxWidth` (pixels once resized to the recognizer's target
// height) is cut at blank columns between words into pieces no wider than that; the pieces are read
// as separate lines and their texts joined with one space. Where a stretch has no gap at all, it is
// left whole rather than cutting through a word.
import type { BBox, PageImage } from '../../protocol/page';

export interface SplitOptions {
  /** Longest piece, in pixels at the recognizer's target height. */
  maxWidth: number;
  /** The recognizer's target height (48 for the pocket pack). */
  targetHeight: number;
  /** Narrowest blank run that counts as a word gap, in box heights. */
  minGap?: number;
}

const MIN_GAP = 0.12;

/** Boxes to read instead of `box`: itself when narrow enough, else pieces left to right. */
export function splitWideLine(page: PageImage, box: BBox, o: SplitOptions): BBox[] {
  const x0 = Math.max(0, Math.round(box[0]));
  const x1 = Math.min(page.width, Math.round(box[2]));
  const y0 = Math.max(0, Math.round(box[1]));
  const y1 = Math.min(page.height, Math.round(box[3]));
  const h = y1 - y0;
  if (h < 2 || x1 - x0 < 2) return [box];
  const maxPage = (o.maxWidth * h) / o.targetHeight; // longest piece in page pixels
  if (x1 - x0 <= maxPage) return [box];
  const gaps = blankRuns(columnInk(page, x0, x1, y0, y1), Math.max(1, (o.minGap ?? MIN_GAP) * h));
  const cuts = chooseCuts(gaps, x1 - x0, maxPage, wordSpaceWidth(gaps, h)).map((c) => c + x0);
  if (cuts.length === 0) return [box];
  const edges = [box[0], ...cuts, box[2]];
  return edges.slice(1).map((right, i) => [edges[i]!, box[1], right, box[3]] as BBox);
}

/** What a page reads for `lines`: each line's pieces (whole when `maxWidth` is 0), with the line each came from. */
export function readingPieces(page: PageImage, lines: readonly BBox[], maxWidth: number, targetHeight: number): { boxes: BBox[]; owner: number[] } {
  const boxes: BBox[] = [];
  const owner: number[] = [];
  lines.forEach((b, i) => {
    for (const p of maxWidth > 0 ? splitWideLine(page, clampToPage(b, page), { maxWidth, targetHeight }) : [b]) {
      boxes.push(p);
      owner.push(i);
    }
  });
  return { boxes, owner };
}

export function clampToPage(b: BBox, page: PageImage): BBox {
  return [Math.max(0, b[0]), Math.max(0, b[1]), Math.min(page.width, b[2]), Math.min(page.height, b[3])];
}

/** Ink per column: the count of pixels clearly darker than the line's paper. */
export function columnInk(page: PageImage, x0: number, x1: number, y0: number, y1: number): Uint16Array {
  const { width, pixels } = page;
  const lum = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    const a = pixels[i + 3]! / 255;
    // transparent pixels count as white paper, as in lineInput
    return (1 - a) * 255 + a * (0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!);
  };
  // Paper and ink levels from the box itself, so faded scans and coloured paper work alike.
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[Math.round(lum(x, y))]!++;
  const n = (x1 - x0) * (y1 - y0);
  const paper = percentile(hist, n, 0.9);
  const ink = percentile(hist, n, 0.02);
  const out = new Uint16Array(x1 - x0);
  if (paper - ink < 40) return out.fill(1); // no contrast: no reliable gaps
  const threshold = (paper + ink) / 2;
  for (let x = x0; x < x1; x++) {
    let c = 0;
    for (let y = y0; y < y1; y++) if (lum(x, y) < threshold) c++;
    out[x - x0] = c;
  }
  return out;
}

/** The grey level below which `q` of a histogram's `n` pixels lie. */
export function percentile(hist: Uint32Array, n: number, q: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= q * n) return v;
  }
  return 255;
}

export interface Gap {
  start: number;
  end: number;
}

/** Runs of inkless columns at least `minWidth` wide, not touching either end of the line. */
export function blankRuns(ink: ArrayLike<number>, minWidth: number): Gap[] {
  const out: Gap[] = [];
  let start = -1;
  let seenInk = false;
  for (let x = 0; x <= ink.length; x++) {
    const blank = x < ink.length && ink[x] === 0;
    if (blank && start < 0) start = x;
    if (!blank && start >= 0) {
      if (seenInk && x < ink.length && x - start >= minWidth) out.push({ start, end: x });
      start = -1;
    }
    if (x < ink.length && !blank) seenInk = true;
  }
  return out;
}

/**
 * Cut positions (gap centres) for pieces of about equal width, each about `maxWidth` at most:
 * n = ceil(width / maxWidth) pieces; near each i·width/n (within a quarter of maxWidth) the widest gap
 * wins, since spaces between words are wider than the spacing inside them. Where that stretch holds only
 * gaps inside words (typewriter faces leave blank columns around every i and l; a long word spans the
 * stretch), the word space nearest the target within half of maxWidth is taken instead, so long as the
 * piece stays within WORD_REACH × maxWidth; without any gap there, the nearest one. Equal pieces avoid a
 * one-word tail, which reads worse than a longer piece.
 */
export function chooseCuts(gaps: readonly Gap[], width: number, maxWidth: number, word = wordGapWidth(gaps)): number[] {
  const n = Math.ceil(width / maxWidth);
  const cuts: number[] = [];
  for (let i = 1; i < n; i++) {
    const target = (i * width) / n;
    const prev = cuts.length > 0 ? cuts[cuts.length - 1]! : 0;
    const centre = (g: Gap) => (g.start + g.end) / 2;
    const after = gaps.filter((g) => centre(g) > prev);
    const distance = (g: Gap) => Math.abs(centre(g) - target);
    const near = after.filter((g) => distance(g) <= maxWidth / 4);
    const pick = (pool: readonly Gap[], better: (a: Gap, b: Gap) => boolean) => pool.reduce<Gap | undefined>((b, g) => (b === undefined || better(g, b) ? g : b), undefined);
    const widest = pick(near, (a, b) => a.end - a.start > b.end - b.start || (a.end - a.start === b.end - b.start && distance(a) < distance(b)));
    const reach = after.filter((g) => g.end - g.start >= word && distance(g) <= maxWidth / 2 && centre(g) - prev <= WORD_REACH * maxWidth);
    const wordNearby = widest && widest.end - widest.start < word ? pick(reach, (a, b) => distance(a) < distance(b)) : undefined;
    const best = wordNearby ?? widest ?? pick(after, (a, b) => distance(a) < distance(b));
    if (best) cuts.push(centre(best));
  }
  return cuts;
}

/** A piece may run this far past maxWidth to end at a word space rather than inside a word. */
const WORD_REACH = 1.25;

/**
 * How wide a line's word spaces are at least: 0.6 of its 75th-percentile gap. Blank runs inside words
 * (around narrow letters) are the many narrow ones, spaces between words the wide ones; a line with few
 * gaps has no inner ones to tell apart (Infinity: every gap counts as it is).
 */
function wordGapWidth(gaps: readonly Gap[]): number {
  if (gaps.length < 4) return Infinity;
  const widths = gaps.map((g) => g.end - g.start).sort((a, b) => a - b);
  return 0.6 * widths[Math.floor(0.75 * (widths.length - 1))]!;
}

/** A gap this many box heights wide is a word space in any face (typed letters' inner gaps stay below a quarter). */
const WIDE_SPACE = 0.35;

/** One wide gap says nothing of the line's word spaces (a printed line's gap after a label or number). */
const MIN_WIDE = 2;

/** The median width of a line's gaps of WIDE_SPACE box heights or more; undefined when it has fewer than MIN_WIDE. */
function wideSpaces(gaps: readonly Gap[], height: number): number | undefined {
  const wide = gaps.map((g) => g.end - g.start).filter((w) => w >= WIDE_SPACE * height).sort((a, b) => a - b);
  return wide.length >= MIN_WIDE ? wide[Math.floor((wide.length - 1) / 2)]! : undefined;
}

/**
 * How wide a word space of the line in a `height`-pixel box is at least. On a line whose spaces are wide (typed
 * text: 0.4–0.9 box heights), 0.6 of their median: a few wide spaces among many letter gaps (a line of long words)
 * would fall below wordGapWidth's percentile. Otherwise wordGapWidth.
 */
export function wordSpaceWidth(gaps: readonly Gap[], height: number): number {
  const wide = wideSpaces(gaps, height);
  return wide === undefined ? wordGapWidth(gaps) : 0.6 * wide;
}
