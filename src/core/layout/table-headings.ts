// Which cells of a table's grid are headings (th), and which rows cannot be: a reader's cues from the cells' text.
//
//   markHeadings(grid, text)             heading rows inside the body and a stub of labels, marked header
//   readsAsCells(ids, boxes, body, text)  lines that end a cell's sentence: a body row, never a heading
import type { BBox } from '../../protocol/page';
import { breaksOff, endsSentence, mostlyDigits } from './text-cues';
import type { TableCell, TableGrid } from './types';

/**
 * Lines that end a cell's sentence, as a row's cells may and headings do not: a line of four words or more ending in
 * a full stop, or a word and its stop under a line that breaks off ("be known a priori, as is evident upon close" /
 * "examination.").
 */
export function readsAsCells(ids: number[], boxes: BBox[], body: number, text: (i: number) => string): boolean {
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  const over = (i: number, j: number) => boxes[j]![3] <= boxes[i]![1] + 0.3 * body && boxes[j]![3] > boxes[i]![1] - body && boxes[j]![0] < boxes[i]![2] && boxes[j]![2] > boxes[i]![0];
  return ids.some((i) => endsSentence(text(i)) && (words(text(i)) >= 4 || ids.some((j) => over(i, j) && breaksOff(text(j)))));
}

const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

/**
 * Heading cells inside the body, marked as headers (th), as a reader of the table would take them:
 * - a row whose cells in figure columns are words ("EC Number", "CAS Number" over columns of codes): a
 *   heading repeated under a group title, or the header of a table that continues from the page before;
 * - the stub (first column) when every body cell in it is words and the table has other columns: the rows'
 *   labels ("Lymphatic system", "Predecessor").
 */
export function markHeadings(grid: TableGrid, text: (i: number) => string): void {
  const cellText = (c: TableCell) => c.lines.map(text).join(' ').trim();
  const body = grid.cells.filter((c) => !c.header && c.lines.length > 0);
  const figureCols = new Set<number>();
  for (let col = 1; col < grid.cols; col++) {
    // Dashes and blanks ("-", "–") say nothing either way.
    const inCol = body.filter((c) => c.col === col && c.colSpan === 1).map(cellText).filter((t) => /[\d\p{L}]/u.test(t));
    if (inCol.length >= 3 && inCol.filter(mostlyDigits).length >= 0.7 * inCol.length) figureCols.add(col);
  }
  for (let r = 0; r < grid.rows; r++) {
    const inFigures = grid.cells.filter((c) => c.row === r && c.colSpan === 1 && figureCols.has(c.col) && c.lines.length > 0).map(cellText);
    // A cell that starts with its figure ("12 (6 in each group)", "14 (Tanner 5)") is a value with a note.
    if (inFigures.length > 0 && inFigures.every((t) => !mostlyDigits(t) && !/^[-−–+]?\d/.test(t) && letters(t) >= 2)) for (const c of grid.cells) if (c.row === r) c.header = true;
  }
  const stub = body.filter((c) => c.col === 0 && c.colSpan === 1);
  if (grid.cols >= 2 && stub.length >= 2 && stub.every((c) => !mostlyDigits(cellText(c)) && letters(cellText(c)) >= 2)) for (const c of stub) c.header = true;
}
