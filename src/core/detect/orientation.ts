// Page orientation from the detector's boxes, and quarter-turn rotation of a page image.
//
//   isSideways(boxes)           → true when most text lines stand upright (page turned 90° or 270°)
//   rotatePage(image, turns)    → the image turned clockwise by turns × 90°
//   unrotateBox(box, turns, w, h) → a box found on the rotated image, in the original image's pixels
//
// Lines of text are much wider than tall; on a page turned by 90° they are much taller than wide. A
// 180° turn leaves the boxes alike; only the recognizer can tell (its text reads as garbage), so the
// engine may try turns 1 and 3 (or 0 and 2) and keep the reading with the higher confidence.
import type { BBox, PageImage } from '../../protocol/page';

export function isSideways(boxes: BBox[]): boolean {
  const tall = boxes.filter((b) => b[3] - b[1] > 1.5 * (b[2] - b[0])).length;
  const wide = boxes.filter((b) => b[2] - b[0] > 1.5 * (b[3] - b[1])).length;
  return tall >= 5 && tall > 2 * wide;
}

export function rotatePage(image: PageImage, turns: number): PageImage {
  const t = ((turns % 4) + 4) % 4;
  if (t === 0) return image;
  const { width: w, height: h, pixels } = image;
  const [ow, oh] = t === 2 ? [w, h] : [h, w];
  const out = new Uint8ClampedArray(ow * oh * 4);
  // A decoder may hand over pixels at an offset a Uint32Array cannot start at: read from an aligned copy then.
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : pixels.slice();
  const src32 = new Uint32Array(aligned.buffer, aligned.byteOffset, w * h);
  const dst32 = new Uint32Array(out.buffer);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Clockwise: (x, y) → (h-1-y, x) for one turn; (w-1-x, h-1-y) for two; (y, w-1-x) for three.
      const [nx, ny] = t === 1 ? [h - 1 - y, x] : t === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      dst32[ny * ow + nx] = src32[y * w + x]!;
    }
  }
  return { width: ow, height: oh, pixels: out, dpi: image.dpi };
}

/** Maps a box on the image rotated clockwise by `turns` back to the original (width w, height h). */
export function unrotateBox(b: BBox, turns: number, w: number, h: number): BBox {
  const t = ((turns % 4) + 4) % 4;
  const [x0, y0, x1, y1] = b;
  if (t === 1) return [y0, h - x1, y1, h - x0];
  if (t === 2) return [w - x1, h - y1, w - x0, h - y0];
  if (t === 3) return [w - y1, x0, w - y0, x1];
  return b;
}

/**
 * (ink above the x-height band − ink below it) / ink in the band, for the text line in `box` read with
 * its rows top to bottom. The band is the run of rows around the densest one whose ink is ≥ 40 % of it.
 * NaN when the box holds no ink.
 */
export function uprightScore(image: PageImage, box: BBox): number {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const x1 = Math.min(image.width, Math.ceil(box[2]));
  const y1 = Math.min(image.height, Math.ceil(box[3]));
  if (x1 - x0 < 2 || y1 - y0 < 4) return NaN;
  // Ink = darkness below the crop's own paper level (its brightest decile), so grey scans count alike.
  const cw = x1 - x0;
  const grey = new Uint8Array(cw * (y1 - y0));
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * image.width + x) * 4;
      const g = (0.299 * image.pixels[i]! + 0.587 * image.pixels[i + 1]! + 0.114 * image.pixels[i + 2]!) | 0;
      grey[(y - y0) * cw + (x - x0)] = g;
      hist[g]!++;
    }
  }
  let paper = 0;
  for (let seen = 0; paper < 255 && seen + hist[paper]! <= 0.9 * grey.length; paper++) seen += hist[paper]!;
  const rows = new Array<number>(y1 - y0).fill(0);
  grey.forEach((g, k) => {
    rows[Math.floor(k / cw)]! += Math.max(0, paper - g - 40);
  });
  let peak = 0;
  for (let r = 1; r < rows.length; r++) if (rows[r]! > rows[peak]!) peak = r;
  if (rows[peak]! <= 0) return NaN;
  let top = peak;
  let bottom = peak;
  while (top > 0 && rows[top - 1]! >= 0.4 * rows[peak]!) top--;
  while (bottom < rows.length - 1 && rows[bottom + 1]! >= 0.4 * rows[peak]!) bottom++;
  const sum = (a: number, b: number) => rows.slice(a, b).reduce((s, v) => s + v, 0);
  return (sum(0, top) - sum(bottom + 1, rows.length)) / sum(top, bottom + 1);
}
