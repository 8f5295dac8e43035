// Which of a PDF page's text is really drawn where it says, from pdf.js's operator list: text in an invisible
// render mode (3, 7) paints nothing, and text that a later opaque fill or image paints over is not on the page
// either (a black box over a line, a picture laid over it). A text layer must not say what the page does not show.
//
//   drawnGlyphs(operatorList, codes) → DrawnGlyphs   (every glyph's box in PDF page space, and whether it shows)
//   visibleItems(items, drawn)       → the text items without their hidden characters (an item partly covered
//                                      is cut around the cover)
//
// The geometry is approximate (glyph widths from the font, boxes from the font size), which is enough to tell
// a line under a box from a line beside it. Clipping narrows covers only by the clip path's bounds.
import type { PdfTextItem } from './text-items';
import { compose, IDENTITY, type Matrix } from './pdf-matrix';

/** The operation codes this reads (pdf.js's `OPS`). */
export interface PdfDrawOpCodes {
  save: number;
  restore: number;
  transform: number;
  beginText: number;
  setFont: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setLeading: number;
  setTextRise: number;
  setTextRenderingMode: number;
  moveText: number;
  setLeadingMoveText: number;
  setTextMatrix: number;
  nextLine: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
  setGState: number;
  clip: number;
  eoClip: number;
  constructPath: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  paintImageXObject: number;
  paintInlineImageXObject: number;
  paintImageXObjectRepeat: number;
  /** Transparency groups (optional: a caller without them treats every group as opaque). */
  beginGroup?: number;
  endGroup?: number;
}

type Box = [number, number, number, number];

/** m1 then m2 (PDF order: a point is transformed by m1 first). */
const times = (m1: Matrix, m2: Matrix): Matrix => compose(m2, m1);

function boxOf(m: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const xs = [m[0] * x0 + m[2] * y0, m[0] * x1 + m[2] * y0, m[0] * x0 + m[2] * y1, m[0] * x1 + m[2] * y1];
  const ys = [m[1] * x0 + m[3] * y0, m[1] * x1 + m[3] * y0, m[1] * x0 + m[3] * y1, m[1] * x1 + m[3] * y1];
  return [Math.min(...xs) + m[4], Math.min(...ys) + m[5], Math.max(...xs) + m[4], Math.max(...ys) + m[5]];
}

const intersect = (a: Box, b: Box): Box => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
const EVERYWHERE: Box = [-Infinity, -Infinity, Infinity, Infinity];

/** Render modes that paint nothing: 3 (invisible) and 7 (invisible, added to the clip). */
const INVISIBLE_MODES = new Set([3, 7]);

interface State {
  ctm: Matrix;
  clip: Box;
  /** The clip is a shape that does not fill its bounds (a cut-out picture that text wraps around). */
  shapedClip: boolean;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  mode: number;
  /** Fills paint opaquely: alpha 1 and the normal blend mode. */
  opaque: boolean;
  alpha: number;
  blend: string;
}

/** Glyph boxes in PDF page space (x0, y0, x1, y1 each), and for each whether it is hidden. */
export interface DrawnGlyphs {
  boxes: Float64Array;
  hidden: Uint8Array;
  count: number;
  /** Whether any glyph is hidden (most pages: none, and visibleItems has nothing to do). */
  anyHidden: boolean;
}

/** A uniform grid over boxes, to find the boxes holding a point without looking at all of them. */
class BoxGrid {
  private readonly cells = new Map<number, number[]>();
  /** Boxes spanning very many cells (a page-sized fill), checked for every point. */
  private readonly wide: number[] = [];
  private readonly size: number;
  constructor(private readonly boxes: ArrayLike<number>, ids: number[], size = 24) {
    this.size = size;
    for (const i of ids) {
      const [c0, r0, c1, r1] = [boxes[4 * i]!, boxes[4 * i + 1]!, boxes[4 * i + 2]!, boxes[4 * i + 3]!].map((v) => Math.floor(v / size));
      if ((c1! - c0! + 1) * (r1! - r0! + 1) > 4096) {
        this.wide.push(i);
        continue;
      }
      for (let r = r0!; r <= r1!; r++) for (let c = c0!; c <= c1!; c++) this.add(r * 100_003 + c, i);
    }
  }
  private add(key: number, i: number) {
    const list = this.cells.get(key);
    if (list) list.push(i);
    else this.cells.set(key, [i]);
  }
  /** Ids of boxes holding (x, y). */
  at(x: number, y: number): number[] {
    const key = Math.floor(y / this.size) * 100_003 + Math.floor(x / this.size);
    const b = this.boxes;
    const hold = (i: number) => b[4 * i]! <= x && x <= b[4 * i + 2]! && b[4 * i + 1]! <= y && y <= b[4 * i + 3]!;
    return [...(this.cells.get(key) ?? []), ...this.wide].filter(hold);
  }
}

/** Reads the operator list: each glyph's box and draw order, and the opaque fills and images painted after it. */
export function drawnGlyphs(list: { fnArray: readonly number[]; argsArray: readonly unknown[] }, codes: PdfDrawOpCodes): DrawnGlyphs {
  const fills = new Set([codes.fill, codes.eoFill, codes.fillStroke, codes.eoFillStroke, codes.closeFillStroke, codes.closeEOFillStroke]);
  const images = new Set([codes.paintImageXObject, codes.paintInlineImageXObject, codes.paintImageXObjectRepeat]);
  let boxes = new Float64Array(4096);
  let order = new Uint32Array(1024);
  let hidden = new Uint8Array(1024);
  let count = 0;
  const covers: { box: Box; order: number }[] = [];
  const stack: State[] = [];
  let s: State = { ctm: IDENTITY, clip: EVERYWHERE, shapedClip: false, fontSize: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0, mode: 0, opaque: true, alpha: 1, blend: 'normal' };
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let pendingClip = false;
  // What a group with a soft mask paints shows only where its mask lets it (a glow beside a title): no cover.
  const groups: boolean[] = [];
  let masked = 0;
  const moveLine = (tx: number, ty: number) => {
    tlm = times([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const addGlyph = (box: Box, isHidden: boolean, at: number) => {
    if (count === hidden.length) {
      const grow = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, n: number): T => {
        const b = new (a.constructor as new (n: number) => T)(n);
        b.set(a);
        return b;
      };
      boxes = grow(boxes, boxes.length * 2);
      order = grow(order, order.length * 2);
      hidden = grow(hidden, hidden.length * 2);
    }
    boxes.set(box, 4 * count);
    order[count] = at;
    hidden[count] = isHidden ? 1 : 0;
    count++;
  };
  const show = (glyphs: readonly unknown[], at: number) => {
    const size = s.fontSize;
    const invisible = INVISIBLE_MODES.has(s.mode);
    for (const g of glyphs) {
      if (typeof g === 'number') {
        tm = times([1, 0, 0, 1, (-g / 1000) * size * s.hScale, 0], tm);
        continue;
      }
      const glyph = g as { width?: number; isSpace?: boolean; unicode?: string } | null;
      if (!glyph) continue;
      const w = ((glyph.width ?? 0) / 1000) * size;
      const advance = (w + s.charSpacing + (glyph.isSpace ? s.wordSpacing : 0)) * s.hScale;
      if (!glyph.isSpace && glyph.unicode?.trim()) {
        const box = boxOf(times(tm, s.ctm), 0, s.rise - 0.25 * Math.abs(size), w * s.hScale, s.rise + 0.85 * Math.abs(size));
        addGlyph(box, invisible, at);
      }
      tm = times([1, 0, 0, 1, advance, 0], tm);
    }
  };
  const fn = list.fnArray;
  for (let i = 0; i < fn.length; i++) {
    const op = fn[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (op === codes.save) stack.push({ ...s });
    else if (op === codes.restore) s = stack.pop() ?? s;
    else if (op === codes.transform) s.ctm = times(args as Matrix, s.ctm);
    else if (op === codes.paintFormXObjectBegin) {
      stack.push({ ...s });
      const m = args?.[0] as Matrix | null;
      if (m) s.ctm = times(Array.from(m) as Matrix, s.ctm);
      const bbox = args?.[1] as Box | null;
      if (bbox) s.clip = intersect(s.clip, boxOf(s.ctm, bbox[0], bbox[1], bbox[2], bbox[3]));
    } else if (op === codes.paintFormXObjectEnd) s = stack.pop() ?? s;
    else if (op === codes.beginText) tm = tlm = IDENTITY;
    else if (op === codes.setFont) s.fontSize = Number(args?.[1]) || 0;
    else if (op === codes.setCharSpacing) s.charSpacing = Number(args?.[0]) || 0;
    else if (op === codes.setWordSpacing) s.wordSpacing = Number(args?.[0]) || 0;
    else if (op === codes.setHScale) s.hScale = (Number(args?.[0]) || 100) / 100;
    else if (op === codes.setLeading) s.leading = Number(args?.[0]) || 0;
    else if (op === codes.setTextRise) s.rise = Number(args?.[0]) || 0;
    else if (op === codes.setTextRenderingMode) s.mode = Number(args?.[0]) || 0;
    else if (op === codes.moveText) moveLine(Number(args?.[0]) || 0, Number(args?.[1]) || 0);
    else if (op === codes.setLeadingMoveText) {
      s.leading = -(Number(args?.[1]) || 0);
      moveLine(Number(args?.[0]) || 0, Number(args?.[1]) || 0);
    } else if (op === codes.setTextMatrix) {
      const m = (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0]) ? Array.from(args![0] as number[]) : args) as Matrix;
      tm = tlm = [m[0], m[1], m[2], m[3], m[4], m[5]];
    } else if (op === codes.nextLine) moveLine(0, -s.leading);
    else if (op === codes.showText || op === codes.showSpacedText) show((args?.[0] as unknown[]) ?? [], i);
    else if (op === codes.nextLineShowText) {
      moveLine(0, -s.leading);
      show((args?.[0] as unknown[]) ?? [], i);
    } else if (op === codes.nextLineSetSpacingShowText) {
      s.wordSpacing = Number(args?.[0]) || 0;
      s.charSpacing = Number(args?.[1]) || 0;
      moveLine(0, -s.leading);
      show((args?.[2] as unknown[]) ?? [], i);
    } else if (op === codes.setGState) {
      for (const [key, value] of (args?.[0] as [string, unknown][]) ?? []) {
        if (key === 'ca') s.alpha = Number(value);
        else if (key === 'BM') s.blend = String(value).toLowerCase();
        else if (key === 'SMask' && value) s.alpha = 0;
      }
      s.opaque = s.alpha >= 1 && (s.blend === 'normal' || s.blend === 'compatible' || s.blend === 'source-over');
    } else if (op === codes.beginGroup) {
      const soft = Boolean((args?.[0] as { smask?: unknown } | undefined)?.smask);
      groups.push(soft);
      if (soft) masked++;
    } else if (op === codes.endGroup) {
      if (groups.pop()) masked--;
    } else if (op === codes.clip || op === codes.eoClip) pendingClip = true;
    else if (op === codes.constructPath) {
      const paint = args?.[0] as number;
      const mm = args?.[2] as ArrayLike<number> | null;
      if (!mm || mm.length < 4) {
        pendingClip = false;
        continue;
      }
      const box = boxOf(s.ctm, mm[0]!, mm[1]!, mm[2]!, mm[3]!);
      if (pendingClip) {
        s.clip = intersect(s.clip, box);
        if (!fillsItsBox(args?.[1], mm)) s.shapedClip = true;
      }
      pendingClip = false;
      // A fill covers its box only where the shape fills it: a rectangle does, a thin curved stroke-like shape
      // (a decorative swash whose bounds reach over a column) does not; nor does anything painted through a shaped
      // clip (a cut-out picture the text wraps around), whose bounds are all this knows of it.
      if (fills.has(paint) && s.opaque && !masked && !s.shapedClip && fillsItsBox(args?.[1], mm)) covers.push({ box: intersect(box, s.clip), order: i });
    } else if (images.has(op) && s.opaque && !masked && !s.shapedClip) covers.push({ box: intersect(boxOf(s.ctm, 0, 0, 1, 1), s.clip), order: i });
  }
  // Glyphs under a later cover: the middle of the glyph lies inside it.
  const laterCovers = covers.filter((c) => c.box[2] > c.box[0] && c.box[3] > c.box[1] && count > 0 && c.order > order[0]!);
  if (laterCovers.length) {
    const flat = new Float64Array(laterCovers.length * 4);
    laterCovers.forEach((c, k) => flat.set(c.box, 4 * k));
    const grid = new BoxGrid(flat, laterCovers.map((_, k) => k), gridSize(boxes, count));
    for (let g = 0; g < count; g++) {
      if (hidden[g]) continue;
      const x = (boxes[4 * g]! + boxes[4 * g + 2]!) / 2;
      const y = (boxes[4 * g + 1]! + boxes[4 * g + 3]!) / 2;
      if (grid.at(x, y).some((k) => laterCovers[k]!.order > order[g]!)) hidden[g] = 1;
    }
  }
  return { boxes: boxes.subarray(0, 4 * count), hidden: hidden.subarray(0, count), count, anyHidden: hidden.subarray(0, count).includes(1) };
}

/** pdf.js's path drawing codes (DrawOPS) and how many numbers follow each. */
const PATH_ARGS: Record<number, number> = { 0: 2, 1: 2, 2: 6, 3: 4, 4: 0 };

/**
 * Whether a filled path covers most of its bounds (`mm`: minX, minY, maxX, maxY, in the path's own space): the
 * area enclosed by its on-curve points, subpath by subpath, is at least 80 % of the bounds' area. A path pdf.js
 * gives in a form this does not read is taken to fill its bounds, as before.
 */
export function fillsItsBox(pathArg: unknown, mm: ArrayLike<number>): boolean {
  const data = Array.isArray(pathArg) ? pathArg[0] : pathArg;
  if (!data || typeof data !== 'object' || typeof (data as ArrayLike<number>).length !== 'number') return true;
  const d = data as ArrayLike<number>;
  const boundsArea = (mm[2]! - mm[0]!) * (mm[3]! - mm[1]!);
  if (!(boundsArea > 0)) return false;
  let area = 0;
  let points: number[] = [];
  const close = () => {
    let a = 0;
    for (let k = 0; k + 1 < points.length / 2; k++) a += points[2 * k]! * points[2 * k + 3]! - points[2 * k + 2]! * points[2 * k + 1]!;
    if (points.length >= 6) a += points[points.length - 2]! * points[1]! - points[0]! * points[points.length - 1]!;
    area += Math.abs(a) / 2;
    points = [];
  };
  for (let k = 0; k < d.length; ) {
    const op = d[k]!;
    const n = PATH_ARGS[op];
    if (n === undefined) return true;
    if (op === 0 || op === 4) close();
    if (op !== 4) points.push(d[k + n - 1]!, d[k + n]!);
    k += n + 1;
  }
  close();
  return area >= 0.8 * boundsArea;
}

/** A grid cell about two glyph heights tall. */
function gridSize(boxes: Float64Array, count: number): number {
  let h = 0;
  for (let g = 0; g < Math.min(count, 200); g++) h += boxes[4 * g + 3]! - boxes[4 * g + 1]!;
  return Math.max(4, (2 * h) / Math.max(1, Math.min(count, 200)));
}

/**
 * Text items without the characters the page does not show: a character is hidden when its middle lies in a
 * hidden glyph's box and in no shown glyph's box (the same text drawn twice, once visibly, is shown). An item
 * with hidden characters in the middle is cut into the pieces around them.
 */
export function visibleItems(items: readonly PdfTextItem[], drawn: DrawnGlyphs): PdfTextItem[] {
  if (!drawn.anyHidden) return [...items];
  const ids = Array.from({ length: drawn.count }, (_, i) => i);
  const size = gridSize(drawn.boxes, drawn.count);
  const hiddenGrid = new BoxGrid(drawn.boxes, ids.filter((i) => drawn.hidden[i]), size);
  const shownGrid = new BoxGrid(drawn.boxes, ids.filter((i) => !drawn.hidden[i]), size);
  const out: PdfTextItem[] = [];
  for (const it of items) {
    const text = it.str;
    if (!text.trim()) {
      out.push(it);
      continue;
    }
    const [a, b, c, d, e, f] = it.transform as Matrix;
    const size = Math.hypot(a, b) || it.height || 1;
    const ux = a / size;
    const uy = b / size;
    const up = Math.hypot(c, d) || size;
    // The middle of character k, along the item's baseline (character counts estimate where it is).
    const mid = (k: number): [number, number] => {
      const along = ((k + 0.5) / text.length) * it.width;
      return [e + ux * along + (c / up) * 0.3 * size, f + uy * along + (d / up) * 0.3 * size];
    };
    // Each character: shown, hidden, or unknown where its estimated middle falls between glyph boxes (a space,
    // or a narrow letter whose place the estimate missed); an unknown one goes with its nearest known neighbour.
    const state = [...text].map((ch, k): boolean | undefined => {
      if (!ch.trim()) return undefined;
      const [x, y] = mid(k);
      if (shownGrid.at(x, y).length) return false;
      return hiddenGrid.at(x, y).length ? true : undefined;
    });
    const hiddenAt = state.map((v, k) => {
      if (v !== undefined) return v;
      for (let d = 1; d < state.length; d++) {
        const near = state[k - d] ?? state[k + d];
        if (near !== undefined) return near;
      }
      return false;
    });
    if (!hiddenAt.includes(true)) {
      out.push(it);
      continue;
    }
    // The runs of shown characters, each an item of its own placed where it starts.
    const chars = [...text];
    let k = 0;
    while (k < chars.length) {
      if (hiddenAt[k]) {
        k++;
        continue;
      }
      let end = k;
      while (end < chars.length && !hiddenAt[end]) end++;
      const piece = chars.slice(k, end).join('');
      if (piece.trim()) {
        const start = (k / chars.length) * it.width;
        const transform = [a, b, c, d, e + ux * start, f + uy * start];
        out.push({ str: piece, transform, width: ((end - k) / chars.length) * it.width, height: it.height, hasEOL: end === chars.length && it.hasEOL, ...(it.bold && { bold: true }) });
      }
      k = end;
    }
  }
  return out;
}
