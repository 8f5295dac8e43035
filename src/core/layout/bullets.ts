// List bullets drawn as shapes rather than text (HTML/PDF list markers often are): a small compact
// blob of ink just left of a line, centred on its x-height. Lines whose detector box already holds the
// bullet have nothing to their left and are left to the text cues.
//
//   findDrawnBullets(image, boxes, indices) → Set of line indices
import type { BBox, PageImage } from '../../protocol/page';

export function findDrawnBullets(image: PageImage, boxes: BBox[], indices: number[]): Set<number> {
  const out = new Set<number>();
  const { width: w, pixels } = image;
  const dark = (x: number, y: number) => {
    const p = (y * w + x) * 4;
    return pixels[p + 3]! > 128 && 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]! < 128_000;
  };
  for (const i of indices) {
    const [x0, y0, , y1] = boxes[i]!;
    const h = y1 - y0;
    const sx0 = Math.max(0, Math.floor(x0 - 1.8 * h));
    const sx1 = Math.max(0, Math.floor(x0 - 0.1 * h));
    const sy0 = Math.max(0, Math.floor(y0));
    const sy1 = Math.min(image.height, Math.ceil(y1));
    if (sx1 - sx0 < 3 || sy1 - sy0 < 3) continue;
    let [bx0, by0, bx1, by1, n] = [Infinity, Infinity, -1, -1, 0];
    for (let y = sy0; y < sy1; y++) {
      for (let x = sx0; x < sx1; x++) {
        if (!dark(x, y)) continue;
        n++;
        [bx0, by0, bx1, by1] = [Math.min(bx0, x), Math.min(by0, y), Math.max(bx1, x), Math.max(by1, y)];
      }
    }
    if (n === 0) continue;
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    const cy = (by0 + by1) / 2;
    // Small, roughly square, filled, and nearer the middle of the line than its edges.
    const compact = bw <= 0.5 * h && bh <= 0.5 * h && bw >= 0.12 * h && bh >= 0.12 * h && bw / bh < 2 && bh / bw < 2;
    if (compact && n >= 0.4 * bw * bh && Math.abs(cy - (y0 + y1) / 2) < 0.3 * h) out.add(i);
  }
  return out;
}
