// Running headers, footers, page numbers and the page's furniture (journal lines, copyright and download
// stamps, printers' notes), found on a single page: the rows at the top or the bottom of the page that stand
// apart from the body by a clear gap, set no larger than the body. A group of such rows counts when it lies in
// the page's margin band, or a little further in when its text reads as furniture (a page number, a journal,
// volume or ISSN line, a URL, a DOI, a copyright, a date). Text running up the side margin (a download stamp
// printed sideways) is furniture too.
import type { BBox } from '../../protocol/page';
import { groupRows, height, median, union, width } from './geometry';
import { isCaption, isFurniture, isPageNumber } from './text-cues';
import type { PageSize, TextLine } from './types';

export interface RunningHeads {
  header: number[];
  footer: number[];
}

/** At most this many rows make one group of furniture (an address block, a footer's small print). */
const MAX_ROWS = 6;
/** A page number, then a title in capitals: a running foot's words ("46 FREE CULTURE"). */
const NUMBER_THEN_TITLE = /^\d{1,4}\s+[\p{Lu}\d][\p{Lu}\d\s&,’'“”"-]{3,}$/u;
/** A row set this much larger than the body is a title or a heading, not furniture. */
const LARGER = 1.25;

/**
 * `sizeOf`: text size of line i relative to the body (1 = body text), where the caller measured it. Rows are
 * taken from each end of the page in groups, each group closed by a clear gap (0.9 body line) towards the body.
 */
export function findRunningHeads(lines: TextLine[], page: PageSize, band = 0.08, sizeOf?: (i: number) => number): RunningHeads {
  const boxes = lines.map((l) => l.bbox);
  const body = median(boxes.map(height)) || 1;
  const side = [...sideStamps(lines, page, body), ...marginNumbers(lines, page, band, body)];
  const ids = lines.map((_, i) => i).filter((i) => !side.includes(i));
  const rows = groupRows(ids, boxes);
  const rowBox = (r: number[]): BBox => union(r.map((i) => boxes[i]!));
  const text = (r: number[]) => r.map((i) => (lines[i]!.text ?? '').trim()).join(' ');
  const short = (r: number[]) => r.every((i) => height(boxes[i]!) < 2.2 * body);
  const large = (r: number[]) => sizeOf !== undefined && median(r.map(sizeOf)) > LARGER;
  const numbered = (r: number[]) => r.some((i) => isPageNumber(lines[i]!.text ?? ''));
  /** Two facing pages' numbers in one row: n on the left, n + 1 on the right ("-6-" … "-7-"). */
  const spreadNumbers = (r: number[]) => {
    if (r.length !== 2) return false;
    const [a, b] = [...r].sort((i, j) => boxes[i]![0] - boxes[j]![0]).map((i) => lines[i]!.text ?? '');
    const n = (t: string) => (isPageNumber(t) ? Number(/\d+/.exec(t)?.[0] ?? NaN) : NaN);
    return n(b!) === n(a!) + 1;
  };
  // Within the band by position alone; within twice the band when the text reads as furniture. A figure's caption
  // is the body's, however low it stands and whatever link follows it (a journal's figure DOI under "Fig 1. …").
  // A book's running foot may lead with its page number: "46 FREE CULTURE" on a left-hand page, as "“PIRACY” 27"
  // on a right-hand one (not at the head, where a numbered section heading can stand as high).
  const furniture = (r: number[], foot: boolean) => isFurniture(text(r)) || (foot && NUMBER_THEN_TITLE.test(text(r)));
  const accept = (group: number[][], edge: number, foot: boolean) =>
    group.every((r) => (!large(r) || numbered(r)) && !isCaption(text(r))) &&
    (edge <= page.height * band ||
      (edge <= page.height * band * 2 && (group.some((r) => furniture(r, foot)) || (group.length === 1 && numbered(group[0]!)))));

  const take = (order: number[][], edgeOf: (b: BBox) => number, gapTo: (b: BBox, next: BBox) => number, foot: boolean): number[] => {
    const out: number[] = [];
    let group: number[][] = [];
    let groups = 0;
    for (let k = 0; k < Math.min(order.length - 1, MAX_ROWS) && groups < 2; k++) {
      const r = order[k]!;
      const b = rowBox(r);
      if (!short(r) || edgeOf(b) > page.height * band * 2) break;
      group.push(r);
      const gap = gapTo(b, rowBox(order[k + 1]!));
      // A page number at the very edge, alone or with an ornament (• • •), stands apart by less than a line. A
      // scanned two-page spread's numbers make one row of two, over lines that wander up and down across the
      // spread (a typed number stands close over its page): they are the pages' numbers at any gap.
      // A first page's footer may set its page number between the body and the conference or journal line,
      // as close to the body as to that line ("15789" over "Proceedings of …, pages 15789–15809").
      const narrow = (g: number[]) => width(rowBox(g)) < 0.15 * page.width;
      const pageNumber =
        group.some(numbered) &&
        ((group.every(narrow) && gap >= 0.4 * body) ||
          (group.length === 1 && spreadNumbers(r)) ||
          (numbered(r) && narrow(r) && gap >= 0.4 * body && group.some((g) => isFurniture(text(g)))));
      if (gap >= 0.9 * body || pageNumber) {
        if (!accept(group, edgeOf(b), foot)) break;
        out.push(...group.flat());
        group = [];
        groups++;
      }
    }
    return out;
  };
  const header = take(rows, (b) => b[3], (b, next) => next[1] - b[3], false);
  const reversed = [...rows].reverse().filter((r) => !r.some((i) => header.includes(i)));
  const footer = take(reversed, (b) => page.height - b[1], (b, prev) => b[1] - prev[3], true);
  // A bare page number as the page's last row is a footer even when set close under a footnote.
  const last = rows.at(-1);
  if (last && !footer.length && !header.some((i) => last.includes(i)) && rowBox(last)[1] >= page.height * 0.75 && last.length === 1 && numbered(last)) footer.push(...last);
  return { header, footer: [...footer, ...side] };
}

/**
 * A page number standing in a side margin (the outer eighth of the page) in the top or bottom band, clear of the
 * body's lines (a landscape page's folio set sideways at its edge): furniture by itself, not one row with the
 * body's first or last line beside it (a table's caption "Table 1 Continued" level with the "48" went with it as a
 * running head).
 */
function marginNumbers(lines: TextLine[], page: PageSize, band: number, body: number): number[] {
  const wide = lines.filter((l) => width(l.bbox) > 0.3 * page.width);
  if (wide.length === 0) return [];
  const [left, , right] = union(wide.map((l) => l.bbox));
  const edge = (b: BBox) => b[3] <= 2 * band * page.height || b[1] >= (1 - 2 * band) * page.height;
  const outside = (b: BBox) => (b[2] < left - body && b[2] < 0.12 * page.width) || (b[0] > right + body && b[0] > 0.88 * page.width);
  return lines.flatMap((l, i) => (isPageNumber(l.text ?? '') && edge(l.bbox) && outside(l.bbox) ? [i] : []));
}

/**
 * Lines running up or down a side margin, beside the body's lines: a run of three or more narrow boxes stacked
 * in the outer tenth of the page (a download stamp or line numbers, boxed piecewise by a detector), or a line
 * whose text is far too long for its box (a text layer's box of sideways text).
 */
function sideStamps(lines: TextLine[], page: PageSize, body: number): number[] {
  const wide = lines.filter((l) => width(l.bbox) > 0.3 * page.width);
  if (wide.length === 0) return [];
  const [left, , right] = union(wide.map((l) => l.bbox));
  const outside = (b: BBox) => (b[2] < left && b[2] < page.width * 0.12) || (b[0] > right && b[0] > page.width * 0.88);
  const overfull = (l: TextLine) => {
    const chars = (l.text ?? '').trim().length;
    return chars >= 20 && chars * 0.3 * Math.min(height(l.bbox), body) > 3 * width(l.bbox);
  };
  const narrow = lines.flatMap((l, i) => (outside(l.bbox) && width(l.bbox) < 2 * body ? [i] : []));
  const stacked = narrow.filter((i) => narrow.filter((j) => lines[j]!.bbox[0] < lines[i]!.bbox[2] && lines[j]!.bbox[2] > lines[i]!.bbox[0]).length >= 3);
  return lines.flatMap((l, i) => (stacked.includes(i) || (outside(l.bbox) && overfull(l)) ? [i] : []));
}
