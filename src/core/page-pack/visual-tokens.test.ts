import { describe, expect, it } from 'vitest';
import { assembleVisualTokens, visualTokenCount } from './visual-tokens';

describe('visualTokenCount', () => {
  it('counts rows + newlines of tiles and global view, plus the separator', () => {
    expect(visualTokenCount(1024, 640, null)).toBe(16 * 17 + 1);
    expect(visualTokenCount(1024, 640, { cols: 2, rows: 1 })).toBe(10 * 21 + 273);
    expect(visualTokenCount(1024, 640, { cols: 3, rows: 3 })).toBe(30 * 31 + 273);
  });
});

describe('assembleVisualTokens', () => {
  // D = 1; a token's value encodes where it came from: tile*100 + row*10 + col; newline = -1.
  const t = 2;
  const grid = { cols: 2, rows: 2 };
  const tiles = new Float32Array(4 * t * t);
  for (let tile = 0; tile < 4; tile++)
    for (let r = 0; r < t; r++) for (let c = 0; c < t; c++) tiles[tile * t * t + r * t + c] = tile * 100 + r * 10 + c;
  const global = Float32Array.from([7, 7, 8]);

  it('walks token rows across tile columns, ends each with image_newline, then appends the global view', () => {
    const out = assembleVisualTokens(global, tiles, Float32Array.from([-1]), grid, 1, t);
    expect(Array.from(out)).toEqual([
      0, 1, 100, 101, -1, // token row 0: tile (0,0) row 0, tile (0,1) row 0
      10, 11, 110, 111, -1,
      200, 201, 300, 301, -1, // tile row 1
      210, 211, 310, 311, -1,
      7, 7, 8,
    ]);
  });

  it('is the global view alone when there are no tiles', () => {
    expect(Array.from(assembleVisualTokens(global, null, null, null, 1, t))).toEqual([7, 7, 8]);
  });

  it('rejects tile tensors of the wrong size', () => {
    expect(() => assembleVisualTokens(global, tiles.subarray(1), Float32Array.from([-1]), grid, 1, t)).toThrow(/expected/);
  });
});
