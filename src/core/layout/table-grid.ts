// The cell grid of an unruled table: columns from the whitespace its rows share, cells placed in them,
// wrapped cells joined, the first row marked the header (table-headings.ts marks headings inside the body).
//
//   tableColumns(rows, boxes, body) → column x-ranges
//   tableGrid(rows, boxes, cols, { headRows, texts }) → TableGrid
//
// Columns are the x-ranges between vertical channels of whitespace that (almost) every multi-cell row
// leaves open; a cell crossing a channel (a spanning heading, two cells the detector read as one) spans
// the columns it covers. Rows are visual rows; a row that continues the cells above it (a wrapped cell)
// joins that row.
import type { BBox } from '../../protocol/page';
import { width } from './geometry';
import { readsAsCells } from './table-headings';
import { breaksOff, isAmount, mostlyDigits } from './text-cues';
import type { TableCell, TableGrid } from './types';

export interface GridRow {
  ids: number[];
  box: BBox;
}

/** Narrowest whitespace channel between two columns, in body line heights. */
const MIN_CHANNEL = 0.4;

/**
 * Column x-ranges from the rows with two or more boxes: x positions covered by at most `tol` of them
 * (a few spanning or merged cells may cross a channel) and at least MIN_CHANNEL·body wide separate columns.
 */
/** Two figures or more and nothing but figures, currency signs and brackets. */
const FIGURE_RUN = /^[-−–(]?\s*[$€£¥]?\s*\(?\d[\d,.]*\)?(?:\s+[-−–(]?\s*[$€£¥]?\s*\(?[\d,.]*\d\)?)+\s*[$€£¥]?$/;

export function tableColumns(rows: GridRow[], boxes: BBox[], body: number, text?: (i: number) => string): [number, number][] {
  const multi = rows.filter((r) => r.ids.length >= 2);
  const ids = multi.flatMap((r) => r.ids);
  if (ids.length === 0) return [];
  const x0 = Math.floor(Math.min(...ids.map((i) => boxes[i]![0])));
  const x1 = Math.ceil(Math.max(...ids.map((i) => boxes[i]![2])));
  const cover = new Int32Array(x1 - x0 + 1);
  // A run of several cells' figures set as one line ("¥ 175,820 ¥ 202,834 ¥ 2,071,817 …", a statement's totals),
  // many times as wide as a cell, would close the channels between the columns it crosses.
  const widths = ids.map((i) => width(boxes[i]!)).sort((a, b) => a - b);
  const spanning = (i: number) => text !== undefined && width(boxes[i]!) > 4 * widths[Math.floor(widths.length / 2)]! && FIGURE_RUN.test(text(i));
  for (const r of multi) {
    const seen = new Uint8Array(x1 - x0 + 1);
    for (const i of r.ids) {
      const b = boxes[i]!;
      if (spanning(i)) continue;
      for (let x = Math.ceil(b[0]); x <= Math.floor(b[2]); x++) seen[x - x0] = 1;
    }
    seen.forEach((s, k) => (cover[k]! += s));
  }
  // One row may cross a channel in a table of four rows or more: its widest stub run into the figure beside it
  // ("Linear probe 73.03": a column gap of 1.1 em read as a word space) or a heading spanning two columns.
  const tol = Math.max(Math.floor(0.12 * multi.length), multi.length >= 4 ? 1 : 0);
  const cols: [number, number][] = [];
  let start = -1;
  let gap = 0;
  for (let k = 0; k <= x1 - x0; k++) {
    if (cover[k]! > tol) {
      if (start >= 0 && gap >= MIN_CHANNEL * body) {
        cols.push([x0 + start, x0 + k - gap - 1]);
        start = k;
      } else if (start < 0) start = k;
      gap = 0;
    } else if (start >= 0) gap++;
  }
  if (start >= 0) cols.push([x0 + start, x1 - gap]);
  return cols;
}

/** Columns [first, last] a box covers: those it overlaps, or the nearest one when it sits in a channel. */
export function columnsOf(b: BBox, cols: [number, number][]): [number, number] {
  const hit = cols.flatMap((c, i) => (Math.min(c[1], b[2]) - Math.max(c[0], b[0]) > 0 ? [i] : []));
  if (hit.length) return [hit[0]!, hit[hit.length - 1]!];
  const cx = (b[0] + b[2]) / 2;
  const dist = (c: [number, number]) => (cx < c[0] ? c[0] - cx : cx > c[1] ? cx - c[1] : 0);
  const best = cols.reduce((bi, c, i) => (dist(c) < dist(cols[bi]!) ? i : bi), 0);
  return [best, best];
}

/** A line that is a currency sign alone: a statement sets "¥" or "$" at its column's left, apart from the amount. */
const CURRENCY_SIGN = /^[$¥€£₹₩]$/u;

/**
 * Each box of one visual row placed in the columns (`columnsOf`), except that a currency sign standing alone goes
 * with the box to its right in the row: the amount it belongs to, whichever column the sign's own box falls in.
 */
export function rowSpans(ids: readonly number[], boxes: readonly BBox[], cols: [number, number][], text: (i: number) => string): [number, number][] {
  const spans = ids.map((id) => columnsOf(boxes[id]!, cols));
  ids.forEach((id, k) => {
    if (!CURRENCY_SIGN.test(text(id))) return;
    const right = ids.map((j, n) => ({ j, n })).filter(({ j }) => boxes[j]![0] >= boxes[id]![2] - 1).sort((a, b) => boxes[a.j]![0] - boxes[b.j]![0])[0];
    if (right && !CURRENCY_SIGN.test(text(right.j))) spans[k] = [spans[right.n]![0], spans[right.n]![0]];
  });
  return spans;
}

export interface GridOptions {
  /** How many of the first rows are headings (rows above a rule under the header, rows found above the body). */
  headRows?: number;
  texts?: readonly (string | undefined)[];
}

/** Places every row's boxes in the columns; wrapped rows join the row above. */
export function tableGrid(rows: GridRow[], boxes: BBox[], cols: [number, number][], body: number, o: GridOptions = {}): TableGrid {
  const text = (i: number) => (o.texts?.[i] ?? '').trim();
  const head = o.headRows ?? 0;
  // A wrapped cell's next line sits as close as rows usually do; a group row has more space above it.
  const gaps = rows.slice(1).map((r, k) => r.box[1] - rows[k]!.box[3]).sort((a, b) => a - b);
  const closeGap = (gaps[Math.floor(gaps.length / 2)] ?? 0) + 0.25 * body;
  const hasStub = rows.slice(head).map((r) => r.ids.some((id) => columnsOf(boxes[id]!, cols)[0] === 0));
  const stubLed = hasStub.length >= 4 && hasStub.filter(Boolean).length <= 0.5 * hasStub.length;
  const flow: Flow = { boxes, body, close: Math.min(closeGap, 0.9 * body), text, ncols: cols.length, stubLed };
  let laid = layRows(rows, cols, head, flow);
  // Rows padded apart, a cell's lines set close: where the rows read so, every line as close as a cell's lines goes
  // on in the row above ("Data retention | People | … | Not started" over "A6 | team | (Q1 45)").
  const tight = cellLeading(rows, head, body);
  if (tight !== undefined) {
    const close = rows.flatMap((r, k) => (k > head && r.box[1] - rows[k - 1]!.box[3] <= tight ? [k] : []));
    const joined = close.filter((k) => laid.joined[k]);
    if (joined.length >= 2 && joined.length >= 0.5 * close.length) laid = layRows(rows, cols, head, { ...flow, tight });
  }
  const { cells, n } = laid;
  spanGroupLabels(cells, boxes, head);
  // The first row heads a table when nothing above it was taken for a heading, unless its cells end sentences (a
  // table going on from the page before, its heading there); a spanning heading row (a cell over several columns)
  // heads the row of headings under it too.
  const first = cells.filter((c) => c.row === 0).flatMap((c) => c.lines);
  if (!cells.some((c) => c.header) && !readsAsCells(first, boxes, body, text)) for (const c of cells) c.header = c.row === 0;
  const lastHead = Math.max(-1, ...cells.filter((c) => c.header).map((c) => c.row));
  if (lastHead >= 0 && lastHead + 1 < n - 1 && cells.some((c) => c.row === lastHead && c.colSpan > 1 && c.colSpan < cols.length)) {
    const under = cells.filter((c) => c.row === lastHead + 1);
    if (under.length >= 2 && under.every((c) => !/\d[\d.,]*\s*$/.test(joinedText(c, text)) || /^(19|20)\d\d$/.test(joinedText(c, text)))) for (const c of under) c.header = true;
  }
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return { rows: n, cols: cols.length, cells };
}

/**
 * The most a line sits under the one above it inside a cell, where a table's rows are padded apart: the gaps between
 * its body's visual rows fall into close ones (a cell's lines) and ones at least 0.3 body line heights wider (its
 * rows' padding). Undefined when the gaps are all alike.
 */
function cellLeading(rows: GridRow[], head: number, body: number): number | undefined {
  const gaps = rows.slice(head + 1).map((r, k) => r.box[1] - rows[head + k]!.box[3]).sort((a, b) => a - b);
  if (gaps.length < 3) return undefined;
  let cut = -1;
  for (let k = 0; k + 1 < gaps.length; k++) if (gaps[k + 1]! - gaps[k]! >= 0.3 * body && (cut < 0 || gaps[k + 1]! - gaps[k]! > gaps[cut + 1]! - gaps[cut]!)) cut = k;
  if (cut < 0 || gaps[cut]! > 0.4 * body || gaps[cut + 1]! < 2 * Math.max(gaps[cut]!, 0)) return undefined;
  return gaps[cut]! + 0.1 * body;
}

/** Each visual row placed in the columns, a row that goes on from the one above joined to it; which rows joined. */
function layRows(rows: GridRow[], cols: [number, number][], head: number, f: Flow): { cells: TableCell[]; n: number; joined: boolean[] } {
  const { boxes, text } = f;
  const joined: boolean[] = [];
  const cells: TableCell[] = [];
  let row = -1;
  let prev: { cells: TableCell[]; box: BBox } | undefined;
  rows.forEach((r, k) => {
    const spans = rowSpans(r.ids, boxes, cols, text);
    const placed = r.ids.map((id, n) => ({ id, span: spans[n]! }));
    // A heading row of one box centred on the table is its title: it spans every column.
    if (k < head && placed.length === 1 && Math.abs(centre(boxes[placed[0]!.id]!) - (cols[0]![0] + cols[cols.length - 1]![1]) / 2) < 0.1 * (cols[cols.length - 1]![1] - cols[0]![0])) {
      placed[0]!.span = [0, cols.length - 1];
    }
    const joins = k > 0 && k !== head && prev !== undefined && continues(placed, prev, r, f);
    joined[k] = joins;
    if (!joins) {
      row++;
      prev = { cells: [], box: r.box };
    }
    for (const { id, span } of placed) {
      // One line over several columns of a body row, its words falling on either side of their gaps: cells
      // the PDF set as one run of text ("Original author(s)  Andreas Gal"), split back at the gaps.
      // A group's title in the stub, run on across a few columns and leaving the rest of the row empty
      // ("Effect of pubertal induction regimen on uterine outcome"), is not split: it heads the rows under it.
      const title = k >= head && placed.length === 1 && span[0] === 0 && span[1] > 0 && span[1] < cols.length - 2 && !/\d/.test(text(id));
      if (title) span[1] = cols.length - 1;
      // Under a single heading row a heading over two columns spans nothing: it is two headings the PDF set as
      // one run ("Mn (kDa)  Mw/Mn"), split back at the gap as a body row's.
      // The last of several heading rows (the metrics under their groups' titles) is split so too, where each piece
      // stands over its own column.
      const runTogether = k < head && (head === 1 || k === head - 1) && placed.length > 1 && span[1] > span[0];
      // Beside other cells, a body row's box over two columns is split only where a piece is a figure: a stub run
      // into the figure beside it ("Linear probe 73.03"), not words set across both ("not applicable").
      const runOn = k >= head && span[1] > span[0] && placed.length > 1 && /\d/.test(text(id));
      // A first row of words over figures, where no heading row was told apart, is split as a heading row is, where
      // each piece stands over its own column ("Error Accuracy Time (s)"), not a group's title over its columns.
      const heads = k === 0 && head === 0 && span[1] > span[0] && placed.length > 1 && !/\d/.test(text(id));
      const split = (k >= head && span[1] > span[0] && placed.length === 1 && !title) || runTogether || runOn || heads ? splitAtColumns(boxes[id]!, text(id), cols, span) : undefined;
      const guarded = heads || (runTogether && head > 1);
      const parts = (runOn && !split?.some((p) => FIGURE.test(p))) || (guarded && split && !overColumns(boxes[id]!, text(id), split, cols, span)) ? undefined : split;
      if (parts) {
        parts.forEach((t, p) => {
          const c: TableCell = { row, col: span[0] + p, rowSpan: 1, colSpan: 1, lines: [id], header: k < head, text: t };
          cells.push(c);
          prev!.cells.push(c);
        });
        continue;
      }
      const into = cells.find((c) => c.row === row && c.col <= span[1] && c.col + c.colSpan - 1 >= span[0]);
      if (into) into.lines.push(id);
      else {
        const c: TableCell = { row, col: span[0], rowSpan: 1, colSpan: span[1] - span[0] + 1, lines: [id], header: k < head };
        cells.push(c);
        prev!.cells.push(c);
      }
    }
    prev!.box = r.box;
  });
  return { cells, n: row + 1, joined };
}

const centre = (b: BBox) => (b[0] + b[2]) / 2;

/**
 * A stub label set across two body rows (LaTeX's \multirow: "Small" centred between the rows of "10M" and "20M")
 * spans them: a lone stub line whose middle stands on the line between its row and the next or the one before,
 * where that row's stub is empty, takes both rows (rowSpan 2, from the upper).
 */
function spanGroupLabels(cells: TableCell[], boxes: BBox[], head: number): void {
  const bands = new Map<number, [number, number]>(); // table row → its lines' vertical extent, stub aside
  for (const c of cells) {
    if (c.col === 0 || c.header) continue;
    for (const id of c.lines) {
      const b = bands.get(c.row);
      bands.set(c.row, b ? [Math.min(b[0], boxes[id]![1]), Math.max(b[1], boxes[id]![3])] : [boxes[id]![1], boxes[id]![3]]);
    }
  }
  const stubOf = (r: number) => cells.find((c) => c.row === r && c.col === 0);
  for (const c of cells.filter((x) => x.col === 0 && !x.header && x.lines.length === 1 && x.colSpan === 1)) {
    const b = boxes[c.lines[0]!]!;
    const mid = (b[1] + b[3]) / 2;
    const h = b[3] - b[1];
    for (const other of [c.row - 1, c.row + 1]) {
      const [upper, lower] = [bands.get(Math.min(c.row, other)), bands.get(Math.max(c.row, other))];
      if (!upper || !lower || stubOf(other) || Math.min(c.row, other) < head) continue;
      const line = (upper[1] + lower[0]) / 2;
      if (Math.abs(mid - line) > 0.25 * h) continue;
      c.row = Math.min(c.row, other);
      c.rowSpan = 2;
      break;
    }
  }
}

/**
 * A line's text split at the gaps between the columns it crosses, where each gap falls on a space (its
 * characters taken as equally wide across its box), every piece non-empty; else undefined. A sentence
 * across the table (a note) is not split.
 */
export function splitAtColumns(b: BBox, t: string, cols: [number, number][], span: [number, number]): string[] | undefined {
  if (!t || (/[.:;]$/.test(t) && t.split(/\s+/).length >= 4)) return undefined;
  const perChar = (b[2] - b[0]) / t.length;
  const pieces: string[] = [];
  let from = 0;
  for (let c = span[0]; c < span[1]; c++) {
    const [gapFrom, gapTo] = [cols[c]![1], cols[c + 1]![0]];
    let at = -1;
    for (let k = from + 1; k < t.length - 1; k++) {
      const x = b[0] + (k + 0.5) * perChar;
      if (t[k] === ' ' && x >= gapFrom - perChar && x <= gapTo + perChar) at = k;
    }
    if (at < 0) return undefined;
    pieces.push(t.slice(from, at).trim());
    from = at + 1;
  }
  pieces.push(t.slice(from).trim());
  return pieces.every(Boolean) ? pieces : undefined;
}
/** Does each piece of a split line (equally wide characters) have its middle inside its own column? */
function overColumns(b: BBox, t: string, pieces: string[], cols: [number, number][], span: [number, number]): boolean {
  const perChar = (b[2] - b[0]) / t.length;
  let from = 0;
  return pieces.every((p, n) => {
    const at = t.indexOf(p, from);
    from = at + p.length;
    const mid = b[0] + (at + p.length / 2) * perChar;
    const [x0, x1] = cols[span[0] + n]!;
    return mid >= x0 && mid <= x1;
  });
}
const joinedText = (c: TableCell, text: (i: number) => string) => c.lines.map(text).join(' ').trim();

/** A figure alone: a number, a percentage, a value with its error ("52.7", "91.5%", "48.9 ± 0.8", "(3.5)"). */
const FIGURE = /^[-−–+]?[$€£¥]?\(?\d[\d,.]*\)?%?(?:\s*(?:±|\+\/-)\s*\d[\d,.]*%?)?(?:\s*\(\d[\d,.]*\))?$/;

const FLOWS = /^[\p{Ll}(\-–•·]/u;
/** A sentence's end: a full stop after a word (not an abbreviation such as "sp." or "Inc."), or :;!? */
const ENDS = /(\p{L}{4,}|\d)\.$|[:;!?]$/u;

interface Flow {
  boxes: BBox[];
  body: number;
  /** How far under the row above a wrapped line may sit. */
  close: number;
  text: (i: number) => string;
  ncols: number;
  /** Table rows start only where the stub has text: most visual rows leave it empty (cells of many lines). */
  stubLed: boolean;
  /** Rows padded apart: a line this close under the row above is more of its cells' lines. */
  tight?: number;
}

/**
 * Does a visual row continue the table row above it (a wrapped cell) rather than start a new one? Only when
 * the row above has a stub (first column) and this one sits no further under it than rows usually are, and:
 * - where rows are padded apart (Flow.tight), it sits as close as a cell's lines;
 * - in a stub-led table, it has no stub box of its own, or all its boxes run on (start lower case, a
 *   parenthesis or a dash: "features" under "Specific physical");
 * - otherwise, no stub box and either some of the other columns left empty or all its texts running on;
 * - or only a stub box, not set further left than the stub above, that runs on from it or sits right
 *   under a stub that does not end a sentence;
 * - or a row set with a hanging indent (hangingIndent).
 */
function continues(placed: { id: number; span: [number, number] }[], prev: { cells: TableCell[]; box: BBox }, r: GridRow, f: Flow): boolean {
  const gap = r.box[1] - prev.box[3];
  if (gap > (f.stubLed ? 1.5 * f.body : f.close)) return false;
  const stubAbove = prev.cells.find((c) => c.col === 0);
  if (!stubAbove) return false;
  if (f.tight !== undefined && gap <= f.tight) return true;
  // A row of figures under figures, each in a column of its own, is a row of its own: figures do not wrap into every
  // column (the second row of a group under a label set across both: "Large" beside "100M … 84.9" and "200M …
  // 86.1"). Figures under words may be the cells' last lines (a form's codes, "2/5", under its headings).
  const figureAbove = (col: number) => prev.cells.some((c) => c.col === col && c.lines.length > 0 && mostlyDigits(f.text(c.lines[c.lines.length - 1]!)));
  if (placed.length >= 2 && placed.every((p) => p.span[0] === p.span[1] && mostlyDigits(f.text(p.id)) && figureAbove(p.span[0]))) return false;
  const inStub = placed.filter((p) => p.span[0] === 0);
  const runsOn = (id: number) => FLOWS.test(f.text(id));
  const lastStub = stubAbove.lines[stubAbove.lines.length - 1]!;
  const stubWraps = inStub.length === 1 && inStub[0]!.span[1] === 0 && lastStub !== undefined && wrapsOn(placed, prev, inStub[0]!.id, lastStub, f);
  if (f.stubLed) return inStub.length === 0 || placed.every((p) => runsOn(p.id)) || stubWraps;
  if (inStub.length === 0) {
    const filled = new Set(placed.flatMap((p) => Array.from({ length: p.span[1] - p.span[0] + 1 }, (_, k) => p.span[0] + k)));
    const leavesEmpty = filled.size < f.ncols - 1;
    return leavesEmpty || placed.every((p) => runsOn(p.id));
  }
  if (inStub[0]!.span[1] !== 0) return false;
  const id = inStub[0]!.id;
  if (placed.length > 1) return hangingIndent(placed, prev, id, lastStub, f) || stubWraps;
  if (f.boxes[id]![0] < f.boxes[lastStub]![0] - 0.3 * f.body) return false;
  const above = f.text(lastStub);
  return runsOn(id) || (prev.cells.length >= 2 && above !== '' && !ENDS.test(above));
}

/**
 * A row set with a hanging indent under the row above: its stub runs on from the stub above, set in from it
 * ("Nabhan" / "et al.³¹"), and its other lines are the wrapped ends of the cells above ("controlled trial",
 * "0.625 mg/day") or more lines of them. A figure under a cell is a row's own (a sub-item's amount), not a
 * wrapped cell's.
 */
function hangingIndent(placed: { id: number; span: [number, number] }[], prev: { cells: TableCell[] }, stub: number, lastStub: number, f: Flow): boolean {
  if (!FLOWS.test(f.text(stub)) || f.boxes[stub]![0] < f.boxes[lastStub]![0] + 0.3 * f.body || ENDS.test(f.text(lastStub))) return false;
  return placed.every(({ id, span }) => id === stub || (!isAmount(f.text(id)) && prev.cells.some((c) => c.col <= span[0] && c.col + c.colSpan - 1 >= span[1])));
}

/**
 * A row whose every cell goes on from the row above: its stub under a stub that does not end a sentence ("Access
 * review" / "B24"), and a line of words in another column under a line of words that breaks off, going on in lower
 * case ("The Ideal of human reason has nothing to do with" / "time."). Rows of single words ("apple" / "banana")
 * break off nowhere.
 */
function wrapsOn(placed: { id: number; span: [number, number] }[], prev: { cells: TableCell[] }, stub: number, lastStub: number, f: Flow): boolean {
  if (ENDS.test(f.text(lastStub)) || f.boxes[stub]![0] < f.boxes[lastStub]![0] - 0.3 * f.body) return false;
  const open = (col: number) => {
    const cell = prev.cells.find((c) => c.col === col && c.colSpan === 1 && c.lines.length > 0);
    const last = cell ? f.text(cell.lines[cell.lines.length - 1]!) : '';
    return breaksOff(last);
  };
  return placed.some(({ id, span }) => id !== stub && span[0] === span[1] && open(span[0]) && /^\p{Ll}/u.test(f.text(id))) && placed.every(({ id }) => !isAmount(f.text(id)));
}
