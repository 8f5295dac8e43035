// Ruled tables: a grid of crossing ruling lines, its cells (merged where an inner rule is missing:
// colspan/rowspan), and the text lines that fall in each cell.
//
//   findRuledTables(rulings, boxes, indices, texts?) → TableRegion[]  (texts: to mark heading cells inside)
import type { BBox } from '../../protocol/page';
import { centerInside, centerX, centerY } from './geometry';
import type { Rule, Rulings } from './rulings';
import { markHeadings } from './table-grid';
import type { TableRegion } from './tables';
import type { TableCell } from './types';

const TOL = 4;
/** Share of a grid's cells that must hold text for it to be a table. */
const MIN_FILLED = 0.35;

export function findRuledTables(rulings: Rulings, boxes: BBox[], indices: number[], texts?: readonly (string | undefined)[]): TableRegion[] {
  const { horizontal: hs, vertical: vs } = rulings;
  // Connected components of crossing rules (union-find over h then v).
  const parent = Array.from({ length: hs.length + vs.length }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  hs.forEach((h, i) =>
    vs.forEach((v, j) => {
      if (v.at >= h.from - TOL && v.at <= h.to + TOL && h.at >= v.from - TOL && h.at <= v.to + TOL) parent[find(i)] = find(hs.length + j);
    }),
  );
  const groups = new Map<number, { h: Rule[]; v: Rule[] }>();
  hs.forEach((h, i) => groupOf(groups, find(i)).h.push(h));
  vs.forEach((v, j) => groupOf(groups, find(hs.length + j)).v.push(v));
  const tables: TableRegion[] = [];
  const used = new Set<number>();
  for (const g of groups.values()) {
    if (g.h.length < 2 || g.v.length < 2) continue;
    const t = gridTable(g.h, g.v, boxes, indices.filter((i) => !used.has(i)));
    if (t && texts) markHeadings(t.grid, (i) => (texts[i] ?? '').trim());
    if (t) {
      t.lines.forEach((i) => used.add(i));
      tables.push(t);
    }
  }
  return tables;
}

function groupOf(m: Map<number, { h: Rule[]; v: Rule[] }>, k: number) {
  let g = m.get(k);
  if (!g) m.set(k, (g = { h: [], v: [] }));
  return g;
}

/** Distinct positions (rules closer than TOL are one). */
function positions(rules: Rule[]): number[] {
  const at = rules.map((r) => r.at).sort((a, b) => a - b);
  const out: number[] = [];
  for (const a of at) if (!out.length || a - out[out.length - 1]! > TOL) out.push(a);
  return out;
}

/** Share of [from, to] covered by rules at position `at`. */
function coverage(rules: Rule[], at: number, from: number, to: number): number {
  let covered = 0;
  for (const r of rules) if (Math.abs(r.at - at) <= TOL) covered += Math.max(0, Math.min(r.to, to) - Math.max(r.from, from));
  return covered / Math.max(1, to - from);
}

function gridTable(h: Rule[], v: Rule[], boxes: BBox[], indices: number[]): TableRegion | undefined {
  const ys = positions(h);
  const xs = positions(v);
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  if (rows < 1 || cols < 1 || rows * cols < 2) return undefined;
  const bbox: BBox = [xs[0]!, ys[0]!, xs[cols]!, ys[rows]!];
  const inside = indices.filter((i) => centerInside(boxes[i]!, bbox));
  if (inside.length === 0) return undefined;
  // Slots merge across a missing inner rule.
  const parent = Array.from({ length: rows * cols }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols && coverage(v, xs[c + 1]!, ys[r]!, ys[r + 1]!) < 0.7) parent[find(r * cols + c)] = find(r * cols + c + 1);
      if (r + 1 < rows && coverage(h, ys[r + 1]!, xs[c]!, xs[c + 1]!) < 0.7) parent[find(r * cols + c)] = find((r + 1) * cols + c);
    }
  }
  const cells = new Map<number, TableCell>();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = find(r * cols + c);
      const cell = cells.get(k);
      if (!cell) cells.set(k, { row: r, col: c, rowSpan: 1, colSpan: 1, lines: [], header: false });
      else {
        cell.rowSpan = Math.max(cell.rowSpan, r - cell.row + 1);
        cell.colSpan = Math.max(cell.colSpan, c - cell.col + 1);
      }
    }
  }
  const slotOf = (v0: number, edges: number[]) => Math.max(0, Math.min(edges.length - 2, edges.findIndex((_, i) => i + 1 < edges.length && v0 < edges[i + 1]!)));
  for (const i of [...inside].sort((a, b) => boxes[a]![1] - boxes[b]![1] || boxes[a]![0] - boxes[b]![0])) {
    const r = slotOf(centerY(boxes[i]!), ys);
    const c = slotOf(centerX(boxes[i]!), xs);
    cells.get(find(r * cols + c))!.lines.push(i);
  }
  const list = [...cells.values()].sort((a, b) => a.row - b.row || a.col - b.col);
  // A one-slot frame around text (a boxed note) is not a table, nor is a single column or a single row of
  // framed boxes (a logo beside its caption in an infobox).
  if (list.length < 2 || cols < 2 || rows < 2) return undefined;
  // A grid mostly left blank is a form to fill in or a drawing (a screen, a schematic), not a table.
  if (list.filter((c) => c.lines.length > 0).length < MIN_FILLED * list.length) return undefined;
  // One cell over a good part of the grid, holding lines of several rows: rules of a form or a layout that
  // happen to cross, not a table's cells.
  if (list.some((c) => c.rowSpan > 1 && c.colSpan > 1 && c.rowSpan * c.colSpan >= 0.25 * rows * cols && c.lines.length >= 3)) return undefined;
  // The first row heads the table; under a spanning title row, the row below it does too.
  const titled = cols > 1 && list.filter((c) => c.row === 0).length === 1 && list[0]!.colSpan === cols;
  for (const c of list) c.header = c.row === 0 || (titled && c.row === 1);
  return { bbox, lines: inside, grid: { rows, cols, cells: list } };
}
