// A cleaner copy of a noisy scan for the text detector.
//
//   pixelNoise(image) → σ of the page's pixel noise, in grey levels (0 for a rendered page)
//   median3(image)    → the page through a 3×3 median, grey
//
// The detector (DB) turns sensor noise and toner speckles into a ragged probability map: on a cheap scan
// it split lines into word pieces and missed whole headings. A 3×3 median removes 1–2 px speckles and most
// of the noise while keeping strokes, so lines are found on the median copy. The recognizer still reads the
// page itself: the median also thins and blurs small print, and the recognizer has learned scans as they are.
import type { PageImage } from '../../protocol/page';

/**
 * Pages noisier than this (σ, grey levels) are detected on their median copy: rendered pages and the corpus's
 * scanned pages measure 0.5–1.2, the eval's old scans (degrade.mjs) 3.3–7.4.
 */
export const NOISY_SIGMA = 2;

const grey = (p: Uint8ClampedArray | Uint8Array, i: number) => (77 * p[i]! + 150 * p[i + 1]! + 29 * p[i + 2]!) >> 8;

/**
 * Robust σ of pixel noise: the median absolute difference of horizontal neighbours over a grid of rows
 * (most of a page is paper, so edges of ink are a minority the median ignores), as σ of one pixel
 * (|a − b| of two N(0, σ²) pixels has median 0.954 σ).
 */
export function pixelNoise(image: PageImage): number {
  const { width: w, height: h, pixels: p } = image;
  const hist = new Uint32Array(256);
  let n = 0;
  const rowStep = Math.max(1, Math.floor(h / 200));
  for (let y = 0; y < h; y += rowStep) {
    for (let x = 0; x + 1 < w; x++) {
      const i = (y * w + x) * 4;
      hist[Math.abs(grey(p, i) - grey(p, i + 4))]!++;
      n++;
    }
  }
  if (n === 0) return 0;
  let seen = 0;
  for (let d = 0; d < 256; d++) {
    seen += hist[d]!;
    // Interpolate inside the bin, so a page whose median difference is 0 or 1 still gets a graded σ.
    if (seen >= n / 2) return (d + (n / 2 - (seen - hist[d]!)) / Math.max(1, hist[d]!)) / 0.954;
  }
  return 255;
}

/** The page through a 3×3 median on grey (edges replicate), as an opaque grey RGBA page. */
export function median3(image: PageImage): PageImage {
  const { width: w, height: h, pixels: p } = image;
  const g = new Uint8Array(w * h);
  for (let i = 0; i < g.length; i++) g[i] = grey(p, i * 4);
  const out = new Uint8ClampedArray(w * h * 4);
  // Each column's three pixels sorted once per row; the 3×3 median is then the median of
  // (largest low, median of middles, smallest high) of three neighbouring columns — exact, ~10 compares.
  const lo = new Uint8Array(w);
  const mid = new Uint8Array(w);
  const hi = new Uint8Array(w);
  for (let y = 0; y < h; y++) {
    const r0 = Math.max(0, y - 1) * w;
    const r1 = y * w;
    const r2 = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) {
      const a = g[r0 + x]!;
      const b = g[r1 + x]!;
      const c = g[r2 + x]!;
      const mn = Math.min(a, b, c);
      const mx = Math.max(a, b, c);
      lo[x] = mn;
      hi[x] = mx;
      mid[x] = a + b + c - mn - mx;
    }
    for (let x = 0; x < w; x++) {
      const xl = x > 0 ? x - 1 : 0;
      const xr = x + 1 < w ? x + 1 : w - 1;
      const m = med3(Math.max(lo[xl]!, lo[x]!, lo[xr]!), med3(mid[xl]!, mid[x]!, mid[xr]!), Math.min(hi[xl]!, hi[x]!, hi[xr]!));
      const o = (r1 + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = m;
      out[o + 3] = 255;
    }
  }
  return { width: w, height: h, pixels: out, dpi: image.dpi };
}

const med3 = (a: number, b: number, c: number) => Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
