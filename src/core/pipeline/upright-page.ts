// A page as it should be read: turned a quarter or half turn when its text stands sideways or upside
// down (a scan fed in the wrong way), then deskewed (deskew.ts), with the detector's lines on the result.
//
//   uprightPage(engine, image, signal?, maxSide?, level?) → { image, clean, detected, toPage(box), turns, skew }
//
// Each turn costs one more detector pass and happens only when the page needs it (the half-turn check, a
// short read, is made on every page not known to be upright); a deskew costs none:
// - sideways (isSideways: most lines taller than wide): both quarter turns are tried, and the one whose
//   lines stand upright by their ink (uprightVotes) is kept;
// - skew ≥ DESKEW_MIN: the page is turned by −skew, and the detector's map with it (deskew-map.ts): its
//   lines found on the turned map match a second detection's (test/upright-page.test.ts), in 15–60 ms instead
//   of the detector's 150–600 (7 of the 10 bench scans are deskewed);
// - upside down: the recognizer reads the start of three of the page's widest lines both ways up and is
//   surer of them turned (readsUpsideDown, ~0.3 s a page; lines read surely as they are are not read turned).
//   The ink votes (uprightVotes: share of lines whose ascenders outweigh their descenders) alone were fooled
//   by real pages — a dictionary's dense small type, a book spread, a typed letter: 4 of 142 real eval pages
//   were turned and read as garbage, and the same pages turned were left upside down — so they only lower the
//   margin the reading needs.
// A noisy scan (despeckle.ts) is detected on its 3×3 median copy, turned along with the page, and read as it is.
import type { BBox, PageImage } from '../../protocol/page';
import type { LineBox } from '../detect/db-postprocess';
import { isSideways, rotatePage, unrotateBox, uprightScore } from '../detect/orientation';
import { deskewPage } from '../image/deskew';
import { median3, NOISY_SIGMA, pixelNoise } from '../image/despeckle';
import { pageSkew } from '../layout/layout-page';
import { cropImage } from '../image/crop-image';
import { lineInput, linePreprocess, lineWidths } from '../image/line-input';
import { clampToPage } from '../image/line-pieces';
import { recognizeLines } from '../recognize/recognize-lines';
import { DETECTOR_DEFAULTS, detectorSize } from '../detect/detector-input';
import { deskewProbabilityMap } from '../detect/deskew-map';
import { detectLines, detectLinesOnMap, linesOnMap } from './detect-lines';
import type { PageEngine } from './page-engine';

/** Pages skewed less than this (≈ 0.3°) are read as they are: a line's box still fits it. */
export const DESKEW_MIN = 0.005;
/** The long side a small page is enlarged towards when it is deskewed (the app's OCR render size). */
const DESKEW_LONG_SIDE = 2000;
const FLIP_SHARE = 0.3;
const FLIP_MIN_LINES = 6;
const FLIP_MEDIAN = -0.02;
/** Lines read both ways to confirm a half turn, and how much of each (in line heights) is read. */
const CONFIRM_LINES = 3;
const CONFIRM_HEIGHTS = 8;
const TURN_MARGIN = 0.05;

export interface UprightResult {
  image: PageImage;
  /** `image` as the detector saw it: a noisy scan's 3×3 median copy (despeckle.ts), else `image` itself. */
  clean: PageImage;
  detected: LineBox[];
  /** A box on `image` → the same place on the page as given. */
  toPage(box: BBox): BBox;
  /** Clockwise quarter turns applied (0–3). */
  turns: number;
  /** Skew removed, radians (after the turns). */
  skew: number;
}

export interface UprightVotes {
  /** Lines scored (the page's widest, up to 15). */
  n: number;
  /** Share of them whose ink says upright. */
  share: number;
  /** Their median uprightScore: ~±0.05 for running Latin text, ~0 for capitals and digits. */
  median: number;
}

export function uprightVotes(image: PageImage, lines: LineBox[]): UprightVotes {
  const scores = widestLines(lines.map((l) => l.bbox), 15)
    .map((b) => uprightScore(image, b))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const n = scores.length;
  return { n, share: n ? scores.filter((s) => s > 0).length / n : NaN, median: n ? scores[n >> 1]! : NaN };
}

/** The `n` widest of the boxes that are lines of text (over three times as wide as tall), widest first. */
function widestLines(boxes: BBox[], n: number): BBox[] {
  return boxes
    .filter((b) => b[2] - b[0] > 3 * (b[3] - b[1]))
    .sort((a, b) => b[2] - b[0] - (a[2] - a[0]))
    .slice(0, n);
}

/** Upside down: enough lines, few of them upright, and the typical line clearly so (not all capitals). */
function upsideDown(v: UprightVotes): boolean {
  return v.n >= FLIP_MIN_LINES && v.share <= FLIP_SHARE && v.median <= FLIP_MEDIAN;
}

/**
 * Upside down: the recognizer is surer of the lines turned than as they are — by any amount where the ink
 * votes say so too, by TURN_MARGIN where they do not (on 13 real and generated pages, both ways up, the
 * right way was surer by 0.03–0.49).
 */
async function readsUpsideDown(engine: PageEngine, image: PageImage, lines: LineBox[], signal?: AbortSignal): Promise<boolean> {
  const reading = await turnReading(engine, image, lines, signal);
  if (reading?.turned === undefined) return false;
  return reading.turned > reading.asIs + (upsideDown(uprightVotes(image, lines)) ? 0 : TURN_MARGIN);
}

/**
 * How sure the recognizer is of a page's lines as they are and turned by half a turn (mean line confidence).
 * `turned` is not read when the lines as they are already read surely (SURE_UPRIGHT).
 */
export interface TurnReading {
  asIs: number;
  turned?: number;
}

/**
 * Read as they are at least this surely, the lines are taken to be upright without reading them turned. On the real
 * scans of ../shared/eval-real, each read as given and turned by half a turn (bench/turn-reading.ts, 102 pages with
 * lines wide enough), the upside-down pages' lines as they are read at 0.70 at most with the pocket v6 recognizer
 * (0.68 with v4), while 62 of the upright ones read at 0.8 or more (58 with v4).
 */
export const SURE_UPRIGHT = 0.8;

/**
 * Reads the start of the page's widest lines (the same pixels both ways) greedily, as they are and, unless
 * that reading is sure, turned by half a turn: on the page's right way up the recognizer is far surer
 * (0.85–0.94 against 0.49–0.59 on real scans the ink misjudged). Undefined when the page has no line wide
 * enough to read.
 */
export async function turnReading(engine: PageEngine, image: PageImage, lines: LineBox[], signal?: AbortSignal): Promise<TurnReading | undefined> {
  const boxes = widestLines(lines.map((l) => clampToPage(l.bbox, image)), CONFIRM_LINES).map((b): BBox => [b[0], b[1], Math.min(b[2], b[0] + CONFIRM_HEIGHTS * (b[3] - b[1])), b[3]]);
  if (boxes.length === 0) return undefined;
  // Each line is cut out and turned on its own (not the whole page): the same pixels both ways up.
  const asIs = boxes.map((b) => cropImage(image, b));
  const pre = linePreprocess(engine.text.spec.preprocess);
  const meanConfidence = async (pages: PageImage[]) => {
    const crops = pages.map((page) => ({ page, box: [0, 0, page.width, page.height] as BBox }));
    const read = await recognizeLines(
      engine.text,
      crops.map((c) => lineWidths(c.box, pre).width),
      (i) => lineInput(crops[i]!.page, crops[i]!.box, pre),
      { k: 0, batchSize: crops.length, signal },
    );
    return read.confidence.reduce((s, c) => s + c, 0) / crops.length;
  };
  const sure = await meanConfidence(asIs);
  if (sure >= SURE_UPRIGHT) return { asIs: sure };
  return { asIs: sure, turned: await meanConfidence(asIs.map((c) => rotatePage(c, 2))) };
}

/**
 * `maxSide`: the detector's input long side, when not the pack's own (detect-lines.ts). `level`: the page is
 * known to be upright (a PDF's own text runs level on it), so it is only detected.
 */
export async function uprightPage(engine: PageEngine, original: PageImage, signal?: AbortSignal, maxSide?: number, level = false): Promise<UprightResult> {
  // Every turn is applied to the page and to its clean copy alike, so the detector's boxes fit both.
  // A noisy scan is detected on its median copy (despeckle.ts) and read as it is.
  const noisy = pixelNoise(original) >= NOISY_SIGMA;
  let image = original;
  let clean = noisy ? median3(original) : original;
  let { lines: detected, map } = await detectLinesOnMap(engine, clean, maxSide);
  if (level) return { image, clean, detected, toPage: (b) => b, turns: 0, skew: 0 };
  let turns = 0;
  const steps: ((b: BBox) => BBox)[] = [];

  if (isSideways(detected.map((l) => l.bbox))) {
    signal?.throwIfAborted();
    const tries = [];
    for (const t of [1, 3]) {
      const turned = rotatePage(image, t);
      const turnedClean = clean === image ? turned : rotatePage(clean, t);
      const { lines, map } = await detectLinesOnMap(engine, turnedClean, maxSide);
      tries.push({ t, turned, turnedClean, lines, map, share: uprightVotes(turned, lines).share });
      if (tries[0]!.share >= 0.7) break; // clearly upright: the other turn cannot do better
    }
    const best = tries.reduce((a, b) => ((b.share || 0) > (a.share || 0) ? b : a));
    [image, clean, detected, map, turns] = [best.turned, best.turnedClean, best.lines, best.map, best.t];
    const [w, h] = [original.width, original.height];
    steps.push((b) => unrotateBox(b, best.t, w, h));
  }

  const skew = pageSkew(detected.map((l) => ({ bbox: l.bbox, angle: l.angle })));
  if (Math.abs(skew) >= DESKEW_MIN) {
    signal?.throwIfAborted();
    // Resampling blurs; on a small scan (text ~12 px high) that merges neighbouring lines in the detector,
    // so the upright page is made at up to twice the size, towards the app's OCR resolution.
    const scale = Math.min(2, Math.max(1, DESKEW_LONG_SIDE / Math.max(image.width, image.height)));
    const upright = deskewPage(image, skew, scale);
    clean = clean === image ? upright.image : deskewPage(clean, skew, scale).image;
    // The lines of the upright page from the detector's map turned with it, not from a second detection — unless
    // the enlarged page would be detected finer than the first pass saw it (a small scan: its letters then merge less).
    const target = detectorSize(clean.width, clean.height, maxSide ?? engine.detectorSpec.preprocess.maxSide ?? DETECTOR_DEFAULTS.maxSide);
    if ((target.width / clean.width) * scale <= (map.width / image.width) * 1.05) {
      map = deskewProbabilityMap(map, image, skew, scale, clean, target);
      detected = linesOnMap(engine, map, clean.width, clean.height);
    } else {
      ({ lines: detected, map } = await detectLinesOnMap(engine, clean, maxSide));
    }
    image = upright.image;
    steps.unshift(upright.toPage);
  }

  if (await readsUpsideDown(engine, image, detected, signal)) {
    signal?.throwIfAborted();
    const [w, h] = [image.width, image.height];
    const flipped = rotatePage(image, 2);
    clean = clean === image ? flipped : rotatePage(clean, 2);
    image = flipped;
    steps.unshift((b) => unrotateBox(b, 2, w, h));
    turns = (turns + 2) % 4;
    detected = await detectLines(engine, clean, maxSide);
  }

  return { image, clean, detected, toPage: (b) => steps.reduce((box, step) => step(box), b), turns, skew: Math.abs(skew) >= DESKEW_MIN ? skew : 0 };
}
