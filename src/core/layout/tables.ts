// Unruled tables (borderless, or booktabs: horizontal rules only): runs of rows whose boxes fall into the
// same columns.
//
//   findTables(boxes, indices, bodyHeight, pageWidth, cues?: { texts, rules }) → TableRegion[]
//
// A row with two or more boxes apart is a table row candidate; consecutive candidate rows that are close
// form a run (rows of one box between them are wrapped or spanning cells), and a run is a table when its
// rows share ≥ 2 columns (table-grid.ts). Heading rows above the run (a spanning heading, a title centred
// over the table) join it as headers, as do the rows above a rule under the first rows (booktabs' mid
// rule). Runs that are running text set in columns, prose beside a sidebar, or fewer than three rows
// (save two rows of a register: cells of many lines under headings or under such a row) are left to the
// column finder.
import type { BBox } from '../../protocol/page';
import { centerY, groupRows, median, union, width } from './geometry';
import type { Rule } from './rulings';
import { columnsOf, splitAtColumns, tableColumns, tableGrid, type GridRow } from './table-grid';
import { markHeadings } from './table-headings';
import { endsSentence, mostlyLetters } from './text-cues';
import type { TableCell, TableGrid } from './types';

export interface TableRegion {
  bbox: BBox;
  lines: number[];
  grid: TableGrid;
}

export interface TableCues {
  /** Each line's text: captions, prose that runs on, headings. */
  texts?: readonly (string | undefined)[];
  /** The page's horizontal rules (booktabs: top, under the header, bottom). */
  rules?: readonly Rule[];
}

/** Cells of a row at least this many body line heights apart. */
const CELL_GAP = 0.5;
/** Fewest characters of text in a table (when the lines' texts are known). */
const MIN_CHARS = 24;
/** Shortest text whose repeating in every cell of a row says the row is two copies of one layout. */
const REPEAT_CHARS = 8;
/** A caption line: "Table 3", "Tab. S2", "TABLE IV". */
const CAPTION = /^(table|tab\.)\s*[A-Z]?[0-9IVX]+\b/i;

export function findTables(boxes: BBox[], indices: number[], body: number, pageWidth: number, cues: TableCues = {}): TableRegion[] {
  // Side-by-side pages of a spread, or columns of cards, are searched apart: a table lies in one of them.
  const strips = pageStrips(boxes, indices, body);
  if (strips.length > 1) return strips.flatMap((s) => findTables(boxes, s, body, pageWidth, cues));
  const text = (i: number) => (cues.texts?.[i] ?? '').trim();
  const rows: GridRow[] = besideText(groupRows(indices, boxes), boxes, body, pageWidth, cues.texts && text).map((ids) => ({ ids, box: union(ids.map((i) => boxes[i]!)) }));
  const multi = (r: GridRow) => r.ids.length >= 2 && r.ids.every((id, k) => k === 0 || boxes[id]![0] - boxes[r.ids[k - 1]!]![2] >= CELL_GAP * body);
  const tables: TableRegion[] = [];
  let k = 0;
  let taken = 0;
  while (k < rows.length) {
    if (!multi(rows[k]!) || CAPTION.test(text(rows[k]!.ids[0]!))) {
      k++;
      continue;
    }
    // Grow a run: multi-cell rows, with rows of one box between them (wrapped cells, group rows) taken
    // only when a multi-cell row follows; a line set out left of the rows (a section's heading) ends it.
    const run: GridRow[] = [rows[k]!];
    let pending: GridRow[] = [];
    let j = k + 1;
    for (; j < rows.length; j++) {
      const r = rows[j]!;
      const last = pending.length ? pending[pending.length - 1]! : run[run.length - 1]!;
      if (r.box[1] - last.box[3] > 2 * body || CAPTION.test(text(r.ids[0]!))) break;
      const span = union(run.map((x) => x.box));
      if (multi(r)) {
        run.push(...pending, r);
        pending = [];
      } else if (pending.length < 12 && r.box[0] >= span[0] - 0.25 * body && r.box[2] <= span[2] + body && r.box[1] - last.box[3] < 1.5 * body) pending.push(r);
      else break;
    }
    // The last row's wrapped cell goes on below it: lines close under it, each starting where one of its cells
    // after the first starts ("Data retention | Procurement | As is evident upon …" / "stand in need to …").
    const starts = run[run.length - 1]!.ids.slice(1).map((id) => boxes[id]![0]);
    let wrapped = 0;
    while (wrapped < pending.length) {
      const r = pending[wrapped]!;
      const prev = wrapped ? pending[wrapped - 1]! : run[run.length - 1]!;
      if (r.box[1] - prev.box[3] >= 0.6 * body || !starts.some((x) => Math.abs(r.box[0] - x) < 0.3 * body)) break;
      wrapped++;
    }
    run.push(...pending.slice(0, wrapped));
    const end = j - pending.length + wrapped;
    const heads = headingRows(rows, taken, k, run, boxes, body, text);
    // A line just above the run that starts where its rows start and runs into its other columns may be a
    // row whose cells the PDF set as one run of text (tried once the columns are known).
    const above = k - 1 >= taken && heads.length === 0 ? rows[k - 1] : undefined;
    const lead = above && above.ids.length === 1 && run[0]!.box[1] - above.box[3] < 1.2 * body && Math.abs(above.box[0] - run[0]!.box[0]) < 0.5 * body && !CAPTION.test(text(above.ids[0]!)) ? above : undefined;
    const all = [...heads, ...run];
    const headRows = Math.max(heads.length, ruledHeader(all, cues.rules ?? [], body));
    const region = tableOf(all, headRows, boxes, indices, body, pageWidth, cues.texts, lead);
    if (region) {
      tables.push(region);
      taken = end;
    }
    // A rejected run is rejected whole: its tail alone must not pass for a table.
    k = Math.max(end, k + 1);
  }
  return tables;
}

/**
 * The page split at a gutter: a vertical channel at least a body line wide that no line crosses, with
 * lines on both sides whose rows do not line up across it (columns of a table line up; pages of a spread,
 * columns of cards and columns of text each keep their own rows). Left to right; one strip when none.
 */
function pageStrips(boxes: BBox[], indices: number[], body: number): number[][] {
  if (indices.length < 10) return [indices];
  const x0 = Math.floor(Math.min(...indices.map((i) => boxes[i]![0])));
  const x1 = Math.ceil(Math.max(...indices.map((i) => boxes[i]![2])));
  const cover = new Int32Array(x1 - x0 + 1);
  for (const i of indices) for (let x = Math.ceil(boxes[i]![0]); x <= Math.floor(boxes[i]![2]); x++) cover[x - x0]!++;
  let best: [number, number] | undefined;
  for (let k = 0, start = -1; k <= x1 - x0; k++) {
    if (cover[k] === 0 && k < x1 - x0) {
      if (start < 0) start = k;
    } else if (start >= 0) {
      if (k - start >= body && (!best || k - start > best[1] - best[0])) best = [x0 + start, x0 + k];
      start = -1;
    }
  }
  if (!best) return [indices];
  const cut = (best[0] + best[1]) / 2;
  const left = indices.filter((i) => boxes[i]![2] <= cut);
  const right = indices.filter((i) => boxes[i]![0] >= cut);
  if (left.length < 5 || right.length < 5) return [indices];
  // Rows that line up: a line on one side with one on the other at the same height.
  const level = (a: number, side: number[]) => side.some((j) => Math.abs(centerY(boxes[j]!) - centerY(boxes[a]!)) < 0.2 * body);
  const [few, many] = left.length <= right.length ? [left, right] : [right, left];
  if (few.filter((i) => level(i, many)).length >= 0.6 * few.length) return [indices];
  return [...pageStrips(boxes, left, body), ...pageStrips(boxes, right, body)];
}

/**
 * Rows without the lines of a text column running beside them (the body text beside an infobox, or beside a
 * table set in one column): lines a third of the page wide or more that end a row holding other boxes
 * mark such a column; every line inside it, from a little above its first such line to a little below its
 * last, is left out of the rows, so the rest of those rows can be a table's, unless the column's lines are a
 * table's cells of many lines (cellColumns).
 */
function besideText(rows: number[][], boxes: BBox[], body: number, pageWidth: number, text?: (i: number) => string): number[][] {
  // With the lines' texts, a wide line of figures (a statement's totals set as one run: "¥ 175,820 ¥ 202,834 …")
  // is a table's row, not running text.
  const wide = (i: number) => width(boxes[i]!) >= 0.3 * pageWidth && (!text || mostlyLetters(text(i), 0.5));
  const marks = rows.filter((ids) => ids.length >= 2).flatMap((ids) => [ids[0]!, ids[ids.length - 1]!].filter(wide));
  if (marks.length < 2) return rows;
  const columns = marks.map((i) => boxes[i]!);
  const inColumn = (i: number) => {
    const b = boxes[i]!;
    const same = columns.filter((c) => b[0] >= c[0] - body && b[2] <= c[2] + body);
    return same.length >= 2 && b[1] >= Math.min(...same.map((c) => c[1])) - 2 * body && b[3] <= Math.max(...same.map((c) => c[3])) + 2 * body;
  };
  const all = rows.flat();
  const cells = new Set(xGroups(all.filter(inColumn), boxes).flatMap((g) => cellColumns(g, all, boxes, body)));
  return rows.map((ids) => ids.filter((i) => !inColumn(i) || cells.has(i))).filter((ids) => ids.length > 0);
}

/** Lines in groups whose x-ranges overlap: the columns they stand in. */
function xGroups(ids: number[], boxes: BBox[]): number[][] {
  const groups: { ids: number[]; x1: number }[] = [];
  for (const i of [...ids].sort((a, b) => boxes[a]![0] - boxes[b]![0])) {
    const last = groups[groups.length - 1];
    if (last && boxes[i]![0] < last.x1) {
      last.ids.push(i);
      last.x1 = Math.max(last.x1, boxes[i]![2]);
    } else groups.push({ ids: [i], x1: boxes[i]![2] });
  }
  return groups.map((g) => g.ids);
}

/**
 * The lines of a column of wide lines that are a table's column of long cells, not running text beside the table
 * (a register's descriptions: "Backup testing | Finance | As is shown in the writings of …" over six lines, then
 * the next row). The column is cut where a line crosses it (the text between two tables); each piece is judged
 * by cellBlocks.
 */
function cellColumns(column: number[], all: number[], boxes: BBox[], body: number): number[] {
  const x0 = Math.min(...column.map((i) => boxes[i]![0]));
  const x1 = Math.max(...column.map((i) => boxes[i]![2]));
  const inside = (b: BBox) => b[0] >= x0 - body && b[2] <= x1 + body;
  const lines = all.filter((i) => inside(boxes[i]!)).sort((a, b) => boxes[a]![1] - boxes[b]![1]);
  const others = all.filter((i) => boxes[i]![2] <= x0 || boxes[i]![0] >= x1).map((i) => boxes[i]!);
  const crossing = all.filter((i) => !inside(boxes[i]!) && boxes[i]![0] < x1 && boxes[i]![2] > x0).map((i) => boxes[i]!);
  const segments: number[][] = [];
  lines.forEach((id, k) => {
    const cut = k === 0 || crossing.some((c) => c[1] >= boxes[lines[k - 1]!]![3] - 0.2 * body && c[3] <= boxes[id]![1] + 0.2 * body);
    if (cut) segments.push([id]);
    else segments[segments.length - 1]!.push(id);
  });
  return segments.filter((s) => cellBlocks(s, others, boxes, body)).flat();
}

/**
 * Lines of one column that are cells: they part into blocks at gaps wider than their leading, each block starts
 * level with a line of another column (the first may stand alone), and no line of the other columns reaches into a
 * gap between blocks.
 * Running text keeps its leading down the column, and the rows beside it cross its paragraphs' gaps.
 */
function cellBlocks(lines: number[], others: BBox[], boxes: BBox[], body: number): boolean {
  if (lines.length < 3) return false;
  const gaps = lines.slice(1).map((id, k) => boxes[id]![1] - boxes[lines[k]!]![3]);
  const lead = median(gaps);
  const blocks: number[][] = [[lines[0]!]];
  lines.slice(1).forEach((id, k) => (gaps[k]! > lead + 0.3 * body ? blocks.push([id]) : blocks[blocks.length - 1]!.push(id)));
  if (blocks.length < 2) return false;
  // The first block may stand alone, beside nothing: a cell's last lines going on from the page before ("Categories.").
  const alone = (b: number[]) => !others.some((o) => o[1] < boxes[b[b.length - 1]!]![3] && o[3] > boxes[b[0]!]![1]);
  const level = blocks.every((b, k) => others.some((o) => Math.abs(o[1] - boxes[b[0]!]![1]) < 0.3 * body) || (k === 0 && alone(b)));
  const clear = blocks.slice(1).every((b, k) => {
    const [top, bottom] = [boxes[blocks[k]![blocks[k]!.length - 1]!]![3], boxes[b[0]!]![1]];
    return !others.some((o) => o[1] < bottom - 0.2 * body && o[3] > top + 0.2 * body);
  });
  return level && clear;
}

/**
 * Rows just above a run that head it: up to three close rows inside its width, each either cells that sit
 * over its columns or one heading centred over several of them, never a caption or a line of prose.
 */
function headingRows(rows: GridRow[], from: number, k: number, run: GridRow[], boxes: BBox[], body: number, text: (i: number) => string): GridRow[] {
  const span = union(run.map((r) => r.box));
  const out: GridRow[] = [];
  for (let i = k - 1; i >= from && out.length < 3; i--) {
    const r = rows[i]!;
    const below = out.length ? out[0]! : run[0]!;
    if (below.box[1] - r.box[3] > 1.2 * body) break;
    if (r.box[0] < span[0] - 3 * body || r.box[2] > span[2] + 3 * body) break;
    // A sentence's end is no heading: a caption's line, or a cell's last line going on from the page before ("Categories.").
    if (r.ids.some((id) => CAPTION.test(text(id)) || endsSentence(text(id)) || (/\.$/.test(text(id)) && text(id).split(/\s+/).length >= 4))) break;
    if (r.ids.length === 1) {
      const b = boxes[r.ids[0]!]!;
      const centred = Math.abs((b[0] + b[2]) / 2 - (span[0] + span[2]) / 2) < 0.15 * width(span);
      const overColumns = b[0] > span[0] + 0.2 * width(span);
      if (width(b) > 0.8 * width(span) || !(centred || overColumns)) break;
    }
    out.unshift(r);
  }
  return out;
}

/** Visual rows above a horizontal rule that crosses the table under one of its first rows (booktabs' mid rule). */
function ruledHeader(rows: GridRow[], rules: readonly Rule[], body: number): number {
  if (rows.length < 3) return 0;
  const span = union(rows.map((r) => r.box));
  let head = 0;
  for (let i = 0; i + 1 < Math.min(rows.length, 5); i++) {
    const [top, bottom] = [rows[i]!.box[3], rows[i + 1]!.box[1]];
    const crosses = rules.some((h) => h.at >= top - 0.25 * body && h.at <= bottom + 0.25 * body && Math.min(h.to, span[2]) - Math.max(h.from, span[0]) >= 0.6 * width(span));
    if (crosses) head = i + 1;
  }
  // A rule under most of the rows closes the table; it does not head it.
  return head <= rows.length / 2 ? head : 0;
}

function tableOf(
  rows: GridRow[],
  headRows: number,
  boxes: BBox[],
  indices: number[],
  body: number,
  pageWidth: number,
  texts?: readonly (string | undefined)[],
  lead?: GridRow,
): TableRegion | undefined {
  const text = (i: number) => (texts?.[i] ?? '').trim();
  const bodyRows = rows.slice(headRows);
  const cols = tableColumns(bodyRows, boxes, body, texts && text);
  if (cols.length < 2) return undefined;
  if (lead) {
    const id = lead.ids[0]!;
    const span = columnsOf(boxes[id]!, cols);
    if (span[0] === 0 && span[1] > 0 && splitAtColumns(boxes[id]!, text(id), cols, span)) rows = [lead, ...rows];
  }
  if (looksLikeTextColumns(bodyRows, boxes, cols, pageWidth) || hasProseColumn(bodyRows, boxes, cols, pageWidth)) return undefined;
  // Boxes of one visual row that land in one column: the columns do not fit these rows.
  const crowded = bodyRows.filter((r) => {
    const firsts = r.ids.map((id) => cols.findIndex((c) => Math.min(c[1], boxes[id]![2]) - Math.max(c[0], boxes[id]![0]) > 0));
    return new Set(firsts).size < firsts.length;
  }).length;
  if (crowded > 0.25 * bodyRows.length) return undefined;
  const grid = tableGrid(rows, boxes, cols, body, { headRows, texts });
  const filledRows = new Set(grid.cells.filter((c) => !c.header).map((c) => c.row));
  const multiRows = [...filledRows].filter((r) => grid.cells.filter((c) => c.row === r).length >= 2);
  if ((grid.rows < 3 || multiRows.length < 2) && !twoRows(grid, text)) return undefined;
  // A handful of characters (a chart's tick labels and a letter or two of its rotated axis title) is not a table.
  if (texts && rows.flatMap((r) => r.ids).reduce((n, i) => n + text(i).replace(/\s/g, '').length, 0) < MIN_CHARS) return undefined;
  if (continuesAsText(rows, grid, boxes, indices, body, texts && text) || runsOnAsProse(grid, text) || repeatsAcross(grid, text)) return undefined;
  markHeadings(grid, text);
  const lines = rows.flatMap((r) => r.ids);
  return { bbox: union(lines.map((i) => boxes[i]!)), lines, grid };
}

/**
 * Two rows in three columns or more, the last of them cells of many lines under a row of headings or another such
 * row: a register's head and first row at the foot of a page ("Item | Owner | Description | Status" over "Travel
 * policy B19 | Facilities | Since none of the noumena are … | Not started (Q3 12)"), or its last two rows at the
 * top of the next.
 */
function twoRows(grid: TableGrid, text: (i: number) => string): boolean {
  if (grid.rows !== 2 || grid.cols < 3) return false;
  const [heads, cells] = [0, 1].map((r) => grid.cells.filter((c) => c.row === r && c.lines.length > 0)) as [TableCell[], TableCell[]];
  const long = (row: TableCell[]) => row.length >= grid.cols - 1 && row.some((c) => c.col === 0) && row.some((c) => c.lines.length >= 2);
  const heading = (c: TableCell) => c.colSpan === 1 && c.lines.length === 1 && mostlyLetters(text(c.lines[0]!), 0.7) && text(c.lines[0]!).split(/\s+/).length <= 3 && !/[.,;]$/.test(text(c.lines[0]!));
  return long(cells) && ((heads.length === grid.cols && heads.every(heading)) || long(heads));
}

/** Equal-width columns of long boxes that fill them: running text, not a table. */
function looksLikeTextColumns(run: GridRow[], boxes: BBox[], cols: [number, number][], pageWidth: number): boolean {
  const widths = cols.map((c) => c[1] - c[0]);
  if (Math.min(...widths) < 0.2 * pageWidth) return false;
  if (Math.max(...widths) / Math.min(...widths) > 1.6) return false;
  // A row's pieces in one column are one line: a justified line in a narrow column stretches its spaces so wide that
  // the detector boxes its words apart.
  const pieces = run.flatMap((r) => cols.map((c) => r.ids.filter((id) => (boxes[id]![0] + boxes[id]![2]) / 2 >= c[0] && (boxes[id]![0] + boxes[id]![2]) / 2 <= c[1])).filter((ids) => ids.length > 0));
  const filling = pieces.filter((ids) => cols.some((c) => width(union(ids.map((id) => boxes[id]!))) >= 0.8 * (c[1] - c[0]))).length;
  return filling >= 0.6 * pieces.length;
}

/**
 * Text that reads on from cell to cell down a column as sentences do (a line without a full stop, then
 * one in lower case), in several places: prose set in narrow columns (margin notes beside an example),
 * not a table.
 */
function runsOnAsProse(grid: TableGrid, text: (i: number) => string): boolean {
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  for (let c = 0; c < grid.cols; c++) {
    const cells = grid.cells.filter((x) => x.col === c && x.colSpan === 1 && x.lines.length > 0).sort((a, b) => a.row - b.row);
    let flows = 0;
    for (let k = 1; k < cells.length; k++) {
      const above = text(cells[k - 1]!.lines[cells[k - 1]!.lines.length - 1]!);
      const here = text(cells[k]!.lines[0]!);
      if (words(above) >= 3 && !/[.:;!?]$/.test(above) && /^\p{Ll}/u.test(here) && words(here) >= 2) flows++;
    }
    if (flows >= 2 && flows >= 0.3 * (cells.length - 1)) return true;
  }
  return false;
}

/**
 * Rows that write one text again in every cell, in most rows: two copies of one layout side by side (a spread's two
 * pages under the same heads: "Mitsubishi Electric Corporation and Subsidiaries" over each page's statement),
 * not a table. Short values repeat in real tables ("Yes", "0"), so only texts of REPEAT_CHARS or more count.
 */
function repeatsAcross(grid: TableGrid, text: (i: number) => string): boolean {
  const rows = Array.from({ length: grid.rows }, (_, r) => grid.cells.filter((c) => c.row === r && c.lines.length > 0));
  const multi = rows.filter((cells) => cells.length >= 2);
  const same = multi.filter((cells) => {
    const texts = cells.map((c) => c.lines.map(text).join(' ').replace(/\s+/g, ' ').trim());
    return texts[0]!.length >= REPEAT_CHARS && texts.every((t) => t === texts[0]);
  });
  return same.length >= 2 && same.length >= 0.5 * multi.length;
}

/**
 * Text running on above or below the run inside one column's x-range only (not across the others):
 * the "table" is a column of prose beside a sidebar or an infobox whose rows happen to line up.
 */
function continuesAsText(run: GridRow[], grid: TableGrid, boxes: BBox[], indices: number[], body: number, text?: (i: number) => string): boolean {
  const inRun = new Set(run.flatMap((r) => r.ids));
  const top = run[0]!.box[1];
  const bottom = run[run.length - 1]!.box[3];
  const spans = Array.from({ length: grid.cols }, (_, c) => {
    const xs = grid.cells.filter((x) => x.col === c && x.colSpan === 1).flatMap((x) => x.lines.map((i) => boxes[i]!));
    return xs.length ? [Math.min(...xs.map((b) => b[0])), Math.max(...xs.map((b) => b[2]))] : undefined;
  });
  return spans.some((span, c) => {
    if (!span) return false;
    const others = spans.filter((o, k) => k !== c && o) as number[][];
    const near = indices.filter((i) => {
      if (inRun.has(i)) return false;
      const b = boxes[i]!;
      const close = (b[3] <= top && top - b[3] < 4 * body) || (b[1] >= bottom && b[1] - bottom < 4 * body);
      const inside = b[0] >= span[0]! - body && b[2] <= span[1]! + 2 * body;
      const crosses = others.some((o) => b[0] < o[1]! && b[2] > o[0]!);
      // With the lines' texts, only lines of a few words are running text (not a heading such as "Methods").
      const words = text ? text(i).split(/\s+/).filter(Boolean).length >= 3 : true;
      return close && inside && !crosses && words && width(b) > 0.6 * (span[1]! - span[0]!);
    });
    return near.length >= 2;
  });
}

/** A column made of long lines of running text (body text beside a sidebar or an infobox). */
function hasProseColumn(run: GridRow[], boxes: BBox[], cols: [number, number][], pageWidth: number): boolean {
  return cols.some((c) => {
    const inCol = run.flatMap((r) => r.ids).filter((id) => boxes[id]![0] < c[1] && boxes[id]![2] > c[0]);
    const long = inCol.filter((id) => width(boxes[id]!) >= 0.4 * pageWidth).length;
    return long >= 4 && long >= 0.6 * inCol.length;
  });
}
