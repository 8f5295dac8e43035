// Tables whose rows are bands between horizontal rules (no vertical rules, or too few to make a grid):
// a stack of four or more rules of one length, text between each pair. Each band is one row, however many
// lines its cells wrap to, unless it holds several labelled rows (rules under groups of rows); the lines
// just above the first rule head the table.
//
//   findBandedTables(rules, boxes, indices, body, texts) → TableRegion[]
//
// Booktabs tables (three rules: top, under the header, bottom) are not banded: their body is many rows
// between two rules, and the unruled finder reads them (tables.ts).
import type { BBox } from '../../protocol/page';
import { centerX, centerY, groupRows, union, width } from './geometry';
import type { Rule } from './rulings';
import { columnsOf, rowSpans, tableColumns, type GridRow } from './table-grid';
import { markHeadings, readsAsCells } from './table-headings';
import { breaksOff, isUnitNote, mostlyLetters } from './text-cues';
import type { TableRegion } from './tables';
import type { TableCell } from './types';

/** Rules in a band stack; fewer is booktabs or a frame. */
const MIN_RULES = 4;
/** Farthest apart two rules of a stack may be, in body lines (a group of rows between subtotal rules). */
const REACH = 12;

export function findBandedTables(rules: readonly Rule[], boxes: BBox[], indices: number[], body: number, texts?: readonly (string | undefined)[]): TableRegion[] {
  const text = (i: number) => (texts?.[i] ?? '').trim();
  const tables: TableRegion[] = [];
  const used = new Set<number>();
  for (const whole of ruleStacks(rules, body, REACH).filter((s) => s.length >= MIN_RULES)) {
    const [x0, x1] = [whole[0]!.from, whole[0]!.to];
    const inside = (i: number, top: number, bottom: number) => !used.has(i) && centerX(boxes[i]!) > x0 && centerX(boxes[i]!) < x1 && centerY(boxes[i]!) > top && centerY(boxes[i]!) < bottom;
    // A paragraph between two rules parts the stack: a page's head rule over the title and the text before the
    // table is not the table's, and two tables with a paragraph between them are two.
    const prose = (i: number) => width(boxes[i]!) > 0.7 * (x1 - x0) && text(i).split(/\s+/).length >= 6;
    const stacks: Rule[][] = [[whole[0]!]];
    for (let k = 1; k < whole.length; k++) {
      if (indices.some((i) => inside(i, whole[k - 1]!.at, whole[k]!.at) && prose(i))) stacks.push([]);
      stacks[stacks.length - 1]!.push(whole[k]!);
    }
    for (const stack of stacks) {
      if (stack.length < MIN_RULES) continue;
      // Bands between consecutive rules, and the heading lines just above the first rule.
      const bands: number[][] = [];
      const first = stack[0]!.at;
      // A caption's last line just above the first rule ("… on the test subject.") is no heading: a line of prose right
      // under a line of prose above the heading lines, and any prose under it.
      const above = indices.filter((i) => inside(i, first - 2.2 * body, first));
      const tail = new Set<number>();
      const under = (i: number, j: number) => boxes[j]![3] <= boxes[i]![1] + 0.3 * body && boxes[j]![3] > boxes[i]![1] - 0.6 * body && Math.abs(boxes[j]![0] - boxes[i]![0]) < body;
      const lead = indices.filter((j) => !above.includes(j) && prose(j));
      for (let grew = true; grew; ) {
        grew = false;
        for (const i of above) {
          if (tail.has(i) || !prose(i) || ![...lead, ...tail].some((j) => under(i, j))) continue;
          tail.add(i);
          grew = true;
        }
      }
      const heading = above.filter((i) => !tail.has(i));
      // Lines above the first rule that end a cell's sentence are the last of a row, not headings: the table is cut
      // by the page above it (ruled under every row, no heading on this page). The row's lines go on up.
      const cut = readsAsCells(heading, boxes, body, text);
      for (let top = Math.min(...heading.map((i) => boxes[i]![1])), grew = cut; grew; ) {
        const more = indices.filter((i) => !heading.includes(i) && inside(i, -Infinity, first) && !prose(i) && boxes[i]![3] <= top + 0.3 * body && boxes[i]![3] > top - 0.8 * body);
        heading.push(...more);
        top = Math.min(top, ...more.map((i) => boxes[i]![1]));
        grew = more.length > 0;
      }
      bands.push(heading);
      for (let k = 0; k + 1 < stack.length; k++) bands.push(indices.filter((i) => inside(i, stack[k]!.at, stack[k + 1]!.at)));
      const filled = bands.slice(1).filter((b) => b.length > 0);
      if (filled.length < MIN_RULES - 1) continue;
      const rows: GridRow[] = groupRows(bands.flat(), boxes).map((ids) => ({ ids, box: union(ids.map((i) => boxes[i]!)) }));
      const cols = tableColumns(rows.filter((r) => !bands[0]!.includes(r.ids[0]!)), boxes, body);
      if (cols.length < 2) continue;
      const cells: TableCell[] = [];
      let row = 0;
      const head = bands.findIndex((b) => b.length > 0);
      bands.forEach((band, k) => {
        if (band.length === 0) return;
        // A band with several labelled rows (rules under groups of rows, as in a financial statement) is split
        // where a label starts; a band with one label is one row, however many lines its cells take.
        const visual = groupRows(band, boxes);
        // A line that goes on with a lower-case word in a column the line above has text in ("mere result of …" under
        // "Necessity, as I have elsewhere shown, is the") is that row's: its label's line ("D21" under "Key rotation") too.
        const goesOn = (v: number) =>
          v > 0 &&
          visual[v]!.some((i) => {
            const c = columnsOf(boxes[i]!, cols)[0];
            const over = visual[v - 1]!.find((j) => columnsOf(boxes[j]!, cols)[0] === c);
            return c > 0 && over !== undefined && (/^\p{Ll}/u.test(text(i)) || (breaksOff(text(over)) && mostlyLetters(text(i), 0.7)));
          });
        const starts = visual.map((ids, v) => ids.some((i) => columnsOf(boxes[i]!, cols)[0] === 0) && !(ids.length === 1 && /^\p{Ll}/u.test(text(ids[0]!))) && !goesOn(v));
        const split = k > 0 && starts.filter(Boolean).length >= 2;
        // A unit note over the headings ("Yen (millions)" over "2020  2021") is a heading row of its own, not a first
        // line of the heading it stands over.
        const noted = k === 0 && visual.length >= 2 && visual[0]!.length === 1 && isUnitNote(text(visual[0]![0]!));
        const spansOf = visual.map((ids) => rowSpans(ids, boxes, cols, text));
        // Heading rows of two levels ("Short-term forecast" over "80ms 160ms 320ms"): a heading over columns that
        // the next line heads one by one is a row of its own, not that line's first line; such a band heads the table.
        const levels = visual.map((_, v) => k === head && v > 0 && spansOf[v - 1]!.some(([c0, c1]) => c1 > c0 && spansOf[v]!.filter(([d0, d1]) => d0 >= c0 && d1 <= c1).length >= 2));
        const header = (k === 0 && !cut) || levels.some(Boolean);
        visual.forEach((ids, v) => {
          if (split && starts[v] && v > starts.indexOf(true)) row++;
          if (noted && v === 1) row++;
          else if (levels[v]) row++;
          const spans = spansOf[v]!;
          ids.forEach((i, n) => {
            const [c0, c1] = spans[n]!;
            const into = cells.find((c) => c.row === row && c.col <= c1 && c.col + c.colSpan - 1 >= c0);
            if (into) into.lines.push(i);
            else cells.push({ row, col: c0, rowSpan: 1, colSpan: c1 - c0 + 1, lines: [i], header });
          });
        });
        row++;
      });
      // Most bands must hold cells in two columns or more: stacked rules under single lines are a form's
      // fill-in lines or a lined list.
      const bodyRows = [...new Set(cells.filter((c) => !c.header).map((c) => c.row))];
      if (bodyRows.filter((r) => cells.filter((c) => c.row === r).length >= 2).length < 0.6 * bodyRows.length) continue;
      const lines = bands.flat();
      lines.forEach((i) => used.add(i));
      cells.sort((a, b) => a.row - b.row || a.col - b.col);
      const grid = { rows: row, cols: cols.length, cells };
      markHeadings(grid, text);
      tables.push({ bbox: union(lines.map((i) => boxes[i]!)), lines, grid });
    }
  }
  return tables;
}

/** Stacks of rules of one extent, top to bottom, each no more than `reach` body lines below the last. */
export function ruleStacks(rules: readonly Rule[], body: number, reach = 10): Rule[][] {
  const stacks: Rule[][] = [];
  const tol = Math.max(4, 0.3 * body);
  for (const r of [...rules].sort((a, b) => a.at - b.at)) {
    const s = stacks.find((x) => {
      const last = x[x.length - 1]!;
      return Math.abs(last.from - r.from) <= tol && Math.abs(last.to - r.to) <= tol && r.at - last.at <= reach * body && r.at - last.at > 0.5 * body;
    });
    if (s) s.push(r);
    else stacks.push([r]);
  }
  return stacks;
}
