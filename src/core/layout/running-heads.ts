// Running headers, footers and page numbers: short lines in the top/bottom band of the page,
// set apart from the body by a gap. Their text (page-number patterns) strengthens the guess.
import type { BBox } from '../../protocol/page';
import { groupRows, height, median } from './geometry';
import { isPageNumber } from './text-cues';
import type { PageSize, TextLine } from './types';

export interface RunningHeads {
  header: number[];
  footer: number[];
}

export function findRunningHeads(lines: TextLine[], page: PageSize, band = 0.08): RunningHeads {
  const boxes = lines.map((l) => l.bbox);
  const body = median(boxes.map(height)) || 1;
  const rows = groupRows(lines.map((_, i) => i), boxes);
  const rowBox = (r: number[]): BBox => [
    Math.min(...r.map((i) => boxes[i]![0])),
    Math.min(...r.map((i) => boxes[i]![1])),
    Math.max(...r.map((i) => boxes[i]![2])),
    Math.max(...r.map((i) => boxes[i]![3])),
  ];
  const isShort = (r: number[]) => r.every((i) => height(boxes[i]!) < 2.2 * body);
  const header: number[] = [];
  const footer: number[] = [];
  // At most two rows from each end, each separated from the next row inward by a clear gap.
  for (let k = 0; k < Math.min(2, rows.length - 1); k++) {
    const r = rows[k]!;
    const b = rowBox(r);
    const next = rowBox(rows[k + 1]!);
    const gap = next[1] - b[3];
    const inBand = b[3] <= page.height * band || (b[3] <= page.height * band * 2 && r.some((i) => isPageNumber(lines[i]!.text ?? '')));
    if (!inBand || !isShort(r) || gap < 0.9 * body) break;
    header.push(...r);
  }
  for (let k = rows.length - 1; k >= Math.max(1, rows.length - 2); k--) {
    const r = rows[k]!;
    const b = rowBox(r);
    const prev = rowBox(rows[k - 1]!);
    const gap = b[1] - prev[3];
    const inBand = b[1] >= page.height * (1 - band) || (b[1] >= page.height * (1 - band * 2) && r.some((i) => isPageNumber(lines[i]!.text ?? '')));
    // A bare page number as the page's last row is a footer even when set close under a footnote.
    const lastPageNumber = k === rows.length - 1 && b[1] >= page.height * 0.75 && r.length === 1 && isPageNumber(lines[r[0]!]!.text ?? '');
    if (!lastPageNumber && (!inBand || !isShort(r) || gap < 0.9 * body)) break;
    if (header.some((i) => r.includes(i))) break;
    footer.unshift(...r);
  }
  return { header, footer };
}
