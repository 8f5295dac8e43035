// Turning a skewed page upright before its lines are read.
//
//   deskewPage(image, skew, scale?) → { image, toPage(box) }
//
// The detector's boxes are axis-aligned. On a page scanned 1–3° askew, a long line's box rises by more
// than a line's height across its width: the crop holds parts of the lines above and below, and the
// recognizer reads a mix of them. Turning the page by −skew (bilinear, on a canvas grown so that no
// corner is cut off) makes the boxes fit their lines again. Boxes found on the upright page are mapped
// back with toPage, so regions still point at the page as the user sees it.
import type { BBox, PageImage } from '../../protocol/page';

export interface UprightPage {
  image: PageImage;
  /** A box on the upright image → the axis-aligned box of its corners on the original page (clamped). */
  toPage(box: BBox): BBox;
}

/**
 * Rotates `image` by −`skew` radians about its centre (skew as DB's line angle: positive when lines fall
 * to the right in y-down pixels), enlarged by `scale` (a small scan gains pixels rather than losing sharpness
 * to the resampling). The canvas grows to hold every corner; new pixels take the colour of the
 * page's edge (a scan's grey paper), so the new margins add no edges for the layout to take for a figure.
 */
export function deskewPage(image: PageImage, skew: number, scale = 1): UprightPage {
  const { width: w, height: h, pixels: src } = image;
  const c = Math.cos(skew);
  const s = Math.sin(skew);
  const ow = Math.ceil((w * Math.abs(c) + h * Math.abs(s)) * scale);
  const oh = Math.ceil((w * Math.abs(s) + h * Math.abs(c)) * scale);
  const [cx, cy, ocx, ocy] = [w / 2, h / 2, ow / 2, oh / 2];
  // Source of upright pixel p' is R(skew)·p'/scale; c and s carry the 1/scale from here on.
  const [cs, ss] = [c / scale, s / scale];
  const paper = edgeColour(image);
  const out = new Uint8ClampedArray(ow * oh * 4);
  // The paper colour as one 32-bit word, in the platform's byte order, so the canvas fills in one call.
  new Uint32Array(out.buffer).fill(new Uint32Array(Uint8Array.from(paper).buffer)[0]!);
  const rowBytes = w * 4;
  for (let y = 0; y < oh; y++) {
    // Pixel centres at +0.5. Each source position is computed as one expression per pixel (not stepped
    // along the row), so every pixel rounds exactly as it always has.
    const dy = y + 0.5 - ocy;
    const ssdy = ss * dy;
    const csdy = cs * dy;
    for (let x = 0; x < ow; x++) {
      const dx = x + 0.5 - ocx;
      const sx = cx + cs * dx - ssdy - 0.5;
      const sy = cy + ss * dx + csdy - 0.5;
      if (sx <= -1 || sy <= -1 || sx >= w || sy >= h) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * ow + x) * 4;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h) {
        const i = (y0 * w + x0) * 4;
        const j = i + rowBytes;
        const t0 = src[i]! + (src[i + 4]! - src[i]!) * fx;
        const b0 = src[j]! + (src[j + 4]! - src[j]!) * fx;
        const t1 = src[i + 1]! + (src[i + 5]! - src[i + 1]!) * fx;
        const b1 = src[j + 1]! + (src[j + 5]! - src[j + 1]!) * fx;
        const t2 = src[i + 2]! + (src[i + 6]! - src[i + 2]!) * fx;
        const b2 = src[j + 2]! + (src[j + 6]! - src[j + 2]!) * fx;
        out[o] = t0 + (b0 - t0) * fy;
        out[o + 1] = t1 + (b1 - t1) * fy;
        out[o + 2] = t2 + (b2 - t2) * fy;
        continue;
      }
      // At the page's edge, outside counts as paper, so the edge blends into the new margin.
      for (let ch = 0; ch < 3; ch++) {
        const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= w || yy >= h ? paper[ch]! : src[(yy * w + xx) * 4 + ch]!);
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        out[o + ch] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  const toPage = (b: BBox): BBox => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [px, py] of [[b[0], b[1]], [b[2], b[1]], [b[0], b[3]], [b[2], b[3]]] as const) {
      const dx = px - ocx;
      const dy = py - ocy;
      xs.push(cx + cs * dx - ss * dy);
      ys.push(cy + ss * dx + cs * dy);
    }
    return [Math.max(0, Math.min(...xs)), Math.max(0, Math.min(...ys)), Math.min(w, Math.max(...xs)), Math.min(h, Math.max(...ys))];
  };
  return { image: { width: ow, height: oh, pixels: out, dpi: image.dpi }, toPage };
}

/** Per-channel median of the pixels along the image's four edges (alpha opaque). */
function edgeColour(image: PageImage): [number, number, number, number] {
  const { width: w, height: h, pixels } = image;
  const at: number[] = [];
  for (let x = 0; x < w; x++) at.push(x, x + (h - 1) * w);
  for (let y = 1; y < h - 1; y++) at.push(y * w, y * w + w - 1);
  const median = (ch: number) => {
    const v = at.map((i) => pixels[i * 4 + ch]!).sort((a, b) => a - b);
    return v[v.length >> 1] ?? 255;
  };
  return [median(0), median(1), median(2), 255];
}
