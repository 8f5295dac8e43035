// Small geometry helpers over page boxes.
import type { BBox } from '../../protocol/page';

export const width = (b: BBox) => b[2] - b[0];
export const height = (b: BBox) => b[3] - b[1];
export const centerX = (b: BBox) => (b[0] + b[2]) / 2;
export const centerY = (b: BBox) => (b[1] + b[3]) / 2;
/** Whether the middle of `b` lies strictly inside `box`. */
export const centerInside = (b: BBox, box: BBox) => centerX(b) > box[0] && centerX(b) < box[2] && centerY(b) > box[1] && centerY(b) < box[3];

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Vertical overlap of two boxes relative to the shorter one (0..1). */
export function verticalOverlap(a: BBox, b: BBox): number {
  const o = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return o <= 0 ? 0 : o / Math.min(height(a), height(b));
}

export function horizontalOverlap(a: BBox, b: BBox): number {
  const o = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  return o <= 0 ? 0 : o / Math.min(width(a), width(b));
}

export function union(boxes: BBox[]): BBox {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    x0 = Math.min(x0, b[0]);
    y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]);
    y1 = Math.max(y1, b[3]);
  }
  return [x0, y0, x1, y1];
}

export function iou(a: BBox, b: BBox): number {
  const ix = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const iy = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (ix <= 0 || iy <= 0) return 0;
  const inter = ix * iy;
  return inter / (width(a) * height(a) + width(b) * height(b) - inter);
}

/**
 * Groups line indices into visual rows (lines that overlap vertically by at least half the shorter
 * height), rows top to bottom, lines in a row left to right.
 */
export function groupRows(indices: number[], boxes: BBox[]): number[][] {
  const sorted = [...indices].sort((a, b) => centerY(boxes[a]!) - centerY(boxes[b]!));
  const rows: { ids: number[]; box: BBox }[] = [];
  for (const i of sorted) {
    const b = boxes[i]!;
    const row = rows.length ? rows[rows.length - 1]! : undefined;
    if (row && verticalOverlap(row.box, b) >= 0.5 && row.ids.every((j) => horizontalOverlap(boxes[j]!, b) < 0.5)) {
      row.ids.push(i);
      row.box = union([row.box, b]);
    } else {
      rows.push({ ids: [i], box: b });
    }
  }
  return rows.map((r) => r.ids.sort((a, b) => boxes[a]![0] - boxes[b]![0]));
}

/**
 * The text core of a box that DB post-processing grew by d = r·w·h / (2(w + h)) on every side:
 * solves (8 + 4r)d² − 2(1 + r)(W + H)d + rWH = 0 for the smaller root and removes d from each side.
 */
export function coreSize(b: BBox, ratio: number): { w: number; h: number } {
  const W = width(b);
  const H = height(b);
  const a = 8 + 4 * ratio;
  const bq = -2 * (1 + ratio) * (W + H);
  const disc = bq * bq - 4 * a * ratio * W * H;
  const d = disc < 0 ? 0 : (-bq - Math.sqrt(disc)) / (2 * a);
  return { w: Math.max(1, W - 2 * d), h: Math.max(1, H - 2 * d) };
}

/** A tight box grown as DB post-processing grows its own: d = r·w·h / (2(w + h)) on every side (coreSize's inverse). */
export function grownBox(b: BBox, ratio: number): BBox {
  const d = ratio > 0 ? (ratio * width(b) * height(b)) / (2 * (width(b) + height(b))) : 0;
  return [b[0] - d, b[1] - d, b[2] + d, b[3] + d];
}

/** A DB box shrunk back to its un-grown core (coreSize), about the same centre. */
export function coreBox(b: BBox, ratio: number): BBox {
  const { w, h } = coreSize(b, ratio);
  const dx = (width(b) - w) / 2;
  const dy = (height(b) - h) / 2;
  return [b[0] + dx, b[1] + dy, b[2] - dx, b[3] - dy];
}
