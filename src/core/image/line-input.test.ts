import { describe, expect, it } from 'vitest';
import type { PageImage } from '../../protocol/page';
import { LINE_DEFAULTS, lineInput, linePreprocess, lineWidths } from './line-input';

/** White page with one coloured rectangle [x0, y0, x1, y1) of RGB `rgb`. */
function page(width: number, height: number, rect: [number, number, number, number], rgb: [number, number, number]): PageImage {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = rect[1]; y < rect[3]; y++) {
    for (let x = rect[0]; x < rect[2]; x++) pixels.set([...rgb, 255], (y * width + x) * 4);
  }
  return { width, height, pixels, dpi: 0 };
}

const at = (t: Float32Array, width: number, c: number, y: number, x: number) => t[c * 48 * width + y * width + x]!;

describe('lineWidths', () => {
  it('keeps the aspect ratio at height 48 and rounds the tensor width up to a multiple of 8', () => {
    expect(lineWidths([0, 0, 100, 24], LINE_DEFAULTS)).toEqual({ contentWidth: 200, width: 200 });
    expect(lineWidths([10, 10, 111, 34], LINE_DEFAULTS)).toEqual({ contentWidth: 202, width: 208 });
  });
  it('never goes below minWidth nor above maxWidth', () => {
    expect(lineWidths([0, 0, 2, 48], LINE_DEFAULTS)).toEqual({ contentWidth: 2, width: 16 });
    expect(lineWidths([0, 0, 10000, 20], LINE_DEFAULTS)).toEqual({ contentWidth: 2400, width: 2400 });
    expect(lineWidths([0, 0, 10000, 20], linePreprocess({ maxWidth: 1000 }))).toEqual({ contentWidth: 1000, width: 1000 });
  });
});

describe('lineInput', () => {
  it('crops the box, orders channels BGR and normalizes to [-1, 1]', () => {
    // a red bar over the left half of a 40×20 box, page 100×50
    const img = page(100, 50, [10, 10, 30, 30], [255, 0, 0]);
    const out = lineInput(img, [10, 10, 50, 30]);
    expect(out.width).toBe(96);
    expect(out.contentWidth).toBe(96);
    expect(out.tensor).toHaveLength(3 * 48 * 96);
    // left quarter: red → B = -1, G = -1, R = +1
    expect(at(out.tensor, 96, 0, 24, 10)).toBeCloseTo(-1);
    expect(at(out.tensor, 96, 1, 24, 10)).toBeCloseTo(-1);
    expect(at(out.tensor, 96, 2, 24, 10)).toBeCloseTo(1);
    // right side: white → +1 everywhere
    for (let c = 0; c < 3; c++) expect(at(out.tensor, 96, c, 24, 80)).toBeCloseTo(1);
  });

  it('pads to the multiple of 8 and to padTo with padValue', () => {
    const img = page(300, 60, [0, 0, 300, 60], [0, 0, 0]);
    const out = lineInput(img, [0, 0, 101, 24], linePreprocess({ padValue: 0 }), 250);
    expect(out.contentWidth).toBe(202);
    expect(out.width).toBe(256);
    expect(at(out.tensor, 256, 0, 5, 201)).toBeCloseTo(-1); // black content
    const white = lineInput(page(300, 60, [0, 0, 1, 1], [0, 0, 0]), [100, 0, 201, 24], LINE_DEFAULTS, 250);
    expect(at(white.tensor, 256, 2, 5, 255)).toBeCloseTo(1); // padValue 255 → +1
  });

  it('interpolates between pixels (bilinear, centres aligned) when upscaling', () => {
    // 2×1 box: black then white, upscaled ×48 → a ramp in the middle, flat at the ends
    const img = page(4, 1, [0, 0, 1, 1], [0, 0, 0]);
    const out = lineInput(img, [0, 0, 2, 1], linePreprocess({ minWidth: 8 }));
    expect(out.contentWidth).toBe(96);
    const row = Array.from({ length: 96 }, (_, x) => at(out.tensor, 96, 0, 0, x));
    expect(row[0]).toBeCloseTo(-1);
    expect(row[95]).toBeCloseTo(1);
    expect(row[47]! < row[48]!).toBe(true);
    expect(Math.abs(row[47]! + row[48]!)).toBeLessThan(0.05); // symmetric around the pixel boundary
  });

  it('composites transparent pixels on white and clamps boxes to the page', () => {
    const img: PageImage = { width: 8, height: 8, pixels: new Uint8ClampedArray(8 * 8 * 4), dpi: 0 };
    const out = lineInput(img, [-4, -4, 12, 4]); // clamped to 8×4 → 96×48
    expect(out.contentWidth).toBe(96);
    expect(Math.min(...out.tensor)).toBeCloseTo(1);
  });

  it('explains boxes outside the page and malformed images', () => {
    const img = page(10, 10, [0, 0, 1, 1], [0, 0, 0]);
    expect(() => lineInput(img, [20, 20, 30, 30])).toThrow(/no pixels inside the 10×10 page/);
    expect(() => lineInput({ ...img, pixels: new Uint8ClampedArray(3) }, [0, 0, 5, 5])).toThrow(/expected 400/);
  });
});
