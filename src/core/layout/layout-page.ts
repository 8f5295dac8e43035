// Page layout: text lines → blocks in reading order.
//
//   layoutPage(lines, page, options?) → Block[]
//
// Works on boxes alone (block types then come from geometry only) and better with recognized text,
// which tells list markers, captions, page numbers, section numbers and math apart. The engine runs it
// after the line recognizer (crops depend only on line boxes), then passes the blocks and the texts to
// assembleMarkdown. Given the PageImage itself (not only its size), it also finds ruled tables (cells
// from ruling lines, merged cells as colspan/rowspan) and figures; given the detector's unclipRatio it
// measures text size on the boxes' cores; given each line's angle (DB LineBox.angle), it undoes a
// page's mild skew. Steps: running headers/footers from the page bands → unruled tables → columns and
// reading order → blocks per column. Header blocks come first and footer blocks last, so dropping them
// does not disturb the body's order.
import type { BBox, PageImage } from '../../protocol/page';
import { columnBlocks } from './blocks';
import { contentsEntries } from './contents';
import { lineUnits } from './hanging-markers';
import { joinColumnBreaks } from './column-breaks';
import { centerInside, coreBox, coreSize, height, median, union, width } from './geometry';
import { findDrawnBullets, markBoxes } from './bullets';
import { findFigures } from './figures';
import { findRuledTables } from './ruled-tables';
import { findBandedTables } from './rule-bands';
import { findBooktabs } from './booktabs';
import { findPageRulings, thinRulings, type Rulings } from './rulings';
import { rulePieces } from './rule-pieces';
import { readingOrder, type Unit } from './reading-order';
import { findRunningHeads } from './running-heads';
import { findTables } from './tables';
import { strayInk } from './table-ink';
import { LAYOUT_DEFAULTS, type Block, type LayoutOptions, type PageSize, type TextLine } from './types';

export function layoutPage(input: TextLine[], page: PageSize | PageImage, options: Partial<LayoutOptions> = {}): Block[] {
  // A skewed page is laid out on deskewed boxes; the blocks keep boxes on the page as it is.
  const skew = pageSkew(input);
  let blocks: Block[];
  if (Math.abs(skew) < SKEW_MIN) blocks = layoutUpright(input, page, options);
  else {
    const upright = input.map((l) => ({ ...l, bbox: deskewBox(l.bbox, skew, page) }));
    blocks = layoutUpright(upright, { width: page.width, height: page.height }, options);
    for (const b of blocks) if (b.lines.length) b.bbox = union(b.lines.map((i) => input[i]!.bbox));
  }
  // A paragraph a column break or a figure cuts in two is joined again (column-breaks.ts).
  return joinColumnBreaks(blocks, (i) => input[i]?.text ?? '', (i) => input[i]!.bbox, (i) => input[i]?.size);
}

/** The narrowest column gutter between box cores, in core text heights (where the boxes are a detector's). */
const CORE_COLUMN_GAP = 0.8;

/** Detector boxes taller than this many body lines are not text lines. */
const TOWER = 5;

/** Share of an unruled table's region that may be ink besides text and rules; real tables measured 0.0000–0.0001, charts 0.08–0.15. */
const MAX_STRAY_INK = 0.01;

/** Below this (≈ 0.3°), skew changes nothing the layout measures. */
const SKEW_MIN = 0.005;

/** The page's skew: the median slope of long lines that report one. */
export function pageSkew(lines: TextLine[]): number {
  const slopes = lines.filter((l) => l.angle !== undefined && Number.isFinite(l.angle) && width(l.bbox) > 4 * height(l.bbox)).map((l) => l.angle!);
  return slopes.length >= 3 ? median(slopes) : 0;
}

/** A skewed line's box turned upright about the page centre: its centre rotates, its height shrinks to the line's own. */
function deskewBox(b: BBox, angle: number, page: PageSize): BBox {
  const [cx, cy] = [page.width / 2, page.height / 2];
  const [x, y] = [(b[0] + b[2]) / 2 - cx, (b[1] + b[3]) / 2 - cy];
  const [c, s] = [Math.cos(-angle), Math.sin(-angle)];
  const nx = cx + c * x - s * y;
  const ny = cy + s * x + c * y;
  const w = width(b) / Math.cos(angle);
  const h = Math.max(0.3 * height(b), height(b) - width(b) * Math.abs(Math.tan(angle)));
  return [nx - w / 2, ny - h / 2, nx + w / 2, ny + h / 2];
}

function layoutUpright(input: TextLine[], page: PageSize | PageImage, options: Partial<LayoutOptions>): Block[] {
  const o = { ...LAYOUT_DEFAULTS, ...options };
  const boxed = input.map((l, i) => ({ l, i })).filter(({ l }) => isBox(l.bbox));
  const lines = input;
  if (boxed.length === 0) return [];
  const body = bodyHeight(boxed.map(({ l }) => l.bbox));
  // A "line" many body lines tall is not one: on a scan the detector can take a chart for text. Left out,
  // its ink is there for the figure finder, and its page region is kept as a figure.
  const valid = boxed.filter(({ l }) => height(l.bbox) <= TOWER * body);
  if (valid.length === 0) return [];
  // Furniture is set no larger than the body: a title at the top of the page is not a running head.
  const validIds = valid.map(({ i }) => i);
  const sizeAll = textSize(lines, validIds, o.unclipRatio);
  const bodyAll = bodySizeOf(validIds, sizeAll, lines);
  const { header, footer } = findRunningHeads(valid.map(({ l }) => l), page, o.headBand, (k) => sizeAll(valid[k]!.i) / bodyAll);
  const toInput = (k: number) => valid[k]!.i;
  const headerIds = header.map(toInput);
  const footerIds = footer.map(toInput);
  const boxes = lines.map((l) => l.bbox);
  // With the page's pixels: ruled tables from their rules, then figures (ink that is not text).
  const image = 'pixels' in page ? page : undefined;
  // One pass finds every rule up to ~1/100 of the page thick: thin ones can be table rules, all of
  // them (frames, borders) are kept out of figures.
  const allRules = image ? findPageRulings(image) : undefined;
  // A recognized box that is a piece of a column rule is no line at all (a PDF's own text is text wherever it is).
  const recognized = valid.map(({ i }) => i).filter((i) => lines[i]!.size === undefined);
  const onRules = allRules ? rulePieces(allRules.vertical, boxes, recognized, body) : new Set<number>();
  const kept = valid.map(({ i }) => i).filter((i) => !headerIds.includes(i) && !footerIds.includes(i) && !onRules.has(i));
  const drawn = image ? findDrawnBullets(image, boxes, kept, [...headerIds, ...footerIds].map((i) => boxes[i]!)) : new Set<number>();
  // A drawn bullet the detector boxed on its own is the mark of the line after it, no line (bullets.ts).
  const marks = markBoxes(boxes, lines.map((l) => l.text), kept, drawn);
  const rest = kept.filter((i) => !marks.has(i));
  // Table rules are thin next to the text: a scan enlarged for reading (upright-page.ts) draws a 1 px rule
  // 5–7 px thick, so the bound grows with the body text's height.
  const rulings = allRules ? thinRulings(allRules, Math.max(6, Math.round(body / 4))) : undefined;
  const texts = lines.map((l) => l.text);
  const ruled = rulings ? findRuledTables(rulings, boxes, rest, texts) : [];
  if (rulings) ruled.push(...findBandedTables(rulings.horizontal, boxes, rest.filter((i) => !ruled.some((t) => t.lines.includes(i))), body, texts));
  if (rulings) ruled.push(...findBooktabs(rulings.horizontal, boxes, rest.filter((i) => !ruled.some((t) => t.lines.includes(i))), body, texts));
  const inRuled = new Set(ruled.flatMap((t) => t.lines));
  // A table of contents is read as lines, each entry with its page number, never as a table (contents.ts).
  const entries = contentsEntries(rest.filter((i) => !inRuled.has(i)), boxes, lines, body);
  const inEntry = new Set(entries.flatMap((e) => e.lines));
  // Tick labels beside a chart can line up like cells: an unruled table is kept only where the page has
  // little ink besides its text and rules (table-ink.ts).
  const unruled = findTables(boxes, rest.filter((i) => !inRuled.has(i) && !inEntry.has(i)), body, page.width, { texts, rules: rulings?.horizontal }).filter(
    (t) => !image || strayInk(image, t.bbox, boxes, ruleBoxes(allRules!)) <= MAX_STRAY_INK,
  );
  const tables = [...ruled, ...unruled];
  const figures = image ? findFigures(o.figureInk ?? image, rest.map((i) => boxes[i]!), [...tables.map((t) => t.bbox), ...ruleBoxes(allRules!)]) : [];
  const inTable = new Set(tables.flatMap((t) => t.lines));
  // A line inside figures (they can overlap) belongs to the first of them.
  const figureOf = (i: number) => figures.findIndex((f) => centerInside(boxes[i]!, f));
  // Columns are found on the lines' text, not on boxes a detector grew (unclip): grown by most of a text height
  // on each side, the lines of two columns a narrow gutter apart overlap across it.
  const orderBox = (i: number) => (o.unclipRatio ? coreBox(boxes[i]!, o.unclipRatio) : boxes[i]!);
  const units: Unit[] = [
    ...tables.map((t, ref): Unit => ({ box: t.bbox, lines: t.lines, kind: 'table', ref })),
    ...figures.map((f, k): Unit => ({ box: f, lines: rest.filter((i) => !inTable.has(i) && figureOf(i) === k), kind: 'figure' })),
    ...lineUnits(rest.filter((i) => !inTable.has(i) && figureOf(i) < 0), orderBox, lines, body, entries.filter((e) => e.lines.every((i) => figureOf(i) < 0))),
  ];
  const sizeOf = textSize(lines, rest, o.unclipRatio);
  const bodySize = bodySizeOf(rest, sizeOf, lines);
  const bullets = new Set([...drawn].filter((i) => !inTable.has(i) && !marks.has(i)));
  const statedSizes = statesSizes(lines, rest);
  // With stated sizes, how wide a line's glyphs run for their size, against the body's: capitals and bold set
  // at the body's size run wider.
  const spread = (i: number) => {
    const t = lines[i]!.text?.trim();
    const w = o.unclipRatio ? coreSize(boxes[i]!, o.unclipRatio).w : width(boxes[i]!);
    return t && t.length >= 4 && lines[i]!.size ? w / t.length / lines[i]!.size! : undefined;
  };
  const bodySpread = median(rest.map(spread).filter((v): v is number => v !== undefined)) || 1;
  const glyphWidth = (i: number) => (spread(i) ?? bodySpread) / bodySpread;
  const entryEnds = new Set(entries.map((e) => e.lines[e.lines.length - 1]!));
  const ctx = { lines, body, sizeOf, bodySize, statedSizes, glyphWidth, page, tables: tables.map((t) => t.grid), bullets, entryEnds };
  const orderBody = o.unclipRatio ? bodyHeight(rest.map(orderBox)) : body;
  // A gutter between the cores is the ink's own gap: in a newspaper's tight columns about one text height (an 1881
  // page: 11 px beside cores 12 px tall), less than half the grown boxes' height.
  const minGap = o.unclipRatio ? Math.min(o.columnGap * body, CORE_COLUMN_GAP * orderBody) : o.columnGap * body;
  const blocks = readingOrder(units, orderBody, minGap).flatMap((run) => columnBlocks(run, ctx));
  const band = (ids: number[], type: 'header' | 'footer'): Block[] =>
    ids.length ? [{ type, bbox: union(ids.map((i) => boxes[i]!)), lines: [...ids].sort((a, b) => boxes[a]![1] - boxes[b]![1] || boxes[a]![0] - boxes[b]![0]) }] : [];
  return [...band(headerIds, 'header'), ...blocks, ...band(footerIds, 'footer')];
}

/** Body text line height: the median of line heights, ignoring the tallest quarter (titles). */
export function bodyHeight(boxes: BBox[]): number {
  const hs = boxes.map(height).sort((a, b) => a - b);
  return median(hs.slice(0, Math.max(1, Math.ceil(hs.length * 0.75)))) || 1;
}

/** A line counts for at most this many characters: one "line" of thousands (a formula run wild) is not the body. */
const LINE_CHARS = 100;

/**
 * The body text's size: the median size of the page's characters (a line of unknown text counts as one, a line
 * of many as LINE_CHARS). Counted by lines, a figure's many short labels set small made the body small, and the
 * body's own lines read as headings; a heading's few characters barely count.
 */
function bodySizeOf(ids: readonly number[], sizeOf: (i: number) => number, lines: readonly TextLine[]): number {
  const chars = (i: number) => Math.min(LINE_CHARS, Math.max(1, lines[i]!.text?.trim().length ?? 1));
  const sized = ids.map((i) => ({ s: sizeOf(i), n: chars(i) })).sort((a, b) => a.s - b.s);
  const half = sized.reduce((t, x) => t + x.n, 0) / 2;
  let seen = 0;
  for (const x of sized) if ((seen += x.n) >= half) return x.s || 1;
  return 1;
}

const isBox = (b: BBox) => b.every(Number.isFinite) && b[2] > b[0] && b[3] > b[1];

/**
 * Whether the lines' sizes are the text's own: lines that state a size (a PDF's font size) hold at least half of the
 * characters. Counted in characters, not lines: a chart's tick labels, recognized, are many lines of little text.
 */
function statesSizes(lines: TextLine[], ids: number[]): boolean {
  const chars = (i: number) => Math.max(1, (lines[i]!.text ?? '').trim().length);
  const sized = ids.filter((i) => lines[i]!.size);
  return sized.length > 0 && sized.reduce((n, i) => n + chars(i), 0) >= 0.5 * ids.reduce((n, i) => n + chars(i), 0);
}

/**
 * Text size of each line: the size a line states (a PDF's font size). Otherwise, with recognized text, the mean advance per character (core width / length)
 * measures the font far better than box height: detector boxes of a 15 pt heading and 11 pt body can
 * come out equally tall. Without text (or for very short texts), the core height.
 */
function textSize(lines: TextLine[], ids: number[], unclipRatio?: number): (i: number) => number {
  // Where most of the text says its size (a PDF's font sizes), that is the size; the others take the usual one.
  if (statesSizes(lines, ids)) {
    const usual = median(ids.filter((i) => lines[i]!.size).map((i) => lines[i]!.size!));
    return (i) => lines[i]!.size ?? usual;
  }
  const core = (i: number) => (unclipRatio ? coreSize(lines[i]!.bbox, unclipRatio) : { w: width(lines[i]!.bbox), h: height(lines[i]!.bbox) });
  const advance = (i: number) => {
    const t = lines[i]!.text?.trim();
    return t && t.length >= 4 ? core(i).w / t.length : undefined;
  };
  const withText = ids.filter((i) => advance(i) !== undefined);
  if (withText.length < 0.5 * ids.length || withText.length === 0) return (i) => core(i).h;
  const typical = median(withText.map((i) => advance(i)!));
  return (i) => advance(i) ?? typical;
}

/** Rules as thin boxes, so figure finding ignores them. */
function ruleBoxes(r: Rulings): BBox[] {
  return [
    ...r.horizontal.map((h): BBox => [h.from, h.at - h.thickness, h.to, h.at + h.thickness]),
    ...r.vertical.map((v): BBox => [v.at - v.thickness, v.from, v.at + v.thickness, v.to]),
  ];
}
