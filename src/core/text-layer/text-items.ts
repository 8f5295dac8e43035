// pdf.js text items → text-layer lines in page-image pixels (the render worker and the CLI both call this).
//
//   textItemsToLines(items, viewportTransform) → LayerLine[]
import type { TextLine } from '../layout/types';

/**
 * A text-layer line. `direction`: the way its text runs on the page image, radians (0: level, left to
 * right). Not the layout's `angle`, which the layout deskews by: a PDF's text is placed where it is drawn.
 */
export interface LayerLine extends TextLine {
  direction?: number;
}

/** The fields of a pdf.js TextItem this needs (getTextContent().items that have `str`). */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  /** Set in a bold face (its font's name says so: page-text.ts). */
  bold?: boolean;
  fontName?: string;
}

/** A run ending in a figure ("26.35 (3.2)", "91.5%", "0.82") and one starting with one ("21.70", "(4.1)", "−0.3"). */
const FIGURE_END = /\d[%)]*\s*$/;
const FIGURE_START = /^\s*[-−–+]?[$€£¥(]?\d/;

/**
 * Items on the same baseline and close together join one line; a gap wider than the text height starts a
 * new box, as the detector would. `vt` is the page viewport's transform (PDF points → page-image pixels).
 */
export function textItemsToLines(items: readonly PdfTextItem[], vt: readonly number[]): LayerLine[] {
  const apply = (x: number, y: number): [number, number] => [vt[0]! * x + vt[2]! * y + vt[4]!, vt[1]! * x + vt[3]! * y + vt[5]!];
  const boxes: LayerLine[] = [];
  // A line's size: the font size (in page pixels) most of its characters are set in.
  // It is bold when most of its characters are.
  let cur: { bbox: [number, number, number, number]; text: string; base: number; direction: number; sizes: Map<number, number>; bold: number; chars: number } | undefined;
  const scale = Math.hypot(vt[0]!, vt[1]!);
  const push = (c: NonNullable<typeof cur>) => {
    const size = [...c.sizes].sort((p, q) => q[1] - p[1])[0]![0];
    boxes.push({ bbox: c.bbox, text: c.text.trim(), direction: c.direction, size: Math.round(size * scale * 100) / 100, ...(c.bold > 0.5 * c.chars && { bold: true }) });
  };
  const sizeOf = runSizes(items);
  for (const it of items) {
    if (!it.str.trim()) {
      if (cur && it.str) cur.text += ' ';
      continue;
    }
    const [a, b, , , e, f] = it.transform as [number, number, number, number, number, number];
    const size = sizeOf(it);
    // Level and slightly skewed runs are boxed from their origin along the page's x (a skewed page's lines stay a
    // line high); a run set sideways (arXiv's stamp up the margin) is boxed where it stands, by its transform.
    const sideways = Math.abs(b) > Math.abs(a);
    const along = sideways ? [a / Math.hypot(a, b), b / Math.hypot(a, b)] : [1, 0];
    const up = [-along[1]!, along[0]!];
    const corner = (s: number, t: number) => apply(e + s * along[0]! + t * size * up[0]!, f + s * along[1]! + t * size * up[1]!);
    const corners = [corner(0, -0.25), corner(it.width, -0.25), corner(0, 0.85), corner(it.width, 0.85)];
    const p0: [number, number] = [Math.min(...corners.map((q) => q[0])), Math.min(...corners.map((q) => q[1]))];
    const p1: [number, number] = [Math.max(...corners.map((q) => q[0])), Math.max(...corners.map((q) => q[1]))];
    const box: [number, number, number, number] = [p0[0], p0[1], p1[0], p1[1]];
    const h = box[3] - box[1];
    const base = Math.max(p0[1], p1[1]);
    // The direction the text runs in, on the page image: 0 for level text read left to right.
    const direction = Math.atan2(vt[1]! * a + vt[3]! * b, vt[0]! * a + vt[2]! * b);
    // Measured against the taller of the two, so a smaller raised or lowered run right after the text (the
    // "−1" of "U mg−1", a footnote mark) stays on its line.
    const tall = Math.max(h, cur ? cur.bbox[3] - cur.bbox[1] : 0);
    // Two figures set apart by more than two word spaces are two cells of a table (TeX's column gap is 12 pt, an
    // em at 12 pt), not one run of text.
    const reach = cur && FIGURE_END.test(cur.text) && FIGURE_START.test(it.str) ? 0.6 * h : 1.0 * h;
    // Runs join along a level baseline; sideways runs stay apart (each is boxed where it stands).
    const level = cur !== undefined && Math.abs(Math.sin(direction)) < Math.SQRT1_2 && Math.abs(Math.sin(cur.direction)) < Math.SQRT1_2;
    if (cur && level && Math.abs(base - cur.base) < 0.5 * tall && box[0] - cur.bbox[2] < reach && box[0] > cur.bbox[0]) {
      const gap = box[0] - cur.bbox[2];
      if (!cur.text.endsWith(' ') && gap > 0.15 * h) cur.text += ' ';
      cur.text += it.str;
      cur.sizes.set(size, (cur.sizes.get(size) ?? 0) + it.str.length);
      cur.chars += printed(it.str);
      if (it.bold) cur.bold += printed(it.str);
      cur.bbox = [cur.bbox[0], Math.min(cur.bbox[1], box[1]), Math.max(cur.bbox[2], box[2]), Math.max(cur.bbox[3], box[3])];
    } else {
      if (cur) push(cur);
      cur = { bbox: box, text: it.str, base, direction, sizes: new Map([[size, it.str.length]]), chars: printed(it.str), bold: it.bold ? printed(it.str) : 0 };
    }
  }
  if (cur) push(cur);
  return boxes.filter((l) => l.text);
}

/** Characters a string prints (its whitespace left out). */
const printed = (s: string) => s.replace(/\s/g, '').length;

/** Shortest run whose width tells its size, and the share of it that must be lower-case letters. */
const MEASURED_RUN = 8;
const LOWER_SHARE = 0.6;

/**
 * The size each run is set in. pdf.js starts a run with the transform of its first glyph, and keeps a subscript or
 * superscript in one run with the text after it when the font does not change: "1 satisfies the similarity …" after
 * an italic c is a run at the subscript's size and depth. Such a run is as wide as the font's other runs of its
 * length at the line's size, not at the subscript's: it takes that size, where the font is set in it elsewhere on the
 * page (within 12 %) and the run is mostly lower-case letters (capitals and figures run wider for their size).
 */
function runSizes(items: readonly PdfTextItem[]): (it: PdfTextItem) => number {
  const own = (it: PdfTextItem) => Math.hypot(it.transform[0]!, it.transform[1]!) || it.height;
  const measured = (it: PdfTextItem) => printed(it.str) >= MEASURED_RUN && (it.str.match(/\p{Ll}/gu) ?? []).length >= LOWER_SHARE * printed(it.str);
  // Per font: width per letter at size 1 (median over its measured runs), and the sizes it is set in.
  const fonts = new Map<string, { widths: number[]; sizes: Set<number> }>();
  for (const it of items) {
    if (!it.fontName || !it.str.trim()) continue;
    const f = fonts.get(it.fontName) ?? { widths: [], sizes: new Set<number>() };
    fonts.set(it.fontName, f);
    f.sizes.add(own(it));
    if (measured(it)) f.widths.push(it.width / printed(it.str) / own(it));
  }
  const perLetter = new Map([...fonts].filter(([, f]) => f.widths.length >= 3).map(([name, f]) => [name, [...f.widths].sort((p, q) => p - q)[f.widths.length >> 1]!]));
  return (it) => {
    const size = own(it);
    const unit = it.fontName ? perLetter.get(it.fontName) : undefined;
    if (unit === undefined || !measured(it)) return size;
    const wide = it.width / printed(it.str) / unit;
    if (wide < 1.2 * size) return size;
    const known = [...fonts.get(it.fontName!)!.sizes].filter((s) => Math.abs(s - wide) < 0.12 * s);
    return known.length ? known.reduce((p, q) => (Math.abs(q - wide) < Math.abs(p - wide) ? q : p)) : size;
  };
}

/**
 * The lines without repeats: a line the page draws again over itself (the same text in nearly the same box, as
 * form programs draw their field labels twice) is read once. A line drawn twice a little apart (fake bold) shows
 * once too, so the box need only mostly overlap.
 */
export function withoutRepeats(lines: readonly LayerLine[]): LayerLine[] {
  const seen = new Map<string, LayerLine[]>();
  return lines.filter((l) => {
    const same = seen.get(l.text ?? '');
    if (!same) seen.set(l.text ?? '', [l]);
    else if (same.some((s) => overlapShare(s.bbox, l.bbox) >= 0.8)) return false;
    else same.push(l);
    return true;
  });
}

/** The shared area of two boxes over the larger one's area. */
function overlapShare(a: readonly number[], b: readonly number[]): number {
  const w = Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!);
  const h = Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!);
  if (w <= 0 || h <= 0) return 0;
  const area = (r: readonly number[]) => (r[2]! - r[0]!) * (r[3]! - r[1]!);
  return (w * h) / Math.max(area(a), area(b));
}
