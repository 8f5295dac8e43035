import { describe, expect, it } from 'vitest';
import { connectedComponents, linesFromProbabilityMap, type ProbabilityMap } from './db-postprocess';

function mapWith(width: number, height: number, rects: Array<[number, number, number, number, number]>): ProbabilityMap {
  const data = new Float32Array(width * height);
  for (const [x0, y0, x1, y1, p] of rects) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * width + x] = p;
  }
  return { width, height, data };
}

describe('connectedComponents', () => {
  it('separates blobs and joins diagonal neighbours (8-connectivity)', () => {
    const m = mapWith(10, 10, [
      [0, 0, 2, 2, 0.9],
      [2, 2, 3, 3, 0.9], // touches the first one only at a corner
      [6, 6, 9, 8, 0.9],
    ]);
    const cs = connectedComponents(m, 0.3);
    expect(cs).toHaveLength(2);
    expect(cs.map((c) => c.pixels).sort()).toEqual([5, 6]);
  });
});

describe('linesFromProbabilityMap', () => {
  it('finds each synthetic line, grows it by area×1.5/perimeter and scales to page pixels', () => {
    // Two lines 40×8 and 20×6, one faint blob (mean < 0.6) and one speck.
    const m = mapWith(100, 50, [
      [10, 5, 50, 13, 0.95],
      [60, 30, 80, 36, 0.8],
      [5, 40, 30, 46, 0.45],
      [90, 45, 91, 46, 0.99],
    ]);
    const lines = linesFromProbabilityMap(m, { scaleX: 2, scaleY: 2 });
    expect(lines).toHaveLength(2);
    const d1 = (40 * 8 * 1.5) / (2 * 48); // 5
    expect(lines[0]!.bbox[0]).toBeCloseTo((10 - d1) * 2);
    expect(lines[0]!.bbox[1]).toBeCloseTo((5 - d1) * 2);
    expect(lines[0]!.bbox[2]).toBeCloseTo((50 + d1) * 2);
    expect(lines[0]!.bbox[3]).toBeCloseTo((13 + d1) * 2);
    expect(lines[0]!.score).toBeCloseTo(0.95);
    const d2 = (20 * 6 * 1.5) / (2 * 26);
    expect(lines[1]!.bbox[2]).toBeCloseTo((80 + d2) * 2);
  });

  it('clamps grown boxes to the page and keeps reading order top to bottom', () => {
    const m = mapWith(64, 32, [
      [0, 20, 30, 26, 0.9],
      [0, 0, 60, 6, 0.9],
    ]);
    const lines = linesFromProbabilityMap(m, { pageWidth: 64, pageHeight: 32 });
    expect(lines.map((l) => l.bbox[1] < 10)).toEqual([true, false]);
    expect(lines[0]!.bbox[0]).toBe(0);
    expect(lines[0]!.bbox[1]).toBe(0);
  });

  it('rejects a map whose size does not match its data', () => {
    expect(() => linesFromProbabilityMap({ width: 3, height: 3, data: new Float32Array(4) })).toThrow(/3×3/);
  });

  it('keeps a slightly skewed line (score over its own pixels) and reports its slope', () => {
    // A 200×6 band falling 1 px every 20 px (≈ 2.9°): its box is mostly empty, the band is not.
    const w = 260, h = 60;
    const data = new Float32Array(w * h);
    for (let x = 30; x < 230; x++) for (let t = 0; t < 6; t++) data[(20 + Math.floor((x - 30) / 20) + t) * w + x] = 0.9;
    const [line, ...rest] = linesFromProbabilityMap({ width: w, height: h, data });
    expect(rest).toHaveLength(0);
    expect(line!.score).toBeCloseTo(0.9);
    expect(line!.angle).toBeGreaterThan(0.03);
    expect(line!.angle).toBeLessThan(0.07);
    // Grown by its own thickness (≈ 6 px → d ≈ 4.4), not by its 16-px-tall box.
    expect(line!.bbox[3] - line!.bbox[1]).toBeLessThan(16 + 2 * 5);
  });
});

