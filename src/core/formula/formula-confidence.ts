// A formula is claimed only where the formula recognizer was sure of it. Trained on rendered formulas,
// it writes LaTeX for anything it is given — a letterhead, a signature, a smudge — but then it is unsure:
// measured on real pages (exp of the mean token log-probability), its readings of letterheads and
// handwriting on old scanned letters scored 0.23–0.58 and its garbled readings of scanned book math
// 0.27–0.78, while the formulas it read right (rendered pages, a clean scan line) scored 0.82–0.95.
// Below the bar, or cut off by its length bound, the crop's lines stay the text the line recognizer read.
import type { Block } from '../layout/types';
import type { FormulaCrop } from './formula-crops';

export const FORMULA_MIN_CONFIDENCE = 0.8;

export interface FormulaReading {
  confidence: readonly number[];
  ended: readonly boolean[];
}

/** Whether each crop's reading is sure enough to ship as LaTeX. */
export function sureFormulas(read: FormulaReading, min = FORMULA_MIN_CONFIDENCE): boolean[] {
  return read.confidence.map((c, i) => read.ended[i] === true && c >= min);
}

/** The blocks with each unsure formula crop's block turned into a paragraph of its lines' text. */
export function unsureFormulasAsText(blocks: readonly Block[], unsure: readonly FormulaCrop[]): Block[] {
  if (!unsure.length) return [...blocks];
  const lines = new Set(unsure.flatMap((c) => c.lines));
  return blocks.map((b) => (b.type === 'formula' && b.lines.some((i) => lines.has(i)) ? { ...b, type: 'paragraph' } : b));
}
