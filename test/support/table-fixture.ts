// Table fixtures for tests (test/fixtures/tables/): line boxes and texts of a real page as Pagemark's default reads
// them (the detector's boxes filled with the PDF's own text) and the rules found in its pixels. The rules are drawn
// back onto a blank page of the same size, so the layout finds them as it does on the rendered page.
import { readFileSync } from 'node:fs';
import { assembleMarkdown } from '../../src/core/assemble/assemble-markdown';
import { layoutPage } from '../../src/core/layout/layout-page';
import type { Rule } from '../../src/core/layout/rulings';
import type { Block } from '../../src/core/layout/types';
import type { BBox, PageImage } from '../../src/protocol/page';

export interface TableFixture {
  width: number;
  height: number;
  unclip?: number;
  lines: { bbox: BBox; text: string }[];
  rulings: { horizontal: Rule[]; vertical: Rule[] };
}

const load = (name: string): TableFixture => JSON.parse(readFileSync(new URL(`../fixtures/tables/${name}.json`, import.meta.url), 'utf8'));

function pageOf(f: TableFixture): PageImage {
  const { width: w, height: h } = f;
  const pixels = new Uint8ClampedArray(w * h * 4).fill(255);
  const fill = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(h, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(w, Math.round(x1)); x++) pixels.fill(0, (y * w + x) * 4, (y * w + x) * 4 + 3);
  };
  for (const r of f.rulings.horizontal) fill(r.from, r.at - r.thickness / 2 + 0.5, r.to + 1, r.at + r.thickness / 2 + 0.5);
  for (const r of f.rulings.vertical) fill(r.at - r.thickness / 2 + 0.5, r.from, r.at + r.thickness / 2 + 0.5, r.to + 1);
  return { width: w, height: h, pixels, dpi: 0 };
}

/** The page's blocks, its tables and its Markdown, the fixture edited first where a test asks. */
export function readTable(name: string, edit?: (f: TableFixture) => TableFixture) {
  const f = edit ? edit(load(name)) : load(name);
  const blocks = layoutPage(f.lines, pageOf(f), f.unclip ? { unclipRatio: f.unclip } : {});
  const texts = f.lines.map((l) => l.text);
  const tables = blocks.filter((b): b is Block & { table: NonNullable<Block['table']> } => b.type === 'table' && !!b.table);
  const markdown = assembleMarkdown(blocks, texts, { page: 1, dropHeaders: true }).markdown;
  return { f, blocks, tables, markdown, texts };
}

/** The table as rows of cell texts (a spanning cell once, at its first column), with its header flags. */
export function rowsOf(t: { table: NonNullable<Block['table']> }, texts: string[]): { cells: string[]; header: boolean[] }[] {
  return Array.from({ length: t.table.rows }, (_, r) => {
    const cells = t.table.cells.filter((c) => c.row === r).sort((a, b) => a.col - b.col);
    return { cells: cells.map((c) => c.lines.map((i, k) => (k === 0 && c.text !== undefined ? c.text : texts[i]!.trim())).join(' ')), header: cells.map((c) => c.header) };
  });
}
