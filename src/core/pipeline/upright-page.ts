// A page as it should be read: turned a quarter or half turn when its text stands sideways or upside
// down (a scan fed in the wrong way), then deskewed (deskew.ts), with the detector's lines on the result.
//
//   uprightPage(engine, image, signal?, maxSide?, level?) → { image, clean, detected, toPage(box), turns, skew }
//
// Each correction costs one more detector pass and happens only when the page needs it:
// - sideways (isSideways: most lines taller than wide): both quarter turns are tried, and the one whose
//   lines stand upright by their ink (uprightVotes) is kept;
// - skew ≥ DESKEW_MIN: the page is turned by −skew;
// - upside down: at most 30 % of the (deskewed) lines stand upright by their ink, out of at least 6, and
//   their median score is clearly negative — upright pages measured 47–100 % (generated and corpus
//   pages, clean and scanned), upside-down ones 0–29 % with medians −0.04 to −0.09; a page of capitals
//   and digits scores near 0 either way and is left as it is.
// A noisy scan (despeckle.ts) is detected on its 3×3 median copy, turned along with the page, and read as it is.
import type { BBox, PageImage } from '../../protocol/page';
import type { LineBox } from '../detect/db-postprocess';
import { isSideways, rotatePage, unrotateBox, uprightScore } from '../detect/orientation';
import { deskewPage } from '../image/deskew';
import { median3, NOISY_SIGMA, pixelNoise } from '../image/despeckle';
import { pageSkew } from '../layout/layout-page';
import { detectLines } from './detect-lines';
import type { PageEngine } from './page-engine';

/** Pages skewed less than this (≈ 0.3°) are read as they are: a line's box still fits it. */
export const DESKEW_MIN = 0.005;
/** The long side a small page is enlarged towards when it is deskewed (the app's OCR render size). */
const DESKEW_LONG_SIDE = 2000;
const FLIP_SHARE = 0.3;
const FLIP_MIN_LINES = 6;
const FLIP_MEDIAN = -0.02;

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
  const scores = lines
    .map((l) => l.bbox)
    .filter((b) => b[2] - b[0] > 3 * (b[3] - b[1]))
    .sort((a, b) => b[2] - b[0] - (a[2] - a[0]))
    .slice(0, 15)
    .map((b) => uprightScore(image, b))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const n = scores.length;
  return { n, share: n ? scores.filter((s) => s > 0).length / n : NaN, median: n ? scores[n >> 1]! : NaN };
}

/** Upside down: enough lines, few of them upright, and the typical line clearly so (not all capitals). */
function upsideDown(v: UprightVotes): boolean {
  return v.n >= FLIP_MIN_LINES && v.share <= FLIP_SHARE && v.median <= FLIP_MEDIAN;
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
  let detected = await detectLines(engine, clean, maxSide);
  if (level) return { image, clean, detected, toPage: (b) => b, turns: 0, skew: 0 };
  let turns = 0;
  const steps: ((b: BBox) => BBox)[] = [];

  if (isSideways(detected.map((l) => l.bbox))) {
    signal?.throwIfAborted();
    const tries = [];
    for (const t of [1, 3]) {
      const turned = rotatePage(image, t);
      const turnedClean = clean === image ? turned : rotatePage(clean, t);
      const lines = await detectLines(engine, turnedClean, maxSide);
      tries.push({ t, turned, turnedClean, lines, share: uprightVotes(turned, lines).share });
      if (tries[0]!.share >= 0.7) break; // clearly upright: the other turn cannot do better
    }
    const best = tries.reduce((a, b) => ((b.share || 0) > (a.share || 0) ? b : a));
    [image, clean, detected, turns] = [best.turned, best.turnedClean, best.lines, best.t];
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
    image = upright.image;
    steps.unshift(upright.toPage);
    detected = await detectLines(engine, clean, maxSide);
  }

  if (upsideDown(uprightVotes(image, detected))) {
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
