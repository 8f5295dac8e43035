// Ruled tables: a grid of crossing ruling lines, its cells (merged where an inner rule is missing:
// colspan/rowspan), and the text lines that fall in each cell.
//
//   findRuledTables(rulings, boxes, indices, texts?) → TableRegion[]  (texts: to mark heading cells inside)
import type { BBox } from '../../protocol/page';
import { centerInside, centerX, centerY, median } from './geometry';
import type { Rule, Rulings } from './rulings';
import { markHeadings, readsAsCells } from './table-headings';
import type { TableRegion } from './tables';
import type { TableCell } from './types';

const TOL = 4;
/** A cell's value: a figure, with its sign, currency, grouping, decimals, per cent or brackets; and a year. */
const VALUE = /^[-−+(]?[$€£¥]?\d[\d,]*(\.\d+)?%?\)?$/;
const YEAR = /^(1[5-9]|20)\d\d$/;
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
    const t = gridTable(g.h, g.v, boxes, indices.filter((i) => !used.has(i)), texts);
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

/**
 * Column rules' positions with a side the grid's vertical rules leave open closed where its horizontal rules end: a
 * border clipped off or drawn too faint to see, where every rule across the grid runs on past the outermost column
 * rule to one end (a printed page's table whose right border is lost: its last column was dropped).
 */
function closedSides(xs: number[], h: Rule[]): number[] {
  const across = h.filter((r) => r.from <= xs[0]! + TOL && r.to >= xs[xs.length - 1]! - TOL);
  if (across.length < 2) return xs;
  const at = (ends: number[]) => (Math.max(...ends) - Math.min(...ends) <= TOL ? ends.reduce((a, b) => a + b, 0) / ends.length : undefined);
  const [left, right] = [at(across.map((r) => r.from)), at(across.map((r) => r.to))];
  return [...(left !== undefined && left < xs[0]! - 3 * TOL ? [left] : []), ...xs, ...(right !== undefined && right > xs[xs.length - 1]! + 3 * TOL ? [right] : [])];
}

/** Share of [from, to] covered by rules at position `at`. */
function coverage(rules: Rule[], at: number, from: number, to: number): number {
  let covered = 0;
  for (const r of rules) if (Math.abs(r.at - at) <= TOL) covered += Math.max(0, Math.min(r.to, to) - Math.max(r.from, from));
  return covered / Math.max(1, to - from);
}

function gridTable(h: Rule[], v: Rule[], boxes: BBox[], indices: number[], texts?: readonly (string | undefined)[]): TableRegion | undefined {
  const ys = positions(h);
  const xs = closedSides(positions(v), h);
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
    const b = boxes[i]!;
    const r = slotOf(centerY(b), ys);
    // A line the text layer ran across a rule ("85.15 (4.0) 92.60 (7.6)": two cells a rule and two column gaps
    // apart) is cut at the rule, each piece in its own cell.
    const rules = xs.slice(1, -1).filter((x) => x > b[0] + TOL && x < b[2] - TOL && coverage(v, x, b[1], b[3]) >= 0.7);
    const pieces = rules.length && texts ? cutAtRules(b, (texts[i] ?? '').trim(), rules) : undefined;
    if (pieces) {
      for (const p of pieces) {
        const cell = cells.get(find(r * cols + slotOf(p.x, xs)))!;
        if (!cell.lines.length) cell.text = p.text;
        else if (cell.text !== undefined) cell.text += ' ' + p.text;
        cell.lines.push(i);
      }
      continue;
    }
    const cell = cells.get(find(r * cols + slotOf(centerX(b), xs)))!;
    if (cell.text !== undefined && cell.lines.length) cell.text += ' ' + (texts?.[i] ?? '').trim();
    cell.lines.push(i);
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
  // The first row heads the table; under a spanning title row, the row below it does too, and so do the rows a
  // heading of the first row reaches down over ("Method" beside a group heading and the metrics under it).
  const titled = cols > 1 && list.filter((c) => c.row === 0).length === 1 && list[0]!.colSpan === cols;
  // A first row of values ("Africa | 304.26 | 277.00 | 13.17"), or of cells that end sentences, is a table's body
  // going on from the page before: no heading (a row of years, "2020 | 2021", still heads).
  const text = (i: number) => (texts?.[i] ?? '').trim();
  const cellText = (c: TableCell) => c.text ?? c.lines.map(text).join(' ');
  const firstValues = list.filter((c) => c.row === 0 && c.col > 0 && c.lines.length > 0).map(cellText);
  const firstLines = list.filter((c) => c.row === 0).flatMap((c) => c.lines);
  const lineHeight = median(inside.map((i) => boxes[i]![3] - boxes[i]![1]));
  const continued =
    !titled && texts !== undefined && ((firstValues.length >= 2 && firstValues.every((t) => VALUE.test(t) && !YEAR.test(t))) || readsAsCells(firstLines, boxes, lineHeight, text));
  const headRows = continued ? 0 : Math.max(titled ? 2 : 1, ...list.filter((c) => c.row === 0 && c.rowSpan < rows).map((c) => c.rowSpan));
  for (const c of list) c.header = c.row < headRows;
  return { bbox, lines: inside, grid: { rows, cols, cells: list } };
}

/**
 * A line's text cut at the rules it crosses, at the space nearest each rule (its characters taken as equally wide
 * across its box), with each piece's middle; undefined where a rule falls within a word's reach of no space.
 */
function cutAtRules(b: BBox, text: string, rules: number[]): { text: string; x: number }[] | undefined {
  if (!text) return undefined;
  const perChar = (b[2] - b[0]) / text.length;
  const cuts: number[] = [];
  for (const x of rules) {
    let best = -1;
    for (let k = 1; k < text.length - 1; k++) {
      if (text[k] !== ' ') continue;
      const at = b[0] + (k + 0.5) * perChar;
      if (Math.abs(at - x) <= 2 * perChar && (best < 0 || Math.abs(at - x) < Math.abs(b[0] + (best + 0.5) * perChar - x))) best = k;
    }
    if (best < 0 || cuts.includes(best)) return undefined;
    cuts.push(best);
  }
  const bounds = [-1, ...cuts.sort((a, c) => a - c), text.length];
  const pieces = bounds.slice(1).map((end, n) => ({ from: bounds[n]! + 1, end }));
  if (pieces.some((p) => !text.slice(p.from, p.end).trim())) return undefined;
  return pieces.map((p) => ({ text: text.slice(p.from, p.end).trim(), x: b[0] + ((p.from + p.end) / 2) * perChar }));
}
