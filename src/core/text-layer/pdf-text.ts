// Deciding what of a PDF's own text (its text layer) a page can use instead of recognizing its pixels.
//
//   visibleLines(lines, page)      → the lines whose boxes hold ink (hidden or clipped text is not on the page)
//   layerText(boxes, cores, lines, unclipRatio?) → each detector box's text from the layer lines it holds, or undefined
//                                    where it must be recognized (text in images, glyphs without Unicode);
//                                    a line the detector split is shared out word by word; plus layer
//                                    lines the detector missed
//   isLevel(lines)                 → the layer's text runs level: the page was drawn upright
//   checkLines(lines)              → a few lines to recognize and compare with the layer, to catch fonts whose
//                                    text maps to the wrong characters
//   layerError(layer, recognized)  → character error between the layer's text and the recognizer's
import type { BBox, PageImage } from '../../protocol/page';
import { darkAt } from '../image/ink';
import { centerY, grownBox, height, width } from '../layout/geometry';
import { mostlyLetters } from '../layout/text-cues';
import type { TextLine } from '../layout/types';
import type { LayerLine } from './text-items';
import { editDistance } from '../text/edit-distance';

/** A text-layer line whose box is less than this share ink is not drawn (white, clipped or hidden text). */
const MIN_INK = 0.005;
/** A detector box whose core's width the layer lines it holds span at least this much of is read from the layer. */
const COVERED = 0.5;
/** Lines recognized to check the layer against the page. */
export const CHECK_LINES = 3;

function clamp(b: BBox, page: { width: number; height: number }): BBox | null {
  const box: BBox = [Math.max(0, Math.floor(b[0])), Math.max(0, Math.floor(b[1])), Math.min(page.width, Math.ceil(b[2])), Math.min(page.height, Math.ceil(b[3]))];
  return box[2] - box[0] >= 2 && box[3] - box[1] >= 2 ? box : null;
}

function inkShare(page: PageImage, b: BBox): number {
  const dark = darkAt(page);
  let ink = 0;
  let n = 0;
  for (let y = b[1]; y < b[3]; y += 2) {
    for (let x = b[0]; x < b[2]; x += 2) {
      n++;
      if (dark(x, y)) ink++;
    }
  }
  return n ? ink / n : 0;
}

/** What a layer line says of how its text is set: its size and whether it is bold. */
export const textStyle = (l: Pick<TextLine, 'size' | 'bold'>): Pick<TextLine, 'size' | 'bold'> => ({ ...(l.size && { size: l.size }), ...(l.bold && { bold: true }) });

/** Text-layer lines clamped to the page, without those that put no ink on it. */
export function visibleLines(lines: readonly TextLine[], page: PageImage): TextLine[] {
  const out: TextLine[] = [];
  for (const l of lines) {
    const box = clamp(l.bbox, page);
    if (box && (l.text ?? '').trim() && inkShare(page, box) >= MIN_INK) out.push({ bbox: box, text: l.text!.trim(), ...textStyle(l) });
  }
  return out;
}

/** Text within this of level (radians) runs level; a PDF program sets its lines exactly level. */
const LEVEL = 0.001;

/**
 * Whether the layer's text runs level, left to right, on nearly every line (90 %): then the page was drawn
 * upright, and there is nothing to turn or deskew, whatever a few formula-heavy lines make the detector
 * think (its slope estimate wanders by 0.3–0.7° on pages of 7–12 lines).
 */
export function isLevel(lines: readonly LayerLine[]): boolean {
  const level = lines.filter((l) => l.direction !== undefined && Math.abs(l.direction) < LEVEL).length;
  return lines.length > 0 && level >= 0.9 * lines.length;
}

/** A box holds a layer line whose middle is inside it and this much of whose width is; a line split across boxes is recognized. */
const HELD = 0.85;
/** A layer line with no more than this much of its width in any box (middle inside) is one the detector missed. */
const MISSED = 0.3;

export interface LayerText {
  /** The text of each detector box from the layer lines it holds, or undefined where it must be recognized. */
  texts: (string | undefined)[];
  /** Layer lines the detector missed, grown like the detector's boxes (unclip) so the layout sees one geometry. */
  extra: TextLine[];
  /** Where the layer text a box is filled with starts and ends across the page (undefined where it is not filled). */
  spans: ([number, number] | undefined)[];
  /**
   * How the layer text a box is filled with is set, where the layer says: the size of its longest sized line, and
   * bold where its longest line is.
   */
  styles: Pick<TextLine, 'size' | 'bold'>[];
  /**
   * The layer lines a box holds side by side on one row, where it holds more than one: the layer keeps apart
   * what is a word space or more apart (text-items.ts), so the detector merged them (two columns' lines across a
   * narrow gutter, a table's cells).
   */
  pieces: (TextLine[] | undefined)[];
}

const xOverlap = (a: BBox, b: BBox) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));

/** Length of the union of the intervals' parts inside [lo, hi]. */
function spanInside(intervals: [number, number][], lo: number, hi: number): number {
  let total = 0;
  let end = lo;
  for (const [a, b] of intervals.map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as [number, number]).sort((p, q) => p[0] - q[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/**
 * A layer line whose middle height lies in two or more detector boxes it overlaps, none of which holds it
 * (the detector split the line, or cut it at a table's cell walls), cut between words: each word goes to the box that holds its
 * middle (or the nearest one), and each box's words become one piece within it. A word's place along the
 * line is estimated from character counts, which is close enough to tell which side of a box edge it is on.
 */
function splitAcrossBoxes(l: TextLine, boxes: readonly BBox[]): TextLine[] {
  const m = centerY(l.bbox);
  const over = boxes.filter((b) => m >= b[1] && m <= b[3] && xOverlap(l.bbox, b) > 0);
  const text = l.text ?? '';
  // A line one box holds is left whole, whatever else it touches.
  if (over.length < 2 || !text || over.some((b) => xOverlap(l.bbox, b) >= HELD * width(l.bbox))) return [l];
  const at = (i: number) => l.bbox[0] + (i / text.length) * width(l.bbox);
  // The box holding x, else the nearest (the first of equals).
  const gap = (b: BBox, x: number) => Math.max(b[0] - x, x - b[2], 0);
  const boxOf = (x: number) => over.reduce((best, b, k) => (gap(b, x) < gap(over[best]!, x) ? k : best), 0);
  const pieces: { box: number; words: string[]; a: number; b: number }[] = [];
  for (const w of text.matchAll(/\S+/g)) {
    const [a, b] = [at(w.index!), at(w.index! + w[0].length)];
    const box = boxOf((a + b) / 2);
    const last = pieces.at(-1);
    if (last?.box === box) [last.words, last.b] = [[...last.words, w[0]], b];
    else pieces.push({ box, words: [w[0]], a, b });
  }
  return pieces.map((p) => {
    const b = over[p.box]!;
    // Each piece keeps the line's size and face: a contents line cut from its page number is still body text.
    return { bbox: [Math.max(p.a, b[0]), l.bbox[1], Math.min(p.b, b[2]), l.bbox[3]], text: p.words.join(' '), ...textStyle(l) };
  });
}

/**
 * Fills the detector's boxes from the layer: a box takes the layer lines it holds (read top to bottom, left
 * to right, so a formula's stacked pieces and a line the detector merged come out in order) when they span
 * at least half the width of its un-grown core; any other box is recognized. A layer line over several boxes
 * is first cut between words (splitAcrossBoxes). Layer lines inside no box are
 * added as lines of their own. Boxes are compared by width and middle height, since a layer line's box
 * (from the font size) and the detector's (from the ink) differ in height.
 */
export function layerText(boxes: readonly BBox[], cores: readonly BBox[], layer: readonly TextLine[], unclipRatio = 0): LayerText {
  const lines = layer.flatMap((l) => splitAcrossBoxes(l, boxes));
  const held: number[][] = boxes.map(() => []);
  const extra: TextLine[] = [];
  lines.forEach((l, i) => {
    const w = Math.max(1, width(l.bbox));
    const m = centerY(l.bbox);
    let best = -1;
    let most = 0;
    boxes.forEach((b, j) => {
      const o = m >= b[1] && m <= b[3] ? xOverlap(l.bbox, b) : 0;
      if (o > most) [best, most] = [j, o];
    });
    if (best >= 0 && most >= HELD * w) held[best]!.push(i);
    else if (most <= MISSED * w) extra.push({ bbox: grownBox(l.bbox, unclipRatio), text: l.text, ...textStyle(l) });
  });
  const spans: LayerText['spans'] = boxes.map(() => undefined);
  const styles: LayerText['styles'] = boxes.map(() => ({}));
  const pieces: LayerText['pieces'] = boxes.map(() => undefined);
  const texts = boxes.map((_, j) => {
    const ids = held[j]!;
    const core = cores[j]!;
    if (ids.length === 0) return undefined;
    const span = spanInside(ids.map((i) => [lines[i]!.bbox[0], lines[i]!.bbox[2]]), core[0], core[2]);
    if (span < COVERED * width(core)) return undefined;
    spans[j] = [Math.min(...ids.map((i) => lines[i]!.bbox[0])), Math.max(...ids.map((i) => lines[i]!.bbox[2]))];
    const longest = [...ids].sort((a, b) => (lines[b]!.text ?? '').length - (lines[a]!.text ?? '').length);
    const sized = longest.find((i) => lines[i]!.size);
    styles[j] = textStyle({ size: sized === undefined ? undefined : lines[sized]!.size, bold: lines[longest[0]!]!.bold });
    const h = Math.min(...ids.map((i) => height(lines[i]!.bbox)));
    // Rows: pieces whose middles are within half a (smallest) line height share one.
    const rows: number[][] = [];
    for (const i of [...ids].sort((a, b) => centerY(lines[a]!.bbox) - centerY(lines[b]!.bbox))) {
      const row = rows.at(-1);
      if (row && Math.abs(centerY(lines[i]!.bbox) - centerY(lines[row[0]!]!.bbox)) < 0.5 * h) row.push(i);
      else rows.push([i]);
    }
    const sorted = rows.map((r) => r.sort((a, b) => lines[a]!.bbox[0] - lines[b]!.bbox[0]));
    if (sorted.length === 1 && sorted[0]!.length > 1) pieces[j] = sorted[0]!.map((i) => lines[i]!);
    return sorted.flatMap((r) => r.map((i) => lines[i]!.text)).join(' ');
  });
  return { texts, extra, spans, styles, pieces };
}

/**
 * Math the layer already holds as math: inline LaTeX from the glyphs ($…$) or math operators. The recognizer
 * reads a formula's pieces as text ("Äsin 0" for "∆θ sin θ"), so comparing them says nothing about the font.
 */
const MATH = /[$\u2200-\u22ff\u27c0-\u27ef\u2980-\u2aff]/;

/**
 * Up to `n` lines to check, spread down the page: lines of 8–60 characters, mostly letters and without
 * math (one or two pieces to recognize each, and enough text for the comparison to mean something).
 */
export function checkLines(lines: readonly TextLine[], n = CHECK_LINES): number[] {
  const fit = lines
    .map((l, i) => ({ i, y: l.bbox[1], t: l.text ?? '' }))
    .filter(({ t }) => t.length >= 8 && t.length <= 60 && mostlyLetters(t, 0.6) && !MATH.test(t))
    .sort((a, b) => a.y - b.y);
  if (fit.length <= n) return fit.map((f) => f.i);
  return Array.from({ length: n }, (_, k) => fit[Math.floor(((k + 0.5) * fit.length) / n)]!.i);
}

const normal = (s: string) => [...s.normalize('NFKC').replace(/\s+/g, '')];

/** Letters common in every Latin-script language's prose: a page of text that never uses one has lost it. */
const COMMON_LETTERS = 'etaoinsrlcdump';
/** Fewest lowercase Latin letters of the page's text before a common one missing from all of it says the font lost it. */
const LOST_LETTER_TEXT = 300;

/**
 * Common lowercase letters the page prints and its body text never holds: read at least twice on the lines read
 * from the pixels (`recognized`), and absent from every line of the page's text set at its body's size (the size
 * that holds the most letters) though those have LOST_LETTER_TEXT lowercase Latin letters or more. A font whose
 * "c" maps to nothing ("spee h", "whi h") loses a few per cent of the characters, too few for layerError's bar, but
 * every word with the letter is spoiled; a head in another font may still have it. In 300 letters of prose each of
 * these letters turns up (the rarest, "p", about 1.9 % of letters, is absent from 300 by chance about 3 in 1,000).
 */
export function lostLetters(recognized: readonly string[], pageText: readonly { text: string; size?: number }[]): string[] {
  // Lowercase Latin letters only: a page in another script holds few of them (the recognizer reads Latin into any
  // line), and a page set in capitals none.
  const lower = (t: string) => (t.match(/[a-z]/g) ?? []).length;
  const bySize = new Map<number, string[]>();
  for (const l of pageText) {
    const key = l.size === undefined ? -1 : Math.round(l.size * 2) / 2;
    const group = bySize.get(key);
    if (group) group.push(l.text);
    else bySize.set(key, [l.text]);
  }
  const body = [...bySize.values()].map((ts) => ts.join(' ')).sort((a, b) => lower(b) - lower(a))[0] ?? '';
  if (lower(body) < LOST_LETTER_TEXT) return [];
  const read = recognized.join(' ');
  return [...COMMON_LETTERS].filter((c) => !body.includes(c) && read.split(c).length - 1 >= 2);
}

/** Character error of the recognizer's reading against the layer's text, spaces ignored (0 = the same). */
export function layerError(layer: readonly string[], recognized: readonly string[]): number {
  let errors = 0;
  let chars = 0;
  layer.forEach((t, i) => {
    const a = normal(t);
    errors += editDistance(a, normal(recognized[i] ?? ''));
    chars += a.length;
  });
  return chars ? errors / chars : 0;
}
