// Text the recognizer doubts goes out as a guess, not as the page's text. On the real old scans, typed and
// printed lines read at 0.8–0.95 (a block's confidence: its lines' geometric-mean token probabilities,
// weighted by their length), while handwriting it cannot read comes out as words of letter soup at 0.25–0.62
// ("lunged in tr his muter in L", old_scans 12_pg1); dense small print (long_tiny_text) never falls under 0.6.
// A block under UNSURE_TEXT keeps its text — a guess can still be searched and corrected — and is marked
// unsure: the Markdown wraps it in <div data-unsure> (assemble-markdown.ts) and the reader shows it as such.
import type { Block } from '../layout/types';

export const UNSURE_TEXT = 0.6;

/** Blocks whose text is the recognizer's reading; a figure has none and a formula is claimed on its own terms. */
const READ_AS_TEXT = new Set<Block['type']>(['heading', 'paragraph', 'list', 'table', 'caption', 'footnote', 'header', 'footer']);

/** The block's lines' confidences weighted by their text's length; undefined where the block has no text. */
export function blockConfidence(lines: readonly number[], texts: readonly string[], confidence: readonly number[]): number | undefined {
  let sum = 0;
  let chars = 0;
  for (const i of lines) {
    const n = (texts[i] ?? '').trim().length;
    sum += n * (confidence[i] ?? 1);
    chars += n;
  }
  return chars > 0 ? sum / chars : undefined;
}

/** `blocks` with each doubtful text block marked `unsure` (the same objects where nothing changes). */
export function markUnsureText(blocks: readonly Block[], texts: readonly string[], confidence: readonly number[]): Block[] {
  return blocks.map((b) => {
    if (!READ_AS_TEXT.has(b.type)) return b;
    const c = blockConfidence(b.lines, texts, confidence);
    return c !== undefined && c < UNSURE_TEXT ? { ...b, unsure: true } : b;
  });
}
