// Which crops the formula recognizer reads on a page: one per display-formula block, the union of the
// block's detector boxes (a fraction's rows, a sum's limits and the body are separate boxes, but the
// recognizer was trained on whole formulas). Equation numbers such as "(3)" stay out of the crop and keep
// their text, so the assembly can still turn them into \tag{3}.
import type { BBox } from '../../protocol/page';
import { isEquationNumber } from '../layout/text-cues';
import type { Block } from '../layout/types';
import { repairLatex } from './repair-latex';

export interface FormulaCrop {
  box: BBox;
  /** Line indices the LaTeX replaces: the first gets it, the others become empty. */
  lines: number[];
}

export function formulaCrops(blocks: readonly Block[], boxes: readonly BBox[], texts: readonly string[]): FormulaCrop[] {
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
    out.push({ box, lines });
  }
  return out;
}

/** Writes each crop's LaTeX, made well formed for KaTeX, into the page's line texts (in place). */
export function applyFormulaTexts(texts: string[], crops: readonly FormulaCrop[], latex: readonly string[]): void {
  crops.forEach((c, k) => c.lines.forEach((i, j) => (texts[i] = j === 0 ? repairLatex(latex[k]!) : '')));
}
