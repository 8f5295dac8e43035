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
  /** Mean probability over the component's pixels. */
  score: number;
  /** Slope of the line's long axis in radians (positive: falls to the right, in image coordinates). */
  angle: number;
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
  /** Sum of probabilities and pixel-coordinate moments, for the score and the orientation. */
  sum: number;
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
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
    const c: Component = { x0: w, y0: h, x1: -1, y1: -1, pixels: 0, sum: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 };
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % w;
      const y = (p - x) / w;
      c.pixels++;
      c.sum += data[p]!;
      c.sx += x;
      c.sy += y;
      c.sxx += x * x;
      c.syy += y * y;
      c.sxy += x * y;
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

/** Orientation of the component's principal axis (second moments), in radians. */
function principalAngle(c: Component): number {
  const n = c.pixels;
  const mx = c.sx / n;
  const my = c.sy / n;
  const cxx = c.sxx / n - mx * mx;
  const cyy = c.syy / n - my * my;
  const cxy = c.sxy / n - mx * my;
  return 0.5 * Math.atan2(2 * cxy, cxx - cyy);
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
    // The region's own length and thickness (a skewed line's box is taller than the line is thick).
    const angle = principalAngle(c);
    const length = Math.max(w, h) / Math.max(Math.abs(Math.cos(angle)), Math.abs(Math.sin(angle)), 0.5);
    const thickness = c.pixels / length;
    if (Math.min(w, h, thickness) < o.minSide) continue;
    const score = c.sum / c.pixels;
    if (score < o.boxThreshold) continue;
    const d = (c.pixels * o.unclipRatio) / (2 * (length + thickness));
    const x0 = Math.max(0, (c.x0 - d) * o.scaleX);
    const y0 = Math.max(0, (c.y0 - d) * o.scaleY);
    const x1 = Math.min(pageW, (c.x1 + 1 + d) * o.scaleX);
    const y1 = Math.min(pageH, (c.y1 + 1 + d) * o.scaleY);
    if (x1 - x0 < 1 || y1 - y0 < 1) continue;
    lines.push({ bbox: [x0, y0, x1, y1], score, angle });
  }
  return lines.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}
