import { describe, expect, it } from 'vitest';
import type { PageImage } from '../../protocol/page';
import { deskewPage } from './deskew';

/** A grey page with one dark bar through (x0, y0) falling by `angle` to the right, 6 px thick. */
function skewedBar(w: number, h: number, angle: number, paper = 230): PageImage {
  const pixels = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const centre = 60 + (x - 40) * Math.tan(angle);
      const ink = x >= 40 && x < w - 40 && Math.abs(y - centre) <= 3;
      pixels.set([ink ? 0 : paper, ink ? 0 : paper, ink ? 0 : paper, 255], (y * w + x) * 4);
    }
  }
  return { width: w, height: h, pixels, dpi: 0 };
}

/** Row of column x's ink, weighted by darkness (NaN where the column has none). */
function inkRow(img: PageImage, x: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    const ink = Math.max(0, 200 - img.pixels[(y * img.width + x) * 4]!);
    sum += y * ink;
    n += ink;
  }
  return n > 100 ? sum / n : NaN;
}

describe('deskewPage', () => {
  const angle = 0.04; // 2.3°: the bar falls 16 px over its 400 px
  const page = skewedBar(480, 200, angle);

  it('turns a skewed line level', () => {
    expect(inkRow(page, 439) - inkRow(page, 40)).toBeGreaterThan(15);
    const { image } = deskewPage(page, angle);
    const xs = [];
    for (let x = 0; x < image.width; x++) if (!Number.isNaN(inkRow(image, x))) xs.push(x);
    const left = inkRow(image, xs[Math.floor(xs.length / 4)]!);
    const right = inkRow(image, xs[Math.floor((3 * xs.length) / 4)]!);
    expect(Math.abs(right - left)).toBeLessThan(0.2);
    // The canvas grew to keep every corner; the new margins are the page's paper, not white.
    expect(image.width).toBe(Math.ceil(480 * Math.cos(angle) + 200 * Math.sin(angle)));
    expect(image.height).toBe(Math.ceil(480 * Math.sin(angle) + 200 * Math.cos(angle)));
    expect(Array.from(image.pixels.subarray(0, 4))).toEqual([230, 230, 230, 255]);
  });

  it.each([1, 2])('maps a box on the upright page (enlarged %i×) back onto the page as given', (scale) => {
    const up = deskewPage(page, angle, scale);
    expect(up.image.width).toBe(Math.ceil((480 * Math.cos(angle) + 200 * Math.sin(angle)) * scale));
    // The bar's box on the upright image.
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < up.image.height; y++) {
      for (let x = 0; x < up.image.width; x++) {
        if (up.image.pixels[(y * up.image.width + x) * 4]! < 100) {
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
        }
      }
    }
    const back = up.toPage([x0, y0, x1, y1]);
    // The bar on the original page runs from (40, ~57..63) to (440, ~73..79).
    expect(back[0]).toBeCloseTo(40, -0.5);
    expect(back[2]).toBeCloseTo(440, -0.5);
    expect(back[1]).toBeLessThanOrEqual(58);
    expect(back[3]).toBeGreaterThanOrEqual(78);
    expect(back[3] - back[1]).toBeLessThan(30);
  });

  it('leaves an upright page as it is', () => {
    const flat = skewedBar(120, 90, 0);
    const { image, toPage } = deskewPage(flat, 0);
    expect(image.width).toBe(120);
    expect(Array.from(image.pixels)).toEqual(Array.from(flat.pixels));
    expect(toPage([10, 20, 30, 40])).toEqual([10, 20, 30, 40]);
  });
});
