import { describe, expect, it } from 'vitest';
import { chooseTileGrid } from './tile-grid';

const RULE = { tileSize: 640, minTiles: 2, maxTiles: 9 };

describe('chooseTileGrid', () => {
  it('gives no tiles to a page that fits in one tile', () => {
    expect(chooseTileGrid(600, 400, RULE)).toBeNull();
    expect(chooseTileGrid(640, 640, RULE)).toBeNull();
  });

  it('picks the grid whose aspect ratio is closest', () => {
    expect(chooseTileGrid(1500, 1000, RULE)).toEqual({ cols: 3, rows: 2 }); // 1.5
    expect(chooseTileGrid(700, 2000, RULE)).toEqual({ cols: 1, rows: 3 }); // 0.35 -> 1/3
    expect(chooseTileGrid(2480, 3508, RULE)).toEqual({ cols: 2, rows: 3 }); // A4 portrait 0.707 -> 2/3
    expect(chooseTileGrid(4000, 500, RULE)).toEqual({ cols: 8, rows: 1 }); // 8.0
  });

  it('on equal aspect, takes the larger grid only for pages over half its pixel area', () => {
    expect(chooseTileGrid(641, 641, RULE)).toEqual({ cols: 2, rows: 2 });
    expect(chooseTileGrid(3000, 3000, RULE)).toEqual({ cols: 3, rows: 3 });
  });

  it('never leaves the tile-count range', () => {
    for (const [w, h] of [[10000, 700], [700, 10000], [1280, 1280]]) {
      const g = chooseTileGrid(w!, h!, RULE)!;
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(2);
      expect(g.cols * g.rows).toBeLessThanOrEqual(9);
    }
  });

  it('rejects empty pages', () => {
    expect(() => chooseTileGrid(0, 100, RULE)).toThrow(RangeError);
  });
});
