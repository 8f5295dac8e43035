// Tables as the bench sees them: Markdown pipe tables and HTML <table>s become a grid of cells with
// up / down / left / right neighbours and heading cells, spans taken into account
// (olmocr/bench table parsing: _build_table_data_from_specs, parse_markdown_tables, parse_html_tables).
import { createRequire } from 'node:module';

/** Python's int() on a span attribute; anything unusable (or ≤ 0) means 1. */
function spanOf(value) {
  if (value == null || value === '') return 1;
  const t = String(value).trim();
  if (!/^[+-]?\d+$/.test(t)) return 1;
  const n = Number(t);
  return n > 0 ? n : 1;
}

/**
 * Grid from rows of cell specs {text, rowspan, colspan, heading}. Placement follows the bench: cells
 * fill the next column not held by a rowspan from above; a colspan may overwrite such columns.
 */
export function buildGrid(rows) {
  const text = new Map();
  const heading = new Set();
  const meta = new Map();
  const occupancy = [];
  let pending = []; // per column: [cellId, rows still to cover] or null
  rows.forEach((cells, r) => {
    const row = [];
    let col = 0;
    let k = 0;
    while (k < cells.length || col < pending.length) {
      if (col < pending.length && pending[col]) {
        const [id, left] = pending[col];
        row.push(id);
        pending[col] = left - 1 > 0 ? [id, left - 1] : null;
        col++;
        continue;
      }
      if (k >= cells.length) {
        row.push(null);
        col++;
        continue;
      }
      const spec = cells[k++];
      const id = `${r},${col}`;
      text.set(id, spec.text ?? '');
      if (spec.heading) heading.add(id);
      meta.set(id, { row: r, col, rowspan: spec.rowspan, colspan: spec.colspan });
      while (pending.length < col + spec.colspan) pending.push(null);
      for (let c = col; c < col + spec.colspan; c++) {
        row.push(id);
        pending[c] = spec.rowspan > 1 ? [id, spec.rowspan - 1] : null;
      }
      col += spec.colspan;
    }
    occupancy.push(row);
  });
  while (pending.some(Boolean)) {
    occupancy.push(pending.map((p) => p && p[0]));
    pending = pending.map((p) => (p && p[1] - 1 > 0 ? [p[0], p[1] - 1] : null));
  }
  if (!text.size) return undefined;
  let width = 0;
  for (const row of occupancy) row.forEach((id, c) => id && (width = Math.max(width, c + 1)));
  if (!width) return undefined;
  for (const row of occupancy) {
    while (row.length < width) row.push(null);
    row.length = width;
  }
  const at = (r, c) => occupancy[r][c];
  const rel = { up: new Map(), down: new Map(), left: new Map(), right: new Map(), topHeading: new Map(), leftHeading: new Map() };
  for (const id of text.keys()) for (const m of Object.values(rel)) m.set(id, new Set());
  for (const [id, m] of meta) {
    const rowEnd = m.row + m.rowspan - 1;
    const colEnd = m.col + m.colspan - 1;
    // Nearest other cell in each direction, from every row / column the cell covers.
    const nearest = (into, positions) => {
      for (const line of positions) {
        for (const [r, c] of line) {
          const other = at(r, c);
          if (other == null || other === id) continue;
          into.add(other);
          break;
        }
      }
    };
    const rowsOf = upward(m.row, rowEnd);
    const colsOf = upward(m.col, colEnd);
    nearest(rel.right.get(id), rowsOf.map((r) => upward(colEnd + 1, width - 1).map((c) => [r, c])));
    nearest(rel.left.get(id), rowsOf.map((r) => downward(m.col - 1, 0).map((c) => [r, c])));
    nearest(rel.down.get(id), colsOf.map((c) => upward(rowEnd + 1, occupancy.length - 1).map((r) => [r, c])));
    nearest(rel.up.get(id), colsOf.map((c) => downward(m.row - 1, 0).map((r) => [r, c])));
    // Every heading cell above / to the left, not just the nearest.
    for (const c of colsOf) for (const r of downward(m.row - 1, 0)) if (at(r, c) && at(r, c) !== id && heading.has(at(r, c))) rel.topHeading.get(id).add(at(r, c));
    for (const r of rowsOf) for (const c of downward(m.col - 1, 0)) if (at(r, c) && at(r, c) !== id && heading.has(at(r, c))) rel.leftHeading.get(id).add(at(r, c));
  }
  return { text, heading, ...rel };
}

/** from, from + 1, …, to (empty when from > to). */
const upward = (from, to) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
/** from, from − 1, …, to (empty when from < to). */
const downward = (from, to) => Array.from({ length: Math.max(0, from - to + 1) }, (_, i) => from - i);

/** Pipe tables: runs of ≥ 2 lines containing '|'; the first row and first column are headings. */
export function markdownTables(md) {
  const tables = [];
  let block = [];
  const close = () => {
    if (block.length >= 2) {
      const rows = pipeRows(block);
      if (rows.length) {
        const grid = buildGrid(rows.map((cells, r) => cells.map((t, c) => ({ text: t, rowspan: 1, colspan: 1, heading: r === 0 || c === 0 }))));
        if (grid) tables.push(grid);
      }
    }
    block = [];
  };
  for (const line of md.trim().split('\n')) {
    if (line.includes('|')) block.push(line);
    else close();
  }
  close();
  return tables;
}

function pipeRows(lines) {
  const isRule = (l) => {
    const body = l.replaceAll('|', '').trim();
    return body && [...body].every((ch) => '- :'.includes(ch));
  };
  const separator = lines.findIndex(isRule);
  const rows = [];
  lines.forEach((line, i) => {
    if (i === separator) return;
    if (line.trim() && [...line].every((ch) => '- :|'.includes(ch))) return;
    let cells = line.split('|').map((c) => c.trim());
    if (cells.length && cells[0] === '') cells = cells.slice(1);
    if (cells.length && cells.at(-1) === '') cells = cells.slice(0, -1);
    if (cells.length) rows.push(cells);
  });
  return rows;
}

let JSDOM;
/** HTML tables: th cells and cells of thead rows are headings; <br> and text pieces join with "\n". */
export function htmlTables(html) {
  if (!/<table/i.test(html)) return [];
  // jsdom is loaded only for pages that have a table; its parse stands in for BeautifulSoup's.
  JSDOM ??= createRequire(import.meta.url)('jsdom').JSDOM;
  const doc = new JSDOM(html).window.document;
  const tables = [];
  for (const table of doc.querySelectorAll('table')) {
    const trs = [...table.querySelectorAll('tr')];
    if (!trs.length) continue;
    const rows = trs.map((tr, r) => {
      const inHead = tr.closest('thead') !== null;
      return [...tr.children]
        .filter((el) => el.localName === 'td' || el.localName === 'th')
        .map((cell) => {
          const raw = cell.getAttribute('rowspan');
          let rowspan = spanOf(raw);
          if (raw != null && raw.trim() === '0') rowspan = Math.max(1, trs.length - r);
          return { text: cellText(cell), rowspan, colspan: spanOf(cell.getAttribute('colspan')), heading: cell.localName === 'th' || inHead };
        });
    });
    const grid = buildGrid(rows);
    if (grid) tables.push(grid);
  }
  return tables;
}

/** BeautifulSoup get_text(separator="\n").strip() after <br> → "\n". */
function cellText(cell) {
  const parts = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) parts.push(child.data);
      else if (child.nodeType === 1) child.localName === 'br' ? parts.push('\n') : walk(child);
    }
  };
  walk(cell);
  return parts.join('\n').trim();
}
