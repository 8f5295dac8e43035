// Tables a page model writes, as the HTML the lines pipeline writes (assemble-markdown.ts `tableHtml`): rows and
// cells placed on a grid with their spans, `<th>` cells and `<thead>` rows as headings (leading heading rows in
// <thead>), every empty position an empty cell, cell text plain with \( … \) math as $ … $. Everything else in the
// model's markup — attributes, styles, nested tags — is dropped: model output is untrusted.
//
//   normalizeModelTables(markdown) → the Markdown with each <table>…</table> rewritten
import { tableHtml } from '../assemble/assemble-markdown';
import { normalizeMath } from '../assemble/inline-text';
import type { TableCell, TableGrid } from '../layout/types';

/** Beyond these a "table" is degenerate output, kept as the model wrote it is not: it is written as text. */
const MAX_SPAN = 50;
const MAX_CELLS = 5000;

const TABLE = /<table\b[^>]*>([\s\S]*?)(?:<\/table\s*>|$)/gi;
const TAG = /<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function normalizeModelTables(markdown: string): string {
  if (!/<table\b/i.test(markdown)) return markdown;
  return markdown.replace(TABLE, (whole, body: string) => {
    const grid = readTable(body);
    if (!grid) return plainText(whole);
    return tableHtml(grid.grid, (i) => grid.texts[i]!);
  });
}

/** A cell as the model wrote it, before it has a place on the grid. */
interface ModelCell {
  header: boolean;
  rowSpan: number;
  colSpan: number;
  text: string;
}

interface ReadTable {
  grid: TableGrid;
  texts: string[];
}

/** The table's cells on a grid, or null when it has none (or is too big to be a table). */
function readTable(body: string): ReadTable | null {
  const rows: ModelCell[][] = [];
  let inHead = false;
  let cell: ModelCell | null = null;
  let at = 0;
  const take = (upTo: number) => {
    if (cell) cell.text += body.slice(at, upTo);
  };
  for (const m of body.matchAll(TAG)) {
    take(m.index!);
    at = m.index! + m[0].length;
    const [closing, name, attrs] = [m[1] === '/', m[2]!.toLowerCase(), m[3] ?? ''];
    if (name === 'thead') inHead = !closing;
    else if (name === 'tbody' || name === 'tfoot') inHead = false;
    else if (name === 'tr') {
      cell = null;
      if (!closing) rows.push([]);
    } else if (name === 'td' || name === 'th') {
      cell = null;
      if (closing) continue;
      if (rows.length === 0) rows.push([]);
      cell = { header: name === 'th' || inHead, rowSpan: span(attrs, 'rowspan'), colSpan: span(attrs, 'colspan'), text: '' };
      rows.at(-1)!.push(cell);
    } else if (cell && (name === 'br' || name === 'p' || name === 'div' || name === 'li')) cell.text += ' ';
  }
  take(body.length);
  const count = rows.reduce((n, r) => n + r.length, 0);
  if (count === 0 || count > MAX_CELLS) return null;

  // Place each cell at the first free position of its row, past positions a rowspan from above holds.
  const taken = new Set<string>();
  const cells: TableCell[] = [];
  const texts: string[] = [];
  let cols = 0;
  rows.forEach((row, r) => {
    let col = 0;
    for (const c of row) {
      while (taken.has(`${r},${col}`)) col++;
      const rowSpan = Math.min(c.rowSpan, rows.length - r);
      for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < c.colSpan; dc++) taken.add(`${r + dr},${col + dc}`);
      const text = cellText(c.text);
      cells.push({ row: r, col, rowSpan, colSpan: c.colSpan, header: c.header, lines: text ? [texts.length] : [] });
      if (text) texts.push(text);
      col += c.colSpan;
      cols = Math.max(cols, col);
    }
  });
  return { grid: { rows: rows.length, cols, cells }, texts };
}

function span(attrs: string, name: 'rowspan' | 'colspan'): number {
  const m = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attrs);
  const n = m ? Number(m[1]) : 1;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_SPAN) : 1;
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower]!;
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? Number(lower.slice(1)) : NaN;
    return Number.isInteger(code) && code > 31 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A cell's text: tags dropped, entities decoded, whitespace collapsed, \( … \) as $ … $. */
function cellText(raw: string): string {
  return normalizeMath(decode(raw.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim());
}

/** A "table" with no cells, or too many to be one: its text, one line. */
function plainText(html: string): string {
  return decode(html.replace(/<[^>]*>/g, ' ')).replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();
}
