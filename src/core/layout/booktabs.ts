// Booktabs tables: three rules of one length and no vertical ones: a top rule, a mid rule under the
// header and a bottom rule. Every line between the top and bottom rules, inside their length, is the
// table's; the visual rows above the mid rule are its header rows. The rules bound the table where
// alignment alone would not: cells of many lines, lists inside cells, a stub that is mostly empty.
//
//   findBooktabs(rules, boxes, indices, body, texts) → TableRegion[]
import type { BBox } from '../../protocol/page';
import { centerX, centerY, groupRows, union } from './geometry';
import { ruleStacks } from './rule-bands';
import type { Rule } from './rulings';
import { tableColumns, tableGrid, type GridRow } from './table-grid';
import { markHeadings, readsAsCells } from './table-headings';
import type { TableRegion } from './tables';

export function findBooktabs(rules: readonly Rule[], boxes: BBox[], indices: number[], body: number, texts?: readonly (string | undefined)[]): TableRegion[] {
  const text = (i: number) => (texts?.[i] ?? '').trim();
  const band = (rows: GridRow[]): GridRow => ({ ids: rows.flatMap((r) => r.ids), box: union(rows.map((r) => r.box)) });
  const tables: TableRegion[] = [];
  const used = new Set<number>();
  // A table can run for a page: rules of one table may be far apart.
  for (const stack of ruleStacks(rules, body, 60)) {
    if (stack.length !== 3) continue;
    const [top, mid, bottom] = stack as [Rule, Rule, Rule];
    // The header is a few lines; the body longer than one.
    if (mid.at - top.at > 6 * body || bottom.at - mid.at < 1.5 * body) continue;
    const inside = indices.filter((i) => !used.has(i) && centerX(boxes[i]!) > top.from && centerX(boxes[i]!) < top.to && centerY(boxes[i]!) > top.at && centerY(boxes[i]!) < bottom.at);
    const rows: GridRow[] = groupRows(inside, boxes).map((ids) => ({ ids, box: union(ids.map((i) => boxes[i]!)) }));
    const headRows = rows.filter((r) => centerY(r.box) < mid.at).length;
    if (headRows === 0 || headRows === rows.length) continue;
    const cols = tableColumns(rows.slice(headRows), boxes, body);
    if (cols.length < 2) continue;
    // Above the mid rule cells that end sentences, as no heading does: two bands of a table ruled under every row,
    // cut by the page, each band one row and neither a heading.
    const banded = readsAsCells(rows.slice(0, headRows).flatMap((r) => r.ids), boxes, body, text);
    const grid = banded
      ? tableGrid([rows.slice(0, headRows), rows.slice(headRows)].map(band), boxes, cols, body, { texts })
      : tableGrid(rows, boxes, cols, body, { headRows, texts });
    if (grid.rows < 2) continue;
    if (banded) for (const c of grid.cells) c.header = false;
    markHeadings(grid, text);
    inside.forEach((i) => used.add(i));
    tables.push({ bbox: union(inside.map((i) => boxes[i]!)), lines: inside, grid });
  }
  return tables;
}
