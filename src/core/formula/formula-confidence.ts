// A formula is claimed only where the formula recognizer was sure of it. Trained on rendered formulas,
// it writes LaTeX for anything it is given — a letterhead, a signature, a smudge — but then it is unsure:
// measured on real pages (exp of the mean token log-probability), its readings of letterheads and
// handwriting on old scanned letters scored 0.23–0.58 and its garbled readings of scanned book math
// 0.27–0.78, while the formulas it read right (rendered pages, a clean scan line) scored 0.82–0.95.
// Below the bar, or cut off by its length bound, the crop's lines stay the text the line recognizer read.
import { latexSymbols, symbolAgreement, textSymbols } from '../glyph-math/formula-symbols';
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

/** Shared letters and digits below which a reading of a formula the PDF holds as glyphs is not the page's. */
export const MIN_PAGE_AGREEMENT = 0.6;

/**
 * Whether the recognizer's LaTeX for a crop writes the letters and digits the page's own text has there
 * (formula-symbols.ts): where the glyphs could not be rebuilt as a formula, they still say what it holds, and
 * a confident reading that mostly disagrees is nonsense. Text with too few symbols to judge by passes.
 */
export function agreesWithPage(latex: string, pageText: string): boolean {
  const page = textSymbols(pageText);
  if (page.length < 3) return true;
  const written = latexSymbols(latex);
  return written !== undefined && symbolAgreement(written, page) >= MIN_PAGE_AGREEMENT;
}

/**
 * Which crops' readings become LaTeX: those the recognizer was sure of and, where the page's own text is
 * known (`pageTexts`, by line), that agree with it.
 */
export function claimedFormulas(read: FormulaReading & { texts: readonly string[] }, crops: readonly FormulaCrop[], pageTexts?: readonly string[]): boolean[] {
  return sureFormulas(read).map((ok, i) => ok && (!pageTexts || agreesWithPage(read.texts[i] ?? '', crops[i]!.lines.map((j) => pageTexts[j] ?? '').join(' '))));
}

/** The blocks with each unsure formula crop's block turned into a paragraph of its lines' text. */
export function unsureFormulasAsText(blocks: readonly Block[], unsure: readonly FormulaCrop[]): Block[] {
  if (!unsure.length) return [...blocks];
  const lines = new Set(unsure.flatMap((c) => c.lines));
  return blocks.map((b) => (b.type === 'formula' && b.lines.some((i) => lines.has(i)) ? { ...b, type: 'paragraph' } : b));
}
