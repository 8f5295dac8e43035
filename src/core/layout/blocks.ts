// One column's units → typed blocks: paragraphs, headings, lists, captions, footnotes, formulas, tables.
//
//   columnBlocks(run, ctx) → Block[]
//
// Rows are split into blocks at vertical gaps wider than the column's usual line gap, at changes of
// line height, at first-line indents, after a short line that ends a sentence, and before list markers
// and captions. Headings are rows taller than the body (level by ratio), short numbered section rows, or short
// bold rows at the body's size (where the source says what is bold); formulas are rows whose text reads as math
// (or that carry an equation number at the right).
import type { BBox } from '../../protocol/page';
import { groupRows, median, union } from './geometry';
import type { Unit } from './reading-order';
import { endsSentence, hasSectionNumber, isAmount, isAuthorList, isCaption, isEquationNumber, isItemMark, isLeaderLine, isOrnament, isPageNumber, listMarker, mathScore, mostlyLetters } from './text-cues';
import type { Block, PageSize, TableGrid, TextLine } from './types';

export interface BlockContext {
  lines: TextLine[];
  /** Body line box height: the unit of gaps and indents. */
  body: number;
  /** Text size of line i (its core height) and the body's, for size ratios. */
  sizeOf: (i: number) => number;
  bodySize: number;
  /** The sizes are the lines' own (a PDF's font sizes), not estimates from their boxes. */
  statedSizes?: boolean;
  /** With stated sizes: how wide line i's glyphs run for their size, against the body's (1 = as wide). */
  glyphWidth?: (i: number) => number;
  page: PageSize;
  /** Lines with a bullet drawn as a shape to their left. */
  bullets: Set<number>;
  tables: TableGrid[];
  /** Page-number lines of contents entries (contents.ts): an entry is a line of its own, never a heading. */
  entryEnds?: ReadonlySet<number>;
}

interface Row {
  ids: number[];
  /** Starts with a list marker: in its text, or drawn to its left. */
  marked: boolean;
  box: BBox;
  /** Text size relative to the body (1 = body text). */
  size: number;
  text: string;
  hasText: boolean;
  /** Most of its text is set bold (where the source says: a PDF's font names). */
  bold: boolean;
}

type Kind = 'paragraph' | 'heading' | 'list' | 'caption' | 'footnote' | 'formula';

export function columnBlocks(run: Unit[], ctx: BlockContext): Block[] {
  const blocks: Block[] = [];
  let pending: Unit[] = [];
  const flush = () => {
    if (pending.length) blocks.push(...textBlocks(pending, ctx));
    pending = [];
  };
  for (const u of run) {
    if (u.kind === 'table') {
      flush();
      blocks.push({ type: 'table', bbox: u.box, lines: u.lines, table: ctx.tables[u.ref!] });
    } else if (u.kind === 'figure') {
      flush();
      blocks.push({ type: 'figure', bbox: u.box, lines: u.lines });
    } else pending.push(u);
  }
  flush();
  return blocks;
}

/** A line that ends a sentence or a clause (a colon before a list): the next one starts anew. */
const CLAUSE_END = /[.!?:;]["')\]]?$/;

function textBlocks(units: Unit[], ctx: BlockContext): Block[] {
  const { lines, body } = ctx;
  const boxes = lines.map((l) => l.bbox);
  const rows: Row[] = groupRows(units.flatMap((u) => u.lines), boxes).map((ids) => ({
    ids,
    box: union(ids.map((i) => boxes[i]!)),
    // A row's size is its text's: with stated sizes, its longest piece's (a footnote mark beside it is smaller).
    size: (ctx.statedSizes ? ctx.sizeOf(longest(ids, lines)) : median(ids.map((i) => ctx.sizeOf(i)))) / ctx.bodySize,
    marked: ctx.bullets.has(ids[0]!) || listMarker(ids.map((i) => (lines[i]!.text ?? '').trim()).join(' ')) !== undefined,
    text: ids.map((i) => (lines[i]!.text ?? '').trim()).join(' ').trim(),
    hasText: ids.some((i) => lines[i]!.text !== undefined),
    bold: boldShare(ids, lines) > 0.5,
  }));
  const col = union(rows.map((r) => r.box));
  // A heading read as a band of its own (opening a set of columns, a box's title) is as short as its text: measured
  // against itself, it was full-width, and a paragraph. (Other lone lines keep their own width: a table's or a map's
  // stray label set a little larger is no heading.) A title only where the PDF states sizes: read from its pixels, a
  // line's size is its box's, which a mark beside it makes taller (dolma-page-1's "♡Carnegie Mellon University").
  const ownBand = (u: Unit) => u.ownBand === 'opens-set' || (u.ownBand === 'title' && ctx.statedSizes);
  const colW = rows.length === 1 && units.every(ownBand) ? Math.max(col[2] - col[0], 0.5 * ctx.page.width) : col[2] - col[0];
  const gaps = rows.slice(1).map((r, k) => r.box[1] - rows[k]!.box[3]);
  const lineGap = median(gaps.filter((g, k) => g > -0.5 * body && Math.abs(rows[k + 1]!.size - rows[k]!.size) < 0.2)) || 0.3 * body;
  const wide = (r: Row) => (ctx.glyphWidth ? median(r.ids.map(ctx.glyphWidth)) : 1);
  const kindOf = (r: Row, k: number): Kind => rowKind(r, k, rows, { body, col, colW, page: ctx.page, lines, stated: ctx.statedSizes ?? false, wide: wide(r) });

  const entry = (r: Row) => r.ids.some((i) => ctx.entryEnds?.has(i));
  const kinds = rows.map((r, k) => (entry(r) ? 'paragraph' : kindOf(r, k)));
  // Parts of one display formula (limits, fraction rows) sit close together: a non-prose row tight
  // between formula rows, or tight against one, is part of it. Repeated until nothing changes, so a
  // fraction's numerator joins through the row that joined below it.
  const tight = (a: Row, b: Row) => b.box[1] - a.box[3] < 0.3 * body;
  for (let changed = true; changed; ) {
    changed = false;
    rows.forEach((r, k) => {
      if (kinds[k] !== 'paragraph') return;
      const up = k > 0 && kinds[k - 1] === 'formula' && tight(rows[k - 1]!, r);
      const down = k + 1 < rows.length && kinds[k + 1] === 'formula' && tight(r, rows[k + 1]!);
      const prose = r.text.split(/\s+/).filter((w) => /^\p{L}{4,}[,.;:]?$/u.test(w)).length;
      // The last words of a sentence that leads into a formula ("… an equation to account for this" / "addition
      // is") stand under a full line of its paragraph, at its left edge, and are that paragraph's.
      const above = rows[k - 1];
      const sentenceEnd =
        !up && above !== undefined && kinds[k - 1] === 'paragraph' && tight(above, r) && !CLAUSE_END.test(above.text) &&
        above.box[2] - above.box[0] > 0.75 * colW && Math.abs(r.box[0] - above.box[0]) < 0.5 * body;
      if ((up && down) || ((up || down) && prose <= 1 && r.box[2] - r.box[0] < 0.6 * colW && !sentenceEnd)) [kinds[k], changed] = ['formula', true];
    });
  }

  if (ctx.statedSizes) proseOfLargerColumns(rows, kinds, Math.max(0.6 * body, lineGap + 0.5 * body));
  enumerationsInProse(rows, kinds, body, lineGap + 0.5 * body);
  noteLines(rows, kinds, lineGap + 0.5 * body, ctx.statedSizes ? 0.08 : 0.2);

  // A first line's indent: an em (a newspaper's, a web page's) is most of a line box; lines read from their pixels
  // stand a little apart at their left, so there it takes a whole line's height.
  const indent = (ctx.statedSizes ? 0.6 : 1.0) * body;
  const blocks: Block[] = [];
  let cur: { kind: Kind; rows: Row[] } | undefined;
  rows.forEach((r, k) => {
    const kind = kinds[k]!;
    const prev = k > 0 ? rows[k - 1]! : undefined;
    let start = !cur || !prev;
    if (cur && prev) {
      const gap = r.box[1] - prev.box[3];
      // An indent under an em's is a new paragraph only after a line that ends a sentence or stops short: a note's
      // second line stands in past its mark ("⋆ Thanks … the anonymous" / "referee for …").
      const ended = CLAUSE_END.test(prev.text) || prev.box[2] - prev.box[0] < 0.75 * colW;
      const indentNow = r.box[0] - col[0] > (ended ? indent : body);
      const indentPrev = prev.box[0] - col[0] > indent;
      // A contents line ends at its page number: the next entry starts anew.
      const prevShort = (prev.box[2] < col[2] - 0.25 * colW && (!prev.hasText || CLAUSE_END.test(prev.text))) || isLeaderLine(prev.text) || entry(prev);
      // A change of size starts a block; sizes the text states are exact, estimates wander.
      const heightJump = Math.abs(r.size - prev.size) > (ctx.statedSizes ? 0.08 : 0.35) * Math.max(r.size, prev.size);
      // Lines of a heading set larger than the body stand further apart, as its size.
      const scale = kind === 'heading' && cur.kind === 'heading' ? Math.max(1, Math.min(r.size, prev.size)) : 1;
      if (gap > scale * Math.max(0.6 * body, lineGap + 0.5 * body)) start = true;
      // A caption's next lines are prose rows that follow it as a paragraph's lines follow each other.
      else if (kind !== cur.kind && !(cur.kind === 'list' && kind === 'paragraph') && !(cur.kind === 'caption' && kind === 'paragraph' && gap <= lineGap + 0.5 * body && !heightJump)) start = true;
      else if (kind === 'formula') start = cur.kind !== 'formula' || gap > lineGap + 0.5 * body; // stacked parts of one display formula stay together
      else if (kind === 'caption' && isCaption(r.text)) start = true;
      else if (kind === 'footnote' && NOTE_MARK.test(r.text)) start = true; // each note is its own block
      else if (cur.kind === 'list') start = false;
      else if (heightJump) start = true;
      else if (indentNow && !indentPrev && kind === 'paragraph' && !hangingIndent(cur.rows, r, rows[k + 1], body, lines)) start = true;
      // A paragraph whose lines stand indented together (a hanging item's text: "A5. The trading name …" / "CASA will
      // verify …") ends where a line starts further left, at the markers: the next item ("A7. You may by law …").
      else if (kind === 'paragraph' && cur.kind === 'paragraph' && cur.rows.length >= 2 && r.box[0] < prev.box[0] - body && Math.abs(prev.box[0] - cur.rows.at(-2)!.box[0]) < 0.3 * body) start = true;
      else if (prevShort && kind === 'paragraph') start = true;
      else if (cur.kind === 'heading' && cur.rows.length >= 3) start = true;
      if (cur.kind === 'list' && kind === 'paragraph' && !start) {
        // A list item's continuation is indented past the marker or follows without a gap.
        const itemX = cur.rows[0]!.box[0];
        if (r.box[0] < itemX - 0.3 * body) start = true;
      }
      if (cur.kind === 'list' && kind === 'paragraph' && gap > lineGap + 0.5 * body) start = true;
    }
    if (start || !cur) {
      if (cur) blocks.push(toBlock(cur.kind, cur.rows));
      cur = { kind, rows: [r] };
    } else cur.rows.push(r);
  });
  if (cur) blocks.push(toBlock(cur.kind, cur.rows));
  return blocks;
}

/** A note's first line: its mark, then a space or, where the text layer runs the mark into it, a capital ("1The"). */
const NOTE_MARK = /^(\d{1,3}|[*†‡§¶])(\s|(?=\p{Lu}))/u;

/**
 * A footnote's lines after its first hold no mark, and read as prose: a line of the note's size tight under a
 * note's line goes on that note ("1The transcendental unity … of practical" / "reason and the noumena …" was a
 * note of one line and a paragraph).
 */
function noteLines(rows: Row[], kinds: Kind[], maxGap: number, sizeTolerance: number): void {
  for (let k = 1; k < rows.length; k++) {
    const r = rows[k]!;
    const prev = rows[k - 1]!;
    if (kinds[k - 1] !== 'footnote' || kinds[k] !== 'paragraph' || r.marked) continue;
    const sameSize = Math.abs(r.size - prev.size) <= sizeTolerance * Math.max(r.size, prev.size);
    if (sameSize && r.box[1] - prev.box[3] <= maxGap) kinds[k] = 'footnote';
  }
}

/**
 * A heading by a little extra size (stated sizes ≥ 1.1 × the page's body) is prose where text of the same size
 * runs on into it without a gap: a column set larger throughout (a TV listing, a sidebar) has short lines
 * that are no headings ("10.00 The Late Late / Show With / James Corden:"). A heading leads its run, so
 * only rows after a paragraph row of the run are taken back.
 */
function proseOfLargerColumns(rows: Row[], kinds: Kind[], maxGap: number): void {
  for (let k = 1; k < rows.length; k++) {
    const r = rows[k]!;
    const prev = rows[k - 1]!;
    const sameSize = Math.abs(r.size - prev.size) <= 0.08 * Math.max(r.size, prev.size);
    const runsOn = sameSize && r.box[1] - prev.box[3] <= maxGap;
    // A bold heading at the body's size under plain text is told by its face (rowKind), not by a little extra size;
    // a bold line set a little larger (a TV listing's programme, a title's second line) still runs on.
    const boldUnderPlain = r.bold && !prev.bold && r.size < 1.1;
    if (runsOn && kinds[k] === 'heading' && kinds[k - 1] === 'paragraph' && r.size < 1.2 && prev.hasText && !boldUnderPlain) kinds[k] = 'paragraph';
  }
}

/**
 * A line that starts with an enumerator ("(ii) pubertal growth spurt, …") where the paragraph above runs on into
 * it mid-sentence, from the same left edge, is that paragraph's next line, not a list item: a sentence that counts
 * its points inline. Not after a list item's own lines (its next item), nor after a line that ends a sentence or a
 * colon (a list the paragraph introduces).
 */
function enumerationsInProse(rows: Row[], kinds: Kind[], body: number, maxGap: number): void {
  for (let k = 1; k < rows.length; k++) {
    const r = rows[k]!;
    const prev = rows[k - 1]!;
    if (kinds[k] !== 'list' || kinds[k - 1] !== 'paragraph' || !listMarker(r.text)?.ordered) continue;
    if (CLAUSE_END.test(prev.text) || Math.abs(r.box[0] - prev.box[0]) > 0.5 * body || r.box[1] - prev.box[3] > maxGap) continue;
    // The paragraph above: its rows back to the last gap; none of them a list item.
    let j = k - 1;
    while (j > 0 && kinds[j - 1] === 'paragraph' && rows[j]!.box[1] - rows[j - 1]!.box[3] <= maxGap) j--;
    if (j > 0 && kinds[j - 1] === 'list' && rows[j]!.box[1] - rows[j - 1]!.box[3] <= maxGap) continue;
    kinds[k] = 'paragraph';
  }
}

/**
 * An entry whose first line stands out to the left and whose others are indented alike (a listing, a
 * glossary, a bibliography) is one paragraph: an indented second row is no new paragraph's first line when
 * the row after it keeps the indent and the first row did not end a sentence.
 */
function hangingIndent(curRows: Row[], r: Row, next: Row | undefined, body: number, lines: TextLine[]): boolean {
  if (curRows.length !== 1) return false;
  const first = curRows[0]!;
  // An item's mark set apart ("A7." then, a gap to its right, "You may by law …"): the next row under the item's
  // text goes on with it, however few rows follow.
  const [mark, text] = first.ids;
  if (text !== undefined && isItemMark(lines[mark!]!.text ?? '') && Math.abs(r.box[0] - lines[text]!.bbox[0]) < 0.5 * body) return true;
  if (!next) return false;
  return Math.abs(next.box[0] - r.box[0]) < 0.5 * body && !/[.!?:]["')\]]?$/.test(first.text) && next.box[1] - r.box[3] < body;
}

function rowKind(r: Row, k: number, rows: Row[], c: { body: number; col: BBox; colW: number; page: PageSize; lines: TextLine[]; stated: boolean; wide: number }): Kind {
  const { body, col, colW, page, lines, stated, wide } = c;
  const text = r.text;
  const short = r.box[2] - r.box[0] < 0.75 * colW;
  const lastId = r.ids[r.ids.length - 1]!;
  const eqNumber = r.ids.length >= 2 && isEquationNumber(lines[lastId]!.text ?? '');
  const colCenter = (col[0] + col[2]) / 2;
  const centered = Math.abs((r.box[0] + r.box[2]) / 2 - colCenter) < 0.08 * colW && r.box[2] - r.box[0] < 0.6 * colW;
  if (r.hasText && isOrnament(text)) return 'paragraph';
  // At the body's stated size, a short bold line set apart from the text above and followed by plain text is a
  // heading ("1. Introduction"), not a numbered list's item; bold lines one under another are a caption, a standfirst
  // or a title set in two lines — unless the one above is set larger: the heading of the part this one heads
  // ("2.2 Models" over "2.2.1 Linear models"), or it ends a sentence a line's white above (a boxed notice in bold).
  const prev = rows[k - 1];
  const next = rows[k + 1];
  const gap = prev ? r.box[1] - prev.box[3] : Infinity;
  const boldHead =
    stated && r.bold && r.hasText && short && r.size >= 0.9 && text.length < 80 && !/[.,;:]$/.test(text) && headingWords(text) &&
    gap > 0.3 * body && (!prev?.bold || prev.size > 1.1 * r.size || (gap >= body && endsSentence(prev.text))) && next !== undefined && !next.bold;
  if (r.hasText) {
    const mathText = eqNumber ? r.ids.slice(0, -1).map((i) => lines[i]!.text ?? '').join(' ') : text;
    if (mathScore(mathText) >= 0.5 && (short || eqNumber || mathScore(mathText) >= 0.8)) return 'formula';
    // A list item starts at the column's left (or an indent), not centered: a centered row with a "bullet"
    // is a display formula (e^{iπ} read "- e' +1-0") or a speck of a scan beside one.
    if (r.marked && !centered && !(hasSectionNumber(text) && (r.size > 1.1 || boldHead))) return 'list';
    if (isCaption(text)) return 'caption';
  }
  // A display formula stands centered and narrow, set apart by space, and reads as math or as
  // fragments rather than prose (the text recognizer makes little of formulas). Checked before the
  // heading rule: a fraction or a big operator makes a formula row as tall as a heading.
  const spaced = (!prev || r.box[1] - prev.box[3] > 0.35 * body) || (!next || next.box[1] - r.box[3] > 0.35 * body);
  if (centered && spaced && rows.length > 2) {
    const words = text.split(/\s+/).filter(Boolean);
    // A question or an exclamation is prose too (a slide's "So What?").
    const prose = words.filter((w) => /^\p{L}{4,}[,.;:?!]?$/u.test(w)).length;
    // An amount standing alone (a table's cell the layout did not take into a table) is a value, not math.
    const fragments = words.length > 0 && prose / words.length < 0.3 && text.length >= 3 && !isPageNumber(text) && !isAmount(text);
    if (!r.hasText || mathScore(text) >= 0.15 || fragments) return 'formula';
  }
  // Tall rows are headings, unless a full-width row is only tall from superscripts or formulas. Names and
  // addresses are not headings, whatever their size: an author list, an e-mail line.
  const ratio = r.size;
  const byline = r.hasText && (isAuthorList(text) || /\S@\S+\.\w/.test(text));
  if (byline) return 'paragraph';
  // Numbers alone set a little larger are a drawing's labels ("5 2", "1 4 3" over its regions), not headings.
  const worded = !r.hasText || /\p{L}/u.test(text);
  // Where the sizes are the text's own, a short line set a little larger than the body (a bold "Abstract")
  // is a heading too; estimated sizes wander that much.
  if (stated && ratio >= 1.1 && r.hasText && short && text.length < 80 && !/[.,;:]$/.test(text) && worded) return 'heading';
  // With text, glyph density tells: body-size glyphs pack ~1/(0.5·body) characters per pixel.
  const w = r.box[2] - r.box[0];
  const glyphsLookBig = r.hasText ? text.length < (1.4 * w) / (0.5 * (r.box[3] - r.box[1])) : w < 0.8 * colW;
  // A justified body line with few words spreads its characters wide: full-width rows need more.
  if (ratio >= 1.2 && (!r.hasText || text.length < 200) && (ratio >= 1.5 || (glyphsLookBig && w < 0.9 * colW && worded))) return 'heading';
  const isolated = (!prev || r.box[1] - prev.box[3] > 0.5 * body) && (!next || next.box[1] - r.box[3] > 0.5 * body);
  // At the body's stated size, a short line standing alone whose glyphs run wider (capitals, bold) is a heading.
  if (stated && ratio >= 0.95 && wide >= 1.15 && r.hasText && short && isolated && text.length < 60 && !/[.,;:]$/.test(text)) return 'heading';
  if (r.hasText && short && isolated && hasSectionNumber(text) && !/[.,;]$/.test(text) && text.length < 90) return 'heading';
  if (boldHead) return 'heading';
  if (r.box[1] > 0.7 * page.height && r.size < 0.85 && (!r.hasText || /^[\d*†‡§¹²³⁴⁵⁶⁷⁸⁹]/.test(text))) return 'footnote';
  if (eqNumber && short) return 'formula';
  return 'paragraph';
}

/**
 * Words, mostly letters, from a capital or a section number on, as a heading is written: a bold command in a
 * manual ("circ(0,0,5)", ':Custom', 'Disp "The result is",answer', "EndFor"), an address ("education.ti.com"), a
 * figure's panel letter ("B") or a lone short word of a table ("Not") is not.
 */
function headingWords(text: string): boolean {
  return (
    mostlyLetters(text, 0.6) &&
    /^[\p{L}\p{N}]/u.test(text) &&
    !/^\p{Ll}/u.test(text) &&
    !/["=]|\p{Ll}\p{Lu}/u.test(text) &&
    !/https?:|www\.|\w\.(?:com|org|net|edu|gov)\b/i.test(text) &&
    (/\p{L}{5}/u.test(text) || /\p{L}+\s+\p{L}+/u.test(text))
  );
}

/** The share of a row's characters set bold. */
function boldShare(ids: readonly number[], lines: readonly TextLine[]): number {
  const chars = (i: number) => (lines[i]!.text ?? '').replace(/\s/g, '').length;
  const all = ids.reduce((n, i) => n + chars(i), 0);
  return all ? ids.reduce((n, i) => n + (lines[i]!.bold ? chars(i) : 0), 0) / all : 0;
}

const longest = (ids: number[], lines: TextLine[]) => ids.reduce((a, b) => ((lines[b]!.text ?? '').length > (lines[a]!.text ?? '').length ? b : a));

function toBlock(kind: Kind, rows: Row[]): Block {
  const lines = rows.flatMap((r) => r.ids);
  const bbox = union(rows.map((r) => r.box));
  if (kind === 'heading') {
    const ratio = median(rows.map((r) => r.size));
    const numbered = /^(\d+(?:\.\d+)*)/.exec(rows[0]!.text)?.[1];
    const level = ratio >= 1.7 ? 1 : ratio >= 1.35 ? 2 : ratio >= 1.2 ? 3 : numbered && !numbered.includes('.') ? 2 : 3;
    return { type: 'heading', bbox, lines, level };
  }
  if (kind === 'list') {
    const items: number[][] = [];
    const markerX = rows[0]!.box[0];
    let last: number | undefined; // the number of the item before
    for (const r of rows) {
      // An item's line that starts with a number ("518. https://…", a page range run over) is indented past the
      // markers and does not count on from the item before: it goes on with that item.
      const n = r.marked ? listMarker(r.text)?.number : undefined;
      const runOver = last !== undefined && n !== undefined && n !== last + 1 && r.box[0] > markerX + 0.5 * (r.box[3] - r.box[1]);
      if ((r.marked && !runOver) || items.length === 0) {
        items.push([...r.ids]);
        last = n;
      } else items[items.length - 1]!.push(...r.ids);
    }
    return { type: 'list', bbox, lines, items, ordered: listMarker(rows[0]!.text)?.ordered ?? false };
  }
  return { type: kind, bbox, lines };
}
