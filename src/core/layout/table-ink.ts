// Ink in a table's region that is neither text nor rules: a chart's curves, bars and markers. Axis labels
// and tick values can line up like a table's cells; a table has little ink besides its text and rules.
//
//   strayInk(image, bbox, textBoxes, ruleBoxes) → share of the region's pixels that are such ink
import type { BBox, PageImage } from '../../protocol/page';

const DARK = 160_000; // luminance × 1000 below which a pixel is ink
/** A pixel row this much of the table's width ink or text, and at least FILL_INK of it ink, is a shaded band. */
const FILL_COVER = 0.9;
const FILL_INK = 0.3;

export function strayInk(image: PageImage, bbox: BBox, text: readonly BBox[], rules: readonly BBox[]): number {
  const x0 = Math.max(0, Math.floor(bbox[0]));
  const y0 = Math.max(0, Math.floor(bbox[1]));
  const x1 = Math.min(image.width, Math.ceil(bbox[2]));
  const y1 = Math.min(image.height, Math.ceil(bbox[3]));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return 0;
  const masked = new Uint8Array(w * h);
  for (const b of [...text, ...rules]) {
    const [a0, b0, a1, b1] = [Math.max(x0, Math.floor(b[0]) - 1), Math.max(y0, Math.floor(b[1]) - 1), Math.min(x1, Math.ceil(b[2]) + 1), Math.min(y1, Math.ceil(b[3]) + 1)];
    for (let y = b0; y < b1; y++) masked.fill(1, (y - y0) * w + (a0 - x0), (y - y0) * w + (a1 - x0));
  }
  const p = image.pixels;
  const dark = (x: number, y: number) => {
    const k = (y * image.width + x) * 4;
    return p[k + 3]! >= 128 && 299 * p[k]! + 587 * p[k + 1]! + 114 * p[k + 2]! < DARK;
  };
  let ink = 0;
  let free = 0;
  for (let y = y0; y < y1; y++) {
    // A row of a shaded band across the table (a heading row set white on a dark fill) is the table's own ink.
    let filled = 0;
    let covered = 0;
    for (let x = x0; x < x1; x++) {
      const d = dark(x, y);
      if (d) filled++;
      if (d || masked[(y - y0) * w + (x - x0)]) covered++;
    }
    if (covered >= FILL_COVER * w && filled >= FILL_INK * w) continue;
    for (let x = x0; x < x1; x++) {
      if (masked[(y - y0) * w + (x - x0)]) continue;
      free++;
      if (dark(x, y)) ink++;
    }
  }
  return free > 0 ? ink / (w * h) : 0;
}
