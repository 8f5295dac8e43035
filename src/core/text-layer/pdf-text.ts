// Deciding what of a PDF's own text (its text layer) a page can use instead of recognizing its pixels.
//
//   visibleLines(lines, page)      → the lines whose boxes hold ink (hidden or clipped text is not on the page)
//   uncoveredBoxes(boxes, lines)   → detector boxes the text layer does not cover (text in images, glyphs
//                                    without Unicode): these are still recognized
//   checkLines(lines)              → a few lines to recognize and compare with the layer, to catch fonts whose
//                                    text maps to the wrong characters
//   layerError(layer, recognized)  → character error between the layer's text and the recognizer's
import type { BBox, PageImage } from '../../protocol/page';
import { darkAt } from '../image/ink';
import type { TextLine } from '../layout/types';
import { editDistance } from '../text/edit-distance';

/** A text-layer line whose box is less than this share ink is not drawn (white, clipped or hidden text). */
const MIN_INK = 0.005;
/** A detector box at least this much covered by text-layer lines is read from the layer. */
const COVERED = 0.5;
/** Lines recognized to check the layer against the page. */
export const CHECK_LINES = 3;

function clamp(b: BBox, page: { width: number; height: number }): BBox | null {
  const box: BBox = [Math.max(0, Math.floor(b[0])), Math.max(0, Math.floor(b[1])), Math.min(page.width, Math.ceil(b[2])), Math.min(page.height, Math.ceil(b[3]))];
  return box[2] - box[0] >= 2 && box[3] - box[1] >= 2 ? box : null;
}

function inkShare(page: PageImage, b: BBox): number {
  const dark = darkAt(page);
  let ink = 0;
  let n = 0;
  for (let y = b[1]; y < b[3]; y += 2) {
    for (let x = b[0]; x < b[2]; x += 2) {
      n++;
      if (dark(x, y)) ink++;
    }
  }
  return n ? ink / n : 0;
}

/** Text-layer lines clamped to the page, without those that put no ink on it. */
export function visibleLines(lines: readonly TextLine[], page: PageImage): TextLine[] {
  const out: TextLine[] = [];
  for (const l of lines) {
    const box = clamp(l.bbox, page);
    if (box && (l.text ?? '').trim() && inkShare(page, box) >= MIN_INK) out.push({ bbox: box, text: l.text!.trim() });
  }
  return out;
}

const area = (b: BBox) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const overlap = (a: BBox, b: BBox) => area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);

/** Indices of `boxes` less than half covered by the text-layer lines (which do not overlap each other much). */
export function uncoveredBoxes(boxes: readonly BBox[], lines: readonly TextLine[]): number[] {
  const out: number[] = [];
  boxes.forEach((b, i) => {
    const a = area(b);
    let covered = 0;
    for (const l of lines) covered += overlap(b, l.bbox);
    if (a > 0 && covered < COVERED * a) out.push(i);
  });
  return out;
}

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

/**
 * Up to `n` lines to check, spread down the page: lines of 8–60 characters, mostly letters (one or two
 * pieces to recognize each, and enough text for the comparison to mean something).
 */
export function checkLines(lines: readonly TextLine[], n = CHECK_LINES): number[] {
  const fit = lines
    .map((l, i) => ({ i, y: l.bbox[1], t: l.text ?? '' }))
    .filter(({ t }) => t.length >= 8 && t.length <= 60 && letters(t) >= 0.6 * t.replace(/\s/g, '').length)
    .sort((a, b) => a.y - b.y);
  if (fit.length <= n) return fit.map((f) => f.i);
  return Array.from({ length: n }, (_, k) => fit[Math.floor(((k + 0.5) * fit.length) / n)]!.i);
}

const normal = (s: string) => [...s.normalize('NFKC').replace(/\s+/g, '')];

/** Character error of the recognizer's reading against the layer's text, spaces ignored (0 = the same). */
export function layerError(layer: readonly string[], recognized: readonly string[]): number {
  let errors = 0;
  let chars = 0;
  layer.forEach((t, i) => {
    const a = normal(t);
    errors += editDistance(a, normal(recognized[i] ?? ''));
    chars += a.length;
  });
  return chars ? errors / chars : 0;
}
