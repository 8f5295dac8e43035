// Unruled tables: runs of rows whose line boxes fall into the same columns.
//
//   findTables(lines, indices, bodyHeight, pageWidth) → TableRegion[]
//
// A row with two or more boxes separated by wide gaps is a table row candidate; consecutive candidate
// rows that are vertically close form a run, and a run of ≥ 2 rows is a table when its boxes align
// into ≥ 2 columns. Runs that look like running text set in columns (wide boxes that fill equal-width
// columns) are left to the column finder. Cells that overlap several columns get a colspan.
import type { BBox } from '../../protocol/page';
import { groupRows, height, median, union, width } from './geometry';
import type { TableCell, TableGrid } from './types';

export interface TableRegion {
  bbox: BBox;
  lines: number[];
  grid: TableGrid;
}

interface Row {
  ids: number[];
  box: BBox;
}

export function findTables(boxes: BBox[], indices: number[], body: number, pageWidth: number): TableRegion[] {
  const rows: Row[] = groupRows(indices, boxes).map((ids) => ({ ids, box: union(ids.map((i) => boxes[i]!)) }));
  const gapOk = (r: Row) => r.ids.length >= 2 && r.ids.every((id, k) => k === 0 || boxes[id]![0] - boxes[r.ids[k - 1]!]![2] >= 1.0 * body);
  const tables: TableRegion[] = [];
  let k = 0;
  while (k < rows.length) {
    if (!gapOk(rows[k]!)) {
      k++;
      continue;
    }
    // Grow a run: multi-cell rows, allowing single-box rows (wrapped cells, spanning cells) between them.
    const run: Row[] = [rows[k]!];
    let j = k + 1;
    while (j < rows.length) {
      const r = rows[j]!;
      const prev = run[run.length - 1]!;
      if (r.box[1] - prev.box[3] > 2.5 * body) break;
      if (gapOk(r)) {
        run.push(r);
        j++;
      } else if (j + 1 < rows.length && gapOk(rows[j + 1]!) && rows[j + 1]!.box[1] - r.box[3] < 2.5 * body && r.box[0] >= run[0]!.box[0] - body) {
        run.push(r);
        j++;
      } else break;
    }
    let grid = run.filter(gapOk).length >= 2 ? gridOf(run, boxes, body, pageWidth) : undefined;
    if (grid && continuesAsText(run, grid, boxes, indices, body)) grid = undefined;
    if (grid) {
      const lines = run.flatMap((r) => r.ids);
      tables.push({ bbox: union(lines.map((i) => boxes[i]!)), lines, grid });
    }
    // A rejected run is rejected whole: its tail alone must not pass for a table.
    k = Math.max(j, k + 1);
  }
  return tables;
}

function gridOf(run: Row[], boxes: BBox[], body: number, pageWidth: number): TableGrid | undefined {
  // Column intervals from the rows with the most cells.
  const maxCells = Math.max(...run.map((r) => r.ids.length));
  const anchorRows = run.filter((r) => r.ids.length === maxCells);
  const cols: [number, number][] = [];
  for (let c = 0; c < maxCells; c++) {
    cols.push([Math.min(...anchorRows.map((r) => boxes[r.ids[c]!]![0])), Math.max(...anchorRows.map((r) => boxes[r.ids[c]!]![2]))]);
  }
  for (let c = 1; c < cols.length; c++) if (cols[c]![0] <= cols[c - 1]![1]) return undefined; // anchors disagree
  if (looksLikeTextColumns(run, boxes, cols, pageWidth) || hasProseColumn(run, boxes, cols, pageWidth)) return undefined;
  // Place every box: the columns it overlaps (or the nearest one).
  const cells: TableCell[] = [];
  let misfits = 0;
  run.forEach((r, row) => {
    for (const id of r.ids) {
      const b = boxes[id]!;
      const hit = cols.map((c, i) => (Math.min(c[1], b[2]) - Math.max(c[0], b[0]) > 0 ? i : -1)).filter((i) => i >= 0);
      let first: number;
      let last: number;
      if (hit.length) [first, last] = [hit[0]!, hit[hit.length - 1]!];
      else {
        const cx = (b[0] + b[2]) / 2;
        first = last = cols.reduce((best, c, i) => (Math.abs((c[0] + c[1]) / 2 - cx) < Math.abs((cols[best]![0] + cols[best]![1]) / 2 - cx) ? i : best), 0);
      }
      if (cells.some((c) => c.row === row && c.col <= last && c.col + c.colSpan - 1 >= first)) {
        misfits++;
        const into = cells.find((c) => c.row === row && c.col <= last && c.col + c.colSpan - 1 >= first)!;
        into.lines.push(id);
        continue;
      }
      cells.push({ row, col: first, rowSpan: 1, colSpan: last - first + 1, lines: [id], header: false });
    }
  });
  if (misfits > run.length) return undefined;
  const merged = mergeWrappedRows(cells, run, boxes, body);
  const rows = Math.max(...merged.map((c) => c.row)) + 1;
  if (rows < 2) return undefined;
  for (const c of merged) c.header = c.row === 0;
  merged.sort((a, b) => a.row - b.row || a.col - b.col);
  return { rows, cols: cols.length, cells: merged };
}

/** Equal-width columns of long boxes that fill them: running text, not a table. */
function looksLikeTextColumns(run: Row[], boxes: BBox[], cols: [number, number][], pageWidth: number): boolean {
  const widths = cols.map((c) => c[1] - c[0]);
  if (Math.min(...widths) < 0.2 * pageWidth) return false;
  if (Math.max(...widths) / Math.min(...widths) > 1.6) return false;
  const ids = run.flatMap((r) => r.ids);
  const filling = ids.filter((id) => cols.some((c) => width(boxes[id]!) >= 0.8 * (c[1] - c[0]))).length;
  return filling >= 0.6 * ids.length;
}

/**
 * Text running on above or below the run inside one column's x-range only (not across the others):
 * the "table" is a column of prose beside a sidebar or an infobox whose rows happen to line up.
 */
function continuesAsText(run: Row[], grid: TableGrid, boxes: BBox[], indices: number[], body: number): boolean {
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
      return close && inside && !crosses && width(b) > 0.6 * (span[1]! - span[0]!);
    });
    return near.length >= 2;
  });
}

/** A column made of long lines of running text (body text beside a sidebar or an infobox). */
function hasProseColumn(run: Row[], boxes: BBox[], cols: [number, number][], pageWidth: number): boolean {
  return cols.some((c) => {
    const inCol = run.flatMap((r) => r.ids).filter((id) => boxes[id]![0] < c[1] && boxes[id]![2] > c[0]);
    const long = inCol.filter((id) => width(boxes[id]!) >= 0.4 * pageWidth).length;
    return long >= 4 && long >= 0.6 * inCol.length;
  });
}

/**
 * A row that continues the cells above it (a wrapped cell: close below, no box in the first column
 * while the row above has one) joins the row above.
 */
function mergeWrappedRows(cells: TableCell[], run: Row[], boxes: BBox[], body: number): TableCell[] {
  const rowIndex = new Map<number, number>();
  let out = 0;
  const byRow = (r: number) => cells.filter((c) => c.row === r);
  for (let r = 0; r < run.length; r++) {
    const mine = byRow(r);
    const gap = r > 0 ? run[r]!.box[1] - run[r - 1]!.box[3] : Infinity;
    const above = r > 0 ? byRow(r - 1) : [];
    const continues =
      r > 0 &&
      gap < 0.5 * median(run[r]!.ids.map((i) => height(boxes[i]!))) &&
      gap < 0.5 * body &&
      !mine.some((c) => c.col === 0) &&
      above.some((c) => c.col === 0);
    if (continues) rowIndex.set(r, rowIndex.get(r - 1)!);
    else rowIndex.set(r, out++);
  }
  const merged: TableCell[] = [];
  for (const c of cells) {
    const row = rowIndex.get(c.row)!;
    const same = merged.find((m) => m.row === row && m.col === c.col);
    if (same) same.lines.push(...c.lines);
    else merged.push({ ...c, row, lines: [...c.lines] });
  }
  return merged;
}
