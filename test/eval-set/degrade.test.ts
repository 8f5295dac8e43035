// The eval's old-scan pages: repeatable, really degraded, and still the same page.
import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { degradePage, scanSettings, seedOf } from '../support/degrade.mjs';

/** A white page with a black bar where text would be. */
function page(width: number, height: number) {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 100; y < 140; y++) for (let x = 50; x < width - 50; x++) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return { width, height, pixels };
}

async function grey(jpeg: Buffer) {
  const img = await loadImage(jpeg);
  const { createCanvas } = await import('@napi-rs/canvas');
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

describe('old-scan pages', () => {
  it('are repeatable per seed and differ between pages', () => {
    const a = degradePage(page(400, 500), seedOf('generated/article-a.pdf'));
    const b = degradePage(page(400, 500), seedOf('generated/article-a.pdf'));
    expect(Buffer.compare(a.jpeg, b.jpeg)).toBe(0);
    expect(scanSettings(seedOf('generated/article-a.pdf'))).not.toEqual(scanSettings(seedOf('generated/article-b.pdf')));
  });

  it('settings stay in their stated ranges', () => {
    for (let seed = 1; seed < 200; seed++) {
      const s = scanSettings(seed);
      expect(s.scale).toBeGreaterThanOrEqual(0.5);
      expect(s.scale).toBeLessThanOrEqual(0.65);
      expect(Math.abs(s.angleDeg)).toBeGreaterThanOrEqual(0.3);
      expect(Math.abs(s.angleDeg)).toBeLessThanOrEqual(1.5);
      expect(s.jpegQuality).toBeGreaterThanOrEqual(35);
      expect(s.jpegQuality).toBeLessThan(65);
    }
  });

  it('give a smaller, grey, noisy JPEG that still shows the ink', async () => {
    const { jpeg, settings, width, height } = degradePage(page(400, 500), 7);
    const img = await grey(jpeg);
    expect([img.width, img.height]).toEqual([width, height]);
    expect(width).toBe(Math.round(400 * settings.scale));
    // Paper: a blank corner region sits near the paper grey, with noise (not one flat value).
    const corner: number[] = [];
    for (let y = height - 40; y < height - 10; y++) for (let x = 10; x < 40; x++) corner.push(img.data[(y * width + x) * 4]!);
    const mean = corner.reduce((s, v) => s + v, 0) / corner.length;
    const sd = Math.sqrt(corner.reduce((s, v) => s + (v - mean) ** 2, 0) / corner.length);
    expect(Math.abs(mean - settings.paper)).toBeLessThan(12);
    expect(sd).toBeGreaterThan(2);
    // Ink: the middle of the bar (moved a little by the rotation) is dark, near the ink grey.
    const y = Math.round(120 * settings.scale);
    const x = Math.round(width / 2);
    expect(img.data[(y * width + x) * 4]!).toBeLessThan(settings.ink + 40);
  });
});
