// DB (differentiable binarization) post-processing for the PP-OCRv4 text detector.
//
//   linesFromProbabilityMap(map, opts) → LineBox[]
//
// The detector outputs a per-pixel text probability map at its input resolution. Text lines are the
// connected components of map > threshold whose mean probability (over the component's box) is at
// least boxThreshold; DB shrinks text regions during training, so each box is grown back ("unclip")
// by d = area × unclipRatio / perimeter on every side, then scaled to page pixels. Boxes are
// axis-aligned: pages are deskewed upstream only mildly, and the layout works on axis-aligned boxes.
import type { BBox } from '../../protocol/page';

export interface ProbabilityMap {
  width: number;
  height: number;
  /** Row-major [height, width], values in 0..1. */
  data: Float32Array;
}

export interface LineBox {
  /** Page-image pixels. */
  bbox: BBox;
  /** Mean probability inside the (un-grown) component box. */
  score: number;
}

export interface DbOptions {
  /** Binarization threshold on the probability map. */
  threshold: number;
  /** Minimum mean probability of a kept box. */
  boxThreshold: number;
  unclipRatio: number;
  /** Components whose shorter side (map pixels, before unclip) is below this are dropped. */
  minSide: number;
  /** Map pixel → page pixel factors (page size / map size). */
  scaleX: number;
  scaleY: number;
  /** Page size, to clamp boxes; defaults to the scaled map size. */
  pageWidth?: number;
  pageHeight?: number;
  /** Cap on the number of components examined (PaddleOCR uses 1000). */
  maxCandidates: number;
}

export const DB_DEFAULTS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.6,
  unclipRatio: 1.5,
  minSide: 3,
  scaleX: 1,
  scaleY: 1,
  maxCandidates: 1000,
};

interface Component {
  x0: number;
  y0: number;
  x1: number; // inclusive
  y1: number; // inclusive
  pixels: number;
}

/** 8-connected components of map > threshold, by an explicit-stack flood fill (no recursion limits). */
export function connectedComponents(map: ProbabilityMap, threshold: number): Component[] {
  const { width: w, height: h, data } = map;
  const label = new Int32Array(w * h); // 0 = unvisited
  const stack = new Int32Array(w * h);
  const out: Component[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== 0 || !(data[start]! > threshold)) continue;
    const id = out.length + 1;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    const c: Component = { x0: w, y0: h, x1: -1, y1: -1, pixels: 0 };
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      c.pixels++;
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y < c.y0) c.y0 = y;
      if (y > c.y1) c.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w || (dx === 0 && dy === 0)) continue;
          const q = ny * w + nx;
          if (label[q] === 0 && data[q]! > threshold) {
            label[q] = id;
            stack[top++] = q;
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}

function meanInBox(map: ProbabilityMap, c: Component): number {
  let sum = 0;
  for (let y = c.y0; y <= c.y1; y++) {
    const row = y * map.width;
    for (let x = c.x0; x <= c.x1; x++) sum += map.data[row + x]!;
  }
  return sum / ((c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1));
}

/** Probability map → text-line boxes in page pixels, top-to-bottom then left-to-right. */
export function linesFromProbabilityMap(map: ProbabilityMap, options: Partial<DbOptions> = {}): LineBox[] {
  const o = { ...DB_DEFAULTS, ...options };
  if (map.data.length !== map.width * map.height) {
    throw new Error(`probability map has ${map.data.length} values for ${map.width}×${map.height}`);
  }
  const pageW = o.pageWidth ?? map.width * o.scaleX;
  const pageH = o.pageHeight ?? map.height * o.scaleY;
  const components = connectedComponents(map, o.threshold)
    .sort((a, b) => b.pixels - a.pixels)
    .slice(0, o.maxCandidates);
  const lines: LineBox[] = [];
  for (const c of components) {
    const w = c.x1 - c.x0 + 1;
    const h = c.y1 - c.y0 + 1;
    if (Math.min(w, h) < o.minSide) continue;
    const score = meanInBox(map, c);
    if (score < o.boxThreshold) continue;
    const d = (w * h * o.unclipRatio) / (2 * (w + h));
    const x0 = Math.max(0, (c.x0 - d) * o.scaleX);
    const y0 = Math.max(0, (c.y0 - d) * o.scaleY);
    const x1 = Math.min(pageW, (c.x1 + 1 + d) * o.scaleX);
    const y1 = Math.min(pageH, (c.y1 + 1 + d) * o.scaleY);
    if (x1 - x0 < 1 || y1 - y0 < 1) continue;
    lines.push({ bbox: [x0, y0, x1, y1], score });
  }
  return lines.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}
