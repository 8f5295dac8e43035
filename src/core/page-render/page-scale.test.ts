import { describe, expect, it } from 'vitest';
import { imageScale, pdfScale, scaledSide } from './page-scale';

const target = { longSide: 2000, maxPixels: 2000 * 2000, maxDpi: 600 };

describe('pdfScale', () => {
  it('renders a Letter page with its long side at the target', () => {
    const s = pdfScale(612, 792, target);
    expect(scaledSide(792, s)).toBe(2000);
    expect(scaledSide(612, s)).toBe(1545);
  });

  it('keeps a 200×200-inch page inside the pixel budget', () => {
    const side = 200 * 72;
    const s = pdfScale(side, side, target);
    expect(scaledSide(side, s) ** 2).toBeLessThanOrEqual(target.maxPixels + 2 * 2000);
  });

  it('does not upscale a tiny page beyond the resolution ceiling', () => {
    const s = pdfScale(36, 36, target); // half an inch
    expect(s * 72).toBeCloseTo(600);
    expect(scaledSide(36, s)).toBe(300);
  });

  it('caps a very long strip by pixels, not only by its long side', () => {
    const t = { longSide: 2000, maxPixels: 1_000_000, maxDpi: 600 };
    const s = pdfScale(1000, 1000, t);
    expect(scaledSide(1000, s) ** 2).toBeLessThanOrEqual(1_000_000 + 2000);
  });
});

describe('imageScale', () => {
  it('never upscales a small image', () => {
    expect(imageScale(500, 700, target)).toBe(1);
  });
  it('shrinks a large photo to the target long side', () => {
    const s = imageScale(4000, 3000, target);
    expect(scaledSide(4000, s)).toBe(2000);
  });
});
