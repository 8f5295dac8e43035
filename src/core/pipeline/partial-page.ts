// Streaming a page while it is read: lines are recognized in reading order, a window at a time, and after
// each window the blocks read so far become a partial page, so the first paragraphs are on screen long before
// the last line is done. The final page is the same as without streaming: each line reads the same in any
// batch (recognize-lines.ts), and the final layout and formulas run on all texts as before.
import { assembleMarkdown, type AssembledPage, type AssembleOptions } from '../assemble/assemble-markdown';
import type { Block } from '../layout/types';

/** Pieces in the first window; each later window is half again the one before (the first partial soon, few
 * re-layouts on a long page: 5 windows for 150 pieces). */
export const FIRST_WINDOW = 16;
const GROWTH = 1.5;

/** Line indices in the order the blocks read them, then any line no block holds, by index. */
export function readingOrderOfLines(blocks: readonly Block[], lineCount: number): number[] {
  const seen = new Set<number>();
  const order: number[] = [];
  const take = (i: number) => {
    if (i >= 0 && i < lineCount && !seen.has(i)) {
      seen.add(i);
      order.push(i);
    }
  };
  for (const b of blocks) b.lines.forEach(take);
  for (let i = 0; i < lineCount; i++) take(i);
  return order;
}

/**
 * Splits `order` into windows of whole lines holding about `first`, then 1.5×, 2.25×… as many pieces (`pieces[i]`: how
 * many pieces line i is read in). The last window takes whatever is left.
 */
export function lineWindows(order: readonly number[], pieces: readonly number[], first = FIRST_WINDOW): number[][] {
  const windows: number[][] = [];
  let size = Math.max(1, first);
  let current: number[] = [];
  let count = 0;
  for (const i of order) {
    current.push(i);
    count += Math.max(1, pieces[i] ?? 1);
    if (count >= size) {
      windows.push(current);
      current = [];
      count = 0;
      size = Math.round(size * GROWTH);
    }
  }
  if (current.length) windows.push(current);
  return windows;
}

/** Running text, which may be shown up to its first unread line; a list or table is shown whole. */
const RUNNING = new Set<Block['type']>(['paragraph', 'caption', 'footnote']);

/**
 * The page as far as it is read: the leading blocks whose lines are all read, then, when the first block that
 * is not is running text, its lines up to the first unread one. Formula blocks are left out (the formula
 * recognizer reads them once every line is done), so the partial page never shows a formula as the line
 * recognizer spelled it.
 */
export function partialPage(blocks: readonly Block[], texts: readonly (string | undefined)[], options: AssembleOptions): AssembledPage {
  const ready: Block[] = [];
  for (const b of blocks) {
    const unread = b.lines.findIndex((i) => texts[i] === undefined);
    if (unread < 0) {
      if (b.type !== 'formula') ready.push(b);
      continue;
    }
    if (RUNNING.has(b.type) && unread > 0) ready.push({ ...b, lines: b.lines.slice(0, unread) });
    break;
  }
  return assembleMarkdown(ready, texts.map((t) => t ?? ''), options);
}
