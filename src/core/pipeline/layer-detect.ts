// A page whose own text runs level is detected only where that text does not account for the ink: the
// layer's lines become the detector's boxes (text-layer/layer-boxes.ts), and the detector runs on crops
// around the rest (text-layer/uncovered-ink.ts) — a logo, a picture with text in it, glyphs drawn as paths —
// at the scale it would see the whole page at. Detection is local (a convolution and a threshold), so a crop
// with a margin gives the boxes the page would; a page with its text in images is detected whole, as before.
//
//   detectAroundLayer(engine, image, visible, maxSide) → { detected, area } | undefined
import type { LineBox } from '../detect/db-postprocess';
import { cropImage } from '../image/crop-image';
import { JOIN_GAP, layerBoxes, sameRow } from '../text-layer/layer-boxes';
import { uncoveredInk } from '../text-layer/uncovered-ink';
import type { BBox, PageImage } from '../../protocol/page';
import { height, iou, union, width } from '../layout/geometry';
import type { TextLine } from '../layout/types';
import { detectLines } from './detect-lines';
import type { PageEngine } from './page-engine';

/** Past this share of the page in crops, the whole page is detected: one pass costs less than many crops. */
export const MAX_CROP_AREA = 0.2;
/** Margin about a crop, and its least side, in detector pixels. */
const MARGIN = 16;
const MIN_SIDE = 64;
/** Ink at a line's end at most this many line heights high and wide is a mark of that line (checkbox, bullet). */
const MARK = 1.5;

export interface AroundLayer {
  detected: LineBox[];
  /** Share of the page the detector looked at (0: none of it). */
  area: number;
}

export async function detectAroundLayer(engine: PageEngine, image: PageImage, visible: readonly TextLine[], maxSide: number): Promise<AroundLayer | undefined> {
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  const boxes = layerBoxes(visible, scale, image);
  // Ink at a line's end on its row (a checkbox, a bullet, a glyph drawn as a path) is part of that line, as the
  // detector's box takes it in; the rest is looked at.
  const rest = uncoveredInk(image, visible.map((l) => l.bbox)).filter((r) => !attach(boxes, r));
  const crops = mergeOverlapping(rest.map((r) => cropAbout(r, scale, image)));
  const area = crops.reduce((s, c) => s + (c[2] - c[0]) * (c[3] - c[1]), 0) / (image.width * image.height);
  if (area > MAX_CROP_AREA) return undefined;
  const found: LineBox[] = [];
  for (const c of crops) {
    const lines = await detectLines(engine, cropImage(image, c), Math.max(c[2] - c[0], c[3] - c[1]) * scale);
    for (const l of lines) {
      const bbox: BBox = [l.bbox[0] + c[0], l.bbox[1] + c[1], l.bbox[2] + c[0], l.bbox[3] + c[1]];
      // A crop's edge can take in part of a text line: the layer's box stands for that line.
      if (!boxes.some((b) => iou(b.bbox, bbox) > 0.3 || inside(bbox, b.bbox))) found.push({ ...l, bbox });
    }
  }
  return { detected: [...boxes, ...found], area };
}

/**
 * Grows the line whose row the mark `r` is on and whose end it is near to take it in; false when there is none.
 * A mark is glyph-sized (a shaded cell or a rule about the line is not one).
 */
function attach(lines: LineBox[], r: BBox): boolean {
  const mark = (h: number) => height(r) <= MARK * h && width(r) <= MARK * h;
  const k = lines.findIndex(({ bbox: b }) => mark(height(b)) && sameRow(b, r) && Math.max(r[0] - b[2], b[0] - r[2]) <= JOIN_GAP * Math.min(height(b), height(r)));
  if (k < 0) return false;
  lines[k] = { ...lines[k]!, bbox: union([lines[k]!.bbox, r]) };
  return true;
}

/**
 * A region grown by the margin, to the least side the detector reads well, and on to a whole number of the
 * detector's 32-pixel steps (its input is resized to those: a crop that is not would be seen a little
 * stretched); on the page, whole pixels.
 */
function cropAbout(r: BBox, scale: number, page: PageImage): BBox {
  const grow = (a: number, b: number, limit: number): [number, number] => {
    const side = Math.max(MIN_SIDE, Math.ceil(((b - a) * scale + 2 * MARGIN) / 32) * 32) / scale;
    const extra = (side - (b - a)) / 2;
    return [Math.max(0, Math.floor(a - extra)), Math.min(limit, Math.ceil(b + extra))];
  };
  const [x0, x1] = grow(r[0], r[2], page.width);
  const [y0, y1] = grow(r[1], r[3], page.height);
  return [x0, y0, x1, y1];
}

/** Crops that overlap become one (each ink pixel is read once). */
function mergeOverlapping(crops: BBox[]): BBox[] {
  const out = [...crops];
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const [a, b] = [out[i]!, out[j]!];
        if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]) {
          out[i] = union([a, b]);
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return out;
}

/** Most of `a` inside `b`. */
function inside(a: BBox, b: BBox): boolean {
  const ix = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const iy = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return ix > 0 && iy > 0 && ix * iy >= 0.5 * (a[2] - a[0]) * (a[3] - a[1]);
}
