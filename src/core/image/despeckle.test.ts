import { describe, expect, it } from 'vitest';
import type { PageImage } from '../../protocol/page';
import { median3, NOISY_SIGMA, pixelNoise } from './despeckle';

// A seeded page: white paper with dark bars (strokes), optionally Gaussian noise and 1 px speckles.
function page(w: number, h: number, o: { sigma?: number; speckles?: number; seed?: number } = {}): PageImage {
  let s = o.seed ?? 7;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(1e-9, rnd()))) * Math.cos(2 * Math.PI * rnd());
  const px = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const ink = y % 20 >= 8 && y % 20 < 12 && x % 9 < 3; // 3 px wide, 4 px high strokes
      const v = (ink ? 30 : 235) + (o.sigma ? o.sigma * gauss() : 0);
      px.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  for (let k = 0; k < (o.speckles ?? 0); k++) {
    const i = (Math.floor(rnd() * h) * w + Math.floor(rnd() * w)) * 4;
    px.set([20, 20, 20, 255], i);
  }
  return { width: w, height: h, pixels: px, dpi: 0 };
}

const greyAt = (img: PageImage, x: number, y: number) => img.pixels[(y * img.width + x) * 4]!;

describe('pixelNoise', () => {
  it('reads a rendered page as quiet and a noisy one near its σ', () => {
    expect(pixelNoise(page(300, 200))).toBeLessThan(1);
    for (const sigma of [4, 8, 12]) {
      const est = pixelNoise(page(300, 200, { sigma }));
      expect(est).toBeGreaterThan(sigma * 0.8);
      expect(est).toBeLessThan(sigma * 1.25);
      expect(est).toBeGreaterThan(NOISY_SIGMA);
    }
  });
});

describe('median3', () => {
  it('equals a sorted 3×3 neighbourhood (edges replicated) at every pixel', () => {
    const img = page(37, 23, { sigma: 40, speckles: 60, seed: 3 });
    const out = median3(img);
    const at = (x: number, y: number) => {
      const i = (Math.min(img.height - 1, Math.max(0, y)) * img.width + Math.min(img.width - 1, Math.max(0, x))) * 4;
      const p = img.pixels;
      return (77 * p[i]! + 150 * p[i + 1]! + 29 * p[i + 2]!) >> 8;
    };
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const v: number[] = [];
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) v.push(at(x + dx, y + dy));
        v.sort((a, b) => a - b);
        expect(greyAt(out, x, y)).toBe(v[4]);
      }
    }
  });

  it('removes lone speckles and keeps strokes', () => {
    const img = page(90, 60, { speckles: 80, seed: 11 });
    const clean = page(90, 60);
    const out = median3(img);
    let speckled = 0;
    let kept = 0;
    let ink = 0;
    let strayBefore = 0;
    for (let y = 0; y < 60; y++) {
      for (let x = 0; x < 90; x++) {
        const paper = greyAt(clean, x, y) > 200;
        if (paper && greyAt(img, x, y) < 100) strayBefore++;
        if (paper && greyAt(out, x, y) < 100) speckled++;
        if (!paper) {
          ink++;
          if (greyAt(out, x, y) < 100) kept++;
        }
      }
    }
    expect(strayBefore).toBeGreaterThan(50);
    // Only speckles that touch a stroke may survive.
    expect(speckled).toBeLessThan(8);
    // A 3×4 stroke loses its four corners to the median, no more.
    expect(kept / ink).toBeGreaterThan(0.6);
  });
});
