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
 * Cut positions (gap centres), planned for the whole line at once: n = ceil(width / maxWidth) pieces of about
 * equal width, cut at word spaces. Typewriter faces leave blank columns around every i and l, and a cut there
 * reads "condit ions"; so where n pieces cannot all end at word spaces within WORD_REACH × maxWidth, one or two
 * more pieces are tried, and only then is a cut between letters taken (the cheapest plan by the costs below; a
 * line with no gap at all stays whole). Equal pieces avoid a one-word tail, which reads worse than a longer
 * piece. Choosing cut by cut (the widest gap near each equal fraction) could leave a piece with no word space
 * within reach, and cut inside its word.
 */
export function chooseCuts(gaps: readonly Gap[], width: number, maxWidth: number, word = wordGapWidth(gaps)): number[] {
  const n = Math.ceil(width / maxWidth);
  if (n <= 1 || gaps.length === 0) return [];
  const widest = Math.max(...gaps.map((g) => g.end - g.start));
  // With too few gaps to tell word spaces from letter gaps, the widest gap stands for a word space.
  const space = Number.isFinite(word) ? word : widest;
  const stops = [0, ...gaps.map((g) => (g.start + g.end) / 2), width];
  const inner = [false, ...gaps.map((g) => g.end - g.start < space), false];
  // Between letters costs most; of the spaces, the wider: "Digestion, Human" is cut after its comma, not before.
  const cutCost = [0, ...gaps.map((g) => INNER_CUT * Math.max(0, 1 - (g.end - g.start) / space) + NARROWER * (1 - (g.end - g.start) / widest)), 0];
  const maxPieces = Math.min(n + 2, stops.length - 1);
  // cost[k][j]: the cheapest k pieces from the line's start to stop j; from[k][j]: the stop before j.
  const cost = Array.from({ length: maxPieces + 1 }, () => new Float64Array(stops.length).fill(Infinity));
  const from = Array.from({ length: maxPieces + 1 }, () => new Int32Array(stops.length).fill(-1));
  cost[0]![0] = 0;
  for (let j = 1, first = 0; j < stops.length; j++) {
    // A piece spans at most MAX_SPAN × maxWidth unless no gap lies within it: pieces that wide cost far more than
    // a cut, and the plan stays linear in the gaps on long lines of small print (hundreds of letter gaps).
    while (stops[j]! - stops[first]! > MAX_SPAN * maxWidth) first++;
    for (let i = Math.min(first, j - 1); i < j; i++) {
      const piece = pieceCost((stops[j]! - stops[i]!) / maxWidth) + cutCost[j]!;
      for (let k = 1; k <= maxPieces; k++) {
        const c = cost[k - 1]![i]! + piece;
        if (c < cost[k]![j]!) {
          cost[k]![j] = c;
          from[k]![j] = i;
        }
      }
    }
  }
  const last = stops.length - 1;
  // The stops cut at by the cheapest k pieces, or undefined when k pieces cannot cover the line.
  const plan = (k: number) => {
    if (!Number.isFinite(cost[k]![last]!)) return undefined;
    const cuts: number[] = [];
    for (let j = from[k]![last]!, m = k - 1; j > 0; j = from[m]![j]!, m--) cuts.unshift(j);
    return cuts;
  };
  const clean = (cuts: number[]) => {
    const edges = [0, ...cuts.map((j) => stops[j]!), width];
    return cuts.every((j) => !inner[j]) && edges.every((e, i) => i === 0 || e - edges[i - 1]! <= WORD_REACH * maxWidth);
  };
  // A line with fewer gaps than n − 1 is cut at all of them.
  const fewest = Math.min(n, maxPieces);
  let cheapest = fewest;
  for (let k = fewest; k <= maxPieces; k++) {
    const cuts = plan(k);
    if (cuts && clean(cuts)) return cuts.map((j) => stops[j]!);
    if (cost[k]![last]! < cost[cheapest]![last]!) cheapest = k;
  }
  return (plan(cheapest) ?? []).map((j) => stops[j]!);
}

/** Widest piece the plan weighs where a gap lies inside it. */
const MAX_SPAN = 3;
/** A piece may run this far past maxWidth to end at a word space rather than inside a word. */
const WORD_REACH = 1.25;
/** A cut in a blank run narrower than a word space: as costly as a piece ~1.45 × maxWidth wide. */
const INNER_CUT = 10;
/** A cut in a gap narrower than the line's widest: a little more than evening out the pieces is worth. */
const NARROWER = 1.5;

/** The cost of a piece `r` × maxWidth wide: its length past maxWidth (steeply past WORD_REACH) and a short tail. */
function pieceCost(r: number): number {
  const over = r <= 1 ? 0 : r <= WORD_REACH ? 8 * (r - 1) : 8 * (WORD_REACH - 1) + 40 * (r - WORD_REACH);
  const short = r < 0.35 ? (3 * (0.35 - r)) / 0.35 : 0;
  // For a given number of pieces, r² sums least over equal ones: of two plans, the more even one wins.
  return 2 + over + short + 0.5 * r * r;
}

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
