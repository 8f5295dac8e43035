// Which crops the formula recognizer reads on a page: one per display-formula block, the union of the
// block's detector boxes (a fraction's rows, a sum's limits and the body are separate boxes, but the
// recognizer was trained on whole formulas). Equation numbers such as "(3)" stay out of the crop and keep
// their text, so the assembly can still turn them into \tag{3}. With the page's pixels, a crop then grows to
// take in ink its boxes cut through (an integral's upper limit, a numerator's top) and a margin of paper,
// as the recognizer's training crops have, never into another line's box.
import type { BBox, PageImage } from '../../protocol/page';
import { darkAt } from '../image/ink';
import { isEquationNumber } from '../layout/text-cues';
import type { Block } from '../layout/types';
import { repairLatex } from './repair-latex';

export interface FormulaCrop {
  box: BBox;
  /** Line indices the LaTeX replaces: the first gets it, the others become empty. */
  lines: number[];
}

export function formulaCrops(blocks: readonly Block[], boxes: readonly BBox[], texts: readonly string[], image?: PageImage): FormulaCrop[] {
  const out: FormulaCrop[] = [];
  for (const b of blocks) {
    if (b.type !== 'formula') continue;
    const lines = b.lines.filter((i) => !(b.lines.length > 1 && isEquationNumber(texts[i] ?? '')));
    if (!lines.length) continue;
    const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of lines) {
      const l = boxes[i]!;
      box[0] = Math.min(box[0], l[0]);
      box[1] = Math.min(box[1], l[1]);
      box[2] = Math.max(box[2], l[2]);
      box[3] = Math.max(box[3], l[3]);
    }
    const others = boxes.filter((_, i) => !b.lines.includes(i));
    out.push({ box: image ? growToInk(image, box, others) : box, lines });
  }
  return out;
}

/** How far a crop may grow to take in cut ink, in crop heights: a limit or a numerator, not a paragraph. */
const MAX_GROW = 0.6;
/** The paper margin then added around it, in crop heights (training crops have ~0.1–0.5 em). */
const MARGIN = 0.12;
/** Rows or columns of paper that end the growth: gaps inside a formula are narrower. */
const GAP = 3;

/**
 * `box` grown on each side while ink continues past its edge (dark pixels within GAP rows or columns),
 * by at most MAX_GROW of its height, then by MARGIN of paper; it stops at the boxes of other lines.
 */
export function growToInk(image: PageImage, box: BBox, others: readonly BBox[]): BBox {
  const { width: w, height: h } = image;
  const bh = box[3] - box[1];
  const reach = MAX_GROW * bh;
  // How far each side may go: the page, the reach, and any other line's box beside it.
  let [top, left, bottom, right] = [Math.max(0, box[1] - reach), Math.max(0, box[0] - reach), Math.min(h, box[3] + reach), Math.min(w, box[2] + reach)];
  for (const o of others) {
    const overlapsX = o[0] < box[2] && o[2] > box[0];
    const overlapsY = o[1] < box[3] && o[3] > box[1];
    if (overlapsX && o[3] <= box[1]) top = Math.max(top, o[3]);
    if (overlapsX && o[1] >= box[3]) bottom = Math.min(bottom, o[1]);
    if (overlapsY && o[2] <= box[0]) left = Math.max(left, o[2]);
    if (overlapsY && o[0] >= box[2]) right = Math.min(right, o[0]);
  }
  const dark = darkAt(image);
  const rowInk = (y: number, x0: number, x1: number) => {
    for (let x = x0; x < x1; x++) if (dark(x, y)) return true;
    return false;
  };
  const colInk = (x: number, y0: number, y1: number) => {
    for (let y = y0; y < y1; y++) if (dark(x, y)) return true;
    return false;
  };
  let [x0, y0, x1, y1] = [Math.floor(box[0]), Math.floor(box[1]), Math.ceil(box[2]), Math.ceil(box[3])];
  const grow = (at: number, step: 1 | -1, limit: number, ink: (i: number) => boolean) => {
    let edge = at;
    for (let i = at + step, gap = 0; step > 0 ? i < limit : i >= limit; i += step) {
      if (ink(i)) [edge, gap] = [i + (step > 0 ? 1 : 0), 0];
      else if (++gap >= GAP) break;
    }
    return edge;
  };
  y0 = grow(y0, -1, Math.ceil(top), (y) => rowInk(y, x0, x1));
  y1 = grow(y1 - 1, 1, Math.floor(bottom), (y) => rowInk(y, x0, x1));
  x0 = grow(x0, -1, Math.ceil(left), (x) => colInk(x, y0, y1));
  x1 = grow(x1 - 1, 1, Math.floor(right), (x) => colInk(x, y0, y1));
  const m = MARGIN * (y1 - y0);
  return [Math.max(left, x0 - m), Math.max(top, y0 - m), Math.min(right, x1 + m), Math.min(bottom, y1 + m)];
}

/** Writes each crop's LaTeX, made well formed for KaTeX, into the page's line texts (in place). */
export function applyFormulaTexts(texts: string[], crops: readonly FormulaCrop[], latex: readonly string[]): void {
  crops.forEach((c, k) => c.lines.forEach((i, j) => (texts[i] = j === 0 ? repairLatex(latex[k]!) : '')));
}
