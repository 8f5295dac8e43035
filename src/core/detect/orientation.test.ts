import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { isSideways, rotatePage, unrotateBox, uprightScore } from './orientation';

describe('orientation', () => {
  it('tells upright text lines from sideways ones', () => {
    const lines: BBox[] = Array.from({ length: 8 }, (_, k) => [100, 100 + 30 * k, 900, 120 + 30 * k]);
    expect(isSideways(lines)).toBe(false);
    expect(isSideways(lines.map(([x0, y0, x1, y1]) => [y0, x0, y1, x1]))).toBe(true);
  });

  it('rotates pixels clockwise and maps boxes back to the original page', () => {
    // 3×2 image; mark pixel (2, 0) (top-right) red.
    const px = new Uint8ClampedArray(3 * 2 * 4).fill(255);
    px.set([255, 0, 0, 255], (0 * 3 + 2) * 4);
    const r1 = rotatePage({ width: 3, height: 2, pixels: px, dpi: 0 }, 1);
    expect([r1.width, r1.height]).toEqual([2, 3]);
    // Top-right goes to bottom-right after a clockwise quarter turn.
    expect(Array.from(r1.pixels.slice((2 * 2 + 1) * 4, (2 * 2 + 1) * 4 + 4))).toEqual([255, 0, 0, 255]);
    // The same pixel as a 1×1 box, found on each rotation, maps back to (2,0)-(3,1).
    for (const t of [1, 2, 3]) {
      const r = rotatePage({ width: 3, height: 2, pixels: px, dpi: 0 }, t);
      const i = Array.from({ length: r.width * r.height }, (_, k) => k).find((k) => r.pixels[k * 4 + 1] === 0)!;
      const box: BBox = [i % r.width, Math.floor(i / r.width), (i % r.width) + 1, Math.floor(i / r.width) + 1];
      expect(unrotateBox(box, t, 3, 2)).toEqual([2, 0, 3, 1]);
    }
  });

  it('turns pixels a decoder handed over at an offset a Uint32Array cannot start at (a PNG read by the CLI)', () => {
    const buffer = new ArrayBuffer(3 * 2 * 4 + 1);
    const px = new Uint8ClampedArray(buffer, 1, 3 * 2 * 4).fill(255);
    px.set([255, 0, 0, 255], (0 * 3 + 2) * 4);
    const r = rotatePage({ width: 3, height: 2, pixels: px, dpi: 0 }, 2);
    // Top-right goes to bottom-left after a half turn.
    expect(Array.from(r.pixels.slice((1 * 3 + 0) * 4, (1 * 3 + 0) * 4 + 4))).toEqual([255, 0, 0, 255]);
  });

  it('scores a line by its ink above and below the x-height band', () => {
    // 'glyphs' on a 200×40 line: every one fills the x-height band (rows 16–27), every third has an ascender
    // (rows 6–15), every tenth a descender (rows 28–34) — as in Latin text.
    const w = 200;
    const h = 40;
    const px = new Uint8ClampedArray(w * h * 4).fill(255);
    const ink = (x: number, y: number) => px.set([0, 0, 0, 255], (y * w + x) * 4);
    for (let g = 0; g < 20; g++) {
      const x = 5 + g * 9;
      for (let dx = 0; dx < 5; dx++) for (let y = 16; y < 28; y++) ink(x + dx, y);
      if (g % 3 === 0) for (let y = 6; y < 16; y++) ink(x, y);
      if (g % 10 === 0) for (let y = 28; y < 35; y++) ink(x + 4, y);
    }
    const line = { width: w, height: h, pixels: px, dpi: 0 };
    expect(uprightScore(line, [0, 0, w, h])).toBeGreaterThan(0.03);
    expect(uprightScore(rotatePage(line, 2), [0, 0, w, h])).toBeLessThan(-0.03);
    expect(uprightScore({ width: w, height: h, pixels: new Uint8ClampedArray(w * h * 4).fill(255), dpi: 0 }, [0, 0, w, h])).toBeNaN();
  });
});
