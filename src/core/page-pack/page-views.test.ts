import { describe, expect, it } from 'vitest';
import type { PageVisionSpec } from './page-pack-types';
import { pageViews } from './page-views';

const vision = {
  baseSize: 64,
  tileSize: 32,
  minTiles: 2,
  maxTiles: 9,
  preprocess: { channelOrder: 'RGB', mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5], padValue: 127 },
} as PageVisionSpec;

function solid(width: number, height: number, rgb: [number, number, number]) {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([...rgb, 255], i * 4);
  return { width, height, pixels, dpi: 0 };
}

describe('pageViews', () => {
  it('letterboxes a wide page into the global view with pad grey, normalized', () => {
    const v = pageViews(solid(40, 20, [255, 0, 255]), vision);
    expect(v.letterbox).toEqual({ x: 0, y: 16, width: 64, height: 32 });
    const at = (c: number, y: number, x: number) => v.global[c * 64 * 64 + y * 64 + x]!;
    expect(at(0, 0, 0)).toBeCloseTo(127 / 255 / 0.5 - 1, 6); // pad above the page
    expect(at(0, 30, 10)).toBeCloseTo(1, 5); // red 255 -> 1
    expect(at(1, 30, 10)).toBeCloseTo(-1, 5); // green 0 -> -1
    expect(v.grid).toEqual({ cols: 2, rows: 1 });
    expect(v.tiles!.length).toBe(2 * 3 * 32 * 32);
  });

  it('gives no tiles when the page fits in one tile', () => {
    const v = pageViews(solid(30, 30, [0, 0, 0]), vision);
    expect(v.grid).toBeNull();
    expect(v.tiles).toBeNull();
  });

  it('cuts tiles row-major from the stretched page', () => {
    // Left half black, right half white: with 2x1 tiles, tile 0 is black, tile 1 white.
    const page = solid(80, 40, [0, 0, 0]);
    for (let y = 0; y < 40; y++) for (let x = 40; x < 80; x++) page.pixels.set([255, 255, 255, 255], (y * 80 + x) * 4);
    const v = pageViews(page, vision);
    expect(v.grid).toEqual({ cols: 2, rows: 1 });
    const S = 32 * 32 * 3;
    expect(v.tiles![10 * 32 + 10]).toBeCloseTo(-1, 5);
    expect(v.tiles![S + 10 * 32 + 10]).toBeCloseTo(1, 5);
  });

  it('rejects a pixel buffer of the wrong size', () => {
    expect(() => pageViews({ width: 10, height: 10, pixels: new Uint8ClampedArray(10), dpi: 0 }, vision)).toThrow(/RGBA/);
  });
});
