// Reading order by a recursive cut on whitespace, column-aware.
//
//   readingOrder(units, body, minGap) → Unit[][]   (single-column runs, in the order a reader meets them)
//
// A unit is a line or an atomic block (a table). At each level, a vertical whitespace channel that
// little text crosses means columns. Units that cross a channel (a
// full-width title, a wide figure caption) cut the region into horizontal bands first, so a title
// above two columns is read before them and a full-width paragraph after them is read last; each band
// then splits into columns read left to right. A region without a channel is one column, read by rows,
// with notes in its margins read after it.
import type { BBox } from '../../protocol/page';
import { crossesChannel, findChannels, hasColumns } from './channels';
import { centerY, median, union } from './geometry';

export interface Unit {
  box: BBox;
  /** Line indices of the unit. */
  lines: number[];
  /** Tag for atomic units (tables, figures). */
  kind?: 'table' | 'figure';
  ref?: number;
  /** A heading read as a band of its own: one that opens a new set of columns, or a box's title over text across them. */
  ownBand?: 'opens-set' | 'title';
}

/** A line this many body heights tall or more is set larger than the body: a heading. */
const HEADING_HEIGHT = 1.15;
/** The widest a set's column's lines may run, against the other side's (median line widths). */
const SET_WIDTHS = 1.6;

export function readingOrder(units: Unit[], body: number, minGap: number): Unit[][] {
  const out: Unit[][] = [];
  cut(units, body, minGap, out, 0);
  return out;
}

function cut(units: Unit[], body: number, minGap: number, out: Unit[][], depth: number): void {
  if (units.length === 0) return;
  if (units.length === 1 || depth > 12) {
    out.push(sortByRows(units));
    return;
  }
  // Where figures hide every gutter, the gutters are looked for again past them: a newspaper's picture over three
  // narrow columns fills each gutter's projection. Those figures are then read as units spanning the columns.
  let channels = findChannels(units, minGap, body).slice(0, 1);
  const pastFigures = channels.length === 0 && units.some((u) => u.kind === 'figure');
  if (pastFigures) channels = findChannels(units, minGap, body, true).slice(0, 1);
  if (channels.length === 0) {
    // Margin notes beside one column are read after it, not spliced into its lines.
    const region = union(units.map((u) => u.box));
    const wide = units.filter((u) => u.box[2] - u.box[0] > 0.5 * (region[2] - region[0]));
    if (wide.length >= 3) {
      const lo = Math.min(...wide.map((u) => u.box[0]));
      const hi = Math.max(...wide.map((u) => u.box[2]));
      const beyond = (right: number) => units.filter((u) => u.box[2] < lo - minGap || u.box[0] > right + minGap);
      // Notes of words right of the column end at its lines' right, not at a title's set larger over both (a form's
      // line numbers and amounts at the right are no notes).
      const lines = wide.filter((u) => u.box[3] - u.box[1] < HEADING_HEIGHT * body);
      const notes = lines.length ? beyond(Math.max(...lines.map((u) => u.box[2]))) : [];
      const worded = notes.length > 0 && median(notes.map((u) => u.box[2] - u.box[0])) >= 8 * body;
      const margin = worded ? notes : beyond(hi);
      if (margin.length > 0 && margin.length < units.length / 4) {
        out.push(sortByRows(units.filter((u) => !margin.includes(u))));
        out.push(sortByRows(margin));
        return;
      }
    }
    // A table or figure across the region (most of its width) is read where it stands, the region above it before
    // it and the region below after, each on its own: its height across every column hides the columns' gutter in
    // the region's projection (two columns of text above a full-width table were read line by line across both).
    const across = units.filter((u) => u.kind && u.box[2] - u.box[0] >= 0.7 * (region[2] - region[0]));
    if (across.length > 0 && across.length < units.length) {
      const parts = aroundAtoms(units, across);
      if (parts.some((p) => p.length > 1 && hasColumns(p, minGap, body))) {
        for (const part of parts) cut(part, body, minGap, out, depth + 1);
        return;
      }
    }
    // Regions one above another, a clear band of white apart, are read one after the other, each on its own, where
    // one of them has columns: two columns above a full-width form do not show their gap in the whole page's
    // projection.
    const bands = whiteBands(units, body);
    if (bands.length > 1 && bands.some((b) => hasColumns(b, minGap, body))) {
      for (const band of bands) cut(band, body, minGap, out, depth + 1);
      return;
    }
    out.push(sortByRows(units));
    return;
  }
  // Text that crosses the gap beside other text, beyond where the gap's columns stand, is laid out otherwise (two
  // columns of text under a table whose own column gap this is): read as regions of their own, before and after.
  const parts = outsideChannel(units, channels[0]!, pastFigures, body);
  if (parts) {
    for (const part of parts) cut(part, body, minGap, out, depth + 1);
    return;
  }
  // What crosses the gap and reaches well beyond it (a title, a full-width paragraph) spans the columns; a speck
  // no wider than twice the gap goes with the column its middle is in.
  const crosses = (u: Unit) => channels.some((c) => crossesChannel(u.box, c) && u.box[2] - u.box[0] > 2 * (c[1] - c[0]));
  const spanning = units.filter(crosses);
  // The short last line of a full-width paragraph belongs with it, not with the column below; so does a short line
  // centred under a centred one across the gap, as close under it as that one is under the line above it (an author
  // block's "Germany" under "Institute of Critical Studies").
  const byTop = [...units].sort((a, b) => a.box[1] - b.box[1]);
  const lead = usualGap(byTop, body);
  const middle = (b: BBox) => (b[0] + b[2]) / 2;
  const gapAbove = (s: Unit) => Math.min(...spanning.filter((t) => t.box[3] <= s.box[1]).map((t) => s.box[1] - t.box[3]));
  for (const u of byTop) {
    if (spanning.includes(u)) continue;
    const across = channels.some((c) => crossesChannel(u.box, c));
    const under = (s: Unit) => {
      const gap = u.box[1] - s.box[3];
      if (s.box[3] > u.box[1] + 0.3 * body) return false;
      if (gap < Math.max(0.6 * body, lead + 0.3 * body) && Math.abs(s.box[0] - u.box[0]) < body) return true;
      return across && Math.abs(middle(s.box) - middle(u.box)) < body && gap < Math.min(2 * body, gapAbove(s) + 0.5 * body);
    };
    const above = spanning.filter(under);
    if (above.length && !units.some((v) => v !== u && !spanning.includes(v) && Math.abs(v.box[1] - u.box[1]) < 0.5 * body)) spanning.push(u);
  }
  // A box's title over text across the gap reads before that text (titleOver), a band of its own. A table keeps its
  // heading where it stands (a card's "Attributes" over its table).
  const titles = new Set<Unit>();
  for (const t of spanning.filter((v) => !v.kind)) {
    const title = titleOver(units.filter((v) => !spanning.includes(v)), t.box[1], body);
    if (title) {
      spanning.push(title);
      titles.add(title);
      title.ownBand = 'title';
    }
  }
  // A heading that opens a new set of columns (a newsletter's "2. Operations" over columns that start again under it)
  // spans them though its words fill one: set larger than the body, with white beside it across the gap, and the
  // other side's text ending above it and starting again below. Read in its column, it put the columns' second set
  // into the first.
  const side = (v: Unit) => (v.box[0] + v.box[2]) / 2 > channels[0]![1];
  const lineWidth = (s: boolean) => median(units.filter((v) => side(v) === s).map((v) => v.box[2] - v.box[0]));
  // Columns of a set are alike: a narrow column of side headings beside the text is no set.
  const alike = Math.max(lineWidth(false), lineWidth(true)) <= SET_WIDTHS * Math.min(lineWidth(false), lineWidth(true));
  for (const u of alike ? units : []) {
    if (spanning.includes(u) || u.kind || u.box[3] - u.box[1] < HEADING_HEIGHT * body) continue;
    const [top, bottom] = [u.box[1] - body, u.box[3] + body];
    // A line of one, white across the gap beside it and a little above and below it in its own column.
    const near = (v: Unit, reach: number) => v !== u && v.box[3] > u.box[1] - reach && v.box[1] < u.box[3] + reach;
    if (units.some((v) => (side(v) === side(u) ? near(v, 0.8 * body) : near(v, body)))) continue;
    // The other side's text stops just above and starts again just below, within two lines above (its columns end
    // a row or two apart) and one below (past a byline under the heading): one white band across the set. Boxes
    // measured on their cores stand a line's white (lead) apart.
    const others = units.filter((v) => side(v) !== side(u) && !v.kind);
    if (others.some((v) => v.box[3] <= top && v.box[3] > top - 3 * (body + lead)) && others.some((v) => v.box[1] >= bottom && v.box[1] < bottom + 2 * (body + lead))) {
      spanning.push(u);
      u.ownBand = 'opens-set';
    }
  }
  if (spanning.length === 0) {
    // Columns, left to right.
    const edges = channels.map(([a, b]) => (a + b) / 2);
    const columns: Unit[][] = edges.map(() => []).concat([[]]);
    for (const u of units) {
      const cx = (u.box[0] + u.box[2]) / 2;
      let c = 0;
      while (c < edges.length && cx > edges[c]!) c++;
      columns[c]!.push(u);
    }
    for (const col of columns) cut(col, body, minGap, out, depth + 1);
    return;
  }
  // Bands separated by the spanning units.
  const sorted = [...units].sort((a, b) => a.box[1] - b.box[1]);
  const spanSorted = [...spanning].sort((a, b) => a.box[1] - b.box[1]);
  const bands: Unit[][] = [];
  let current: Unit[] = [];
  let s = 0;
  for (const u of sorted) {
    if (spanning.includes(u)) continue;
    while (s < spanSorted.length && centerY(spanSorted[s]!.box) < centerY(u.box)) {
      if (current.length) bands.push(current);
      current = [];
      bands.push([spanSorted[s]!]);
      s++;
    }
    current.push(u);
  }
  if (current.length) bands.push(current);
  while (s < spanSorted.length) bands.push([spanSorted[s++]!]);
  if (bands.length === 1) {
    out.push(sortByRows(units));
    return;
  }
  // Consecutive spanning units form one band of their own (a multi-line title).
  const merged: Unit[][] = [];
  for (const b of bands) {
    const last = merged[merged.length - 1];
    if (last && b.length === 1 && spanning.includes(b[0]!) && !titles.has(b[0]!) && last.every((u) => spanning.includes(u) && !titles.has(u))) last.push(b[0]!);
    else merged.push(b);
  }
  for (const b of merged) cut(b, body, minGap, out, depth + 1);
}

/**
 * The usual white between a line and the next under it (units sorted by top): a detector's boxes, measured on their
 * cores, stand well apart even in a paragraph.
 */
function usualGap(byTop: Unit[], body: number): number {
  const gaps: number[] = [];
  byTop.forEach((u, k) => {
    const next = byTop.slice(k + 1).find((v) => v.box[1] >= u.box[3] - 0.5 * body && v.box[0] < u.box[2] && v.box[2] > u.box[0]);
    if (next && next.box[1] - u.box[3] < 3 * body) gaps.push(next.box[1] - u.box[3]);
  });
  return gaps.length ? median(gaps) : 0;
}

/**
 * The units in bands down the region: each atomic unit across it (`across`, top to bottom) a band of its own, and
 * the units between them, by where their middles stand, the bands between.
 */
function aroundAtoms(units: Unit[], across: Unit[]): Unit[][] {
  const atoms = [...across].sort((a, b) => a.box[1] - b.box[1]);
  const bands: Unit[][] = Array.from({ length: 2 * atoms.length + 1 }, () => []);
  for (const u of units) {
    const a = atoms.indexOf(u);
    if (a >= 0) {
      bands[2 * a + 1]!.push(u);
      continue;
    }
    const below = atoms.filter((t) => centerY(u.box) > centerY(t.box)).length;
    bands[2 * below]!.push(u);
  }
  return bands.filter((b) => b.length > 0);
}

/** The units cut at every horizontal band of white, across the whole region, at least two body lines high. */
function whiteBands(units: Unit[], body: number): Unit[][] {
  const sorted = [...units].sort((a, b) => a.box[1] - b.box[1]);
  const bands: Unit[][] = [];
  let bottom = -Infinity;
  for (const u of sorted) {
    if (bands.length === 0 || u.box[1] - bottom >= 2 * body) bands.push([]);
    bands.at(-1)!.push(u);
    bottom = Math.max(bottom, u.box[3]);
  }
  return bands;
}

/** Horizontally apart and on one row (overlapping by half the lower one's height). */
function sideBySide(a: BBox, b: BBox): boolean {
  const o = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return (a[2] <= b[0] || b[2] <= a[0]) && o >= 0.5 * Math.min(a[3] - a[1], b[3] - b[1]);
}

/**
 * The units above, along and below where a channel's columns stand, when text beyond that stretch crosses the
 * channel with other text beside it on its row (a different column structure); undefined when there is none.
 */
function outsideChannel(units: Unit[], channel: [number, number], pastFigures: boolean, body: number): Unit[][] | undefined {
  const mid = (channel[0] + channel[1]) / 2;
  const across = units.filter((u) => crossesChannel(u.box, channel));
  const left = units.filter((u) => !across.includes(u) && u.box[2] <= mid);
  const right = units.filter((u) => !across.includes(u) && u.box[0] >= mid);
  if (left.length === 0 || right.length === 0) return undefined;
  // A gap found past figures: only rows of text count; a figure across it is read before or after the columns
  // (the spanning units' bands), and the column whose top stands beside its foot stays whole.
  const beside = across.filter((u) => !(pastFigures && u.kind === 'figure') && units.some((v) => !across.includes(v) && sideBySide(u.box, v.box)));
  if (beside.length === 0) return undefined;
  let top = Math.max(union(left.map((u) => u.box))[1], union(right.map((u) => u.box))[1]);
  let bottom = Math.min(union(left.map((u) => u.box))[3], union(right.map((u) => u.box))[3]);
  // Where the columns stand only below the crossing rows (or only above them), they begin (end) there: a page
  // number or a heading alone above the crossing rows does not make the columns stand beside them. A speck no
  // wider than twice the gap is not a crossing row.
  const rows = beside.filter((u) => u.box[2] - u.box[0] > 2 * (channel[1] - channel[0]));
  const lo = Math.min(...rows.map((u) => u.box[1]));
  const hi = Math.max(...rows.map((u) => u.box[3]));
  const stands = (pick: (u: Unit) => boolean) => [left.filter(pick), right.filter(pick)];
  const [belowL, belowR] = stands((u) => u.box[1] >= hi);
  const [aboveL, aboveR] = stands((u) => u.box[3] <= lo);
  const standsBelow = belowL!.length >= 2 && belowR!.length >= 2;
  const standsAbove = aboveL!.length >= 2 && aboveR!.length >= 2;
  if (standsBelow && !standsAbove) top = Math.max(union(belowL!.map((u) => u.box))[1], union(belowR!.map((u) => u.box))[1]);
  if (standsAbove && !standsBelow) bottom = Math.min(union(aboveL!.map((u) => u.box))[3], union(aboveR!.map((u) => u.box))[3]);
  const lowRows = beside.filter((u) => centerY(u.box) > bottom);
  const below = lowRows.map((u) => u.box[1]);
  const above = beside.filter((u) => centerY(u.box) < top).map((u) => u.box[3]);
  const cutBelow = below.length ? Math.min(...below) : Infinity;
  const cutAbove = above.length ? Math.max(...above) : -Infinity;
  if (cutBelow === Infinity && cutAbove === -Infinity) return undefined;
  const runsOn = runningOnBeside(units, across, lowRows, cutBelow, body);
  const parts = [
    units.filter((u) => centerY(u.box) < cutAbove),
    units.filter((u) => (centerY(u.box) >= cutAbove && centerY(u.box) < cutBelow) || runsOn.has(u)),
    units.filter((u) => centerY(u.box) >= cutBelow && !runsOn.has(u)),
  ].filter((p) => p.length > 0);
  return parts.length > 1 ? parts : undefined;
}

/**
 * Lines of columns that run on down beside the crossing rows under them (a box set into the columns' foot at the
 * right, the columns at its left going on past its top): left of every crossing row below, each line under one of
 * its column's within three lines. Cut off at the rows' top, a newspaper's last lines of three letters were read
 * after the page, row by row across the box; a section under the columns, past a wider white, is not theirs.
 */
function runningOnBeside(units: Unit[], across: Unit[], below: Unit[], top: number, body: number): Set<Unit> {
  const left = Math.min(...below.map((u) => u.box[0]));
  const overlapsX = (a: BBox, b: BBox) => Math.min(a[2], b[2]) > Math.max(a[0], b[0]);
  const runs: Unit[] = [];
  const beside = units.filter((u) => !across.includes(u) && centerY(u.box) >= top && u.box[2] <= left);
  // Pieces of a crossing row's own line are not (a form's "Credits from Form: a", "2439 b", "8839 c" before its
  // "8801 d"): on a row whose nearest piece stands within a few words of the crossing row, none of them runs on.
  const pieces = new Set<Unit>();
  for (const r of below) {
    const row = beside.filter((u) => sideBySide(r.box, u.box));
    if (row.some((u) => r.box[0] - u.box[2] < 8 * body)) row.forEach((u) => pieces.add(u));
  }
  const candidates = beside.filter((u) => !pieces.has(u)).sort((a, b) => a.box[1] - b.box[1]);
  const above = units.filter((v) => !across.includes(v) && centerY(v.box) < top);
  for (const u of candidates) {
    const under = (v: Unit) => overlapsX(u.box, v.box) && v.box[3] <= u.box[1] + 0.3 * body && u.box[1] - v.box[3] < 3 * body;
    if (above.some(under) || runs.some(under)) runs.push(u);
  }
  return new Set(runs);
}

/**
 * The title of text across the columns' gap that starts at `top` (a framed box's "In brief" over its items): a unit
 * alone under the columns' ends, white across the gap above it, and closer to that text than to anything above. Read
 * at the foot of the column it stands in, it came before the other column.
 */
function titleOver(units: Unit[], top: number, body: number): Unit | undefined {
  const over = units.filter((u) => u.box[3] <= top + 0.3 * body && u.box[3] > top - 6 * body);
  return over.find((u) => {
    const below = top - u.box[3];
    const above = units.filter((v) => v !== u && v.box[3] <= u.box[1] + 0.3 * body);
    const beside = units.some((v) => v !== u && v.box[3] > u.box[1] + 0.3 * body && v.box[1] < top - 0.3 * body);
    return above.length > 0 && !beside && Math.min(...above.map((v) => u.box[1] - v.box[3])) >= Math.max(3 * body, 1.5 * below);
  });
}

/** One column: rows top to bottom, left to right within a row. */
function sortByRows(units: Unit[]): Unit[] {
  const sorted = [...units].sort((a, b) => centerY(a.box) - centerY(b.box));
  const rows: Unit[][] = [];
  for (const u of sorted) {
    const row = rows[rows.length - 1];
    const h = Math.min(u.box[3] - u.box[1], row ? row[0]!.box[3] - row[0]!.box[1] : Infinity);
    if (row && Math.abs(centerY(row[0]!.box) - centerY(u.box)) < 0.5 * h) row.push(u);
    else rows.push([u]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.box[0] - b.box[0]));
}
