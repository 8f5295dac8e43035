// "Gundam" dynamic resolution: how many 640 tiles (columns x rows) a page gets, besides its global view.

export interface TileGrid {
  cols: number;
  rows: number;
}

export interface TilingRule {
  tileSize: number;
  minTiles: number;
  maxTiles: number;
}

/**
 * The grid whose aspect ratio is closest to the page's, among cols*rows in [minTiles, maxTiles];
 * null (no tiles, global view only) when the page fits inside one tile. On equal aspect distance
 * the larger grid wins when the page has more than half its pixel area, as in the reference code.
 */
export function chooseTileGrid(width: number, height: number, rule: TilingRule): TileGrid | null {
  if (!(width > 0 && height > 0)) throw new RangeError(`page size must be positive, got ${width}x${height}`);
  const { tileSize, minTiles, maxTiles } = rule;
  if (width <= tileSize && height <= tileSize) return null;
  const candidates: TileGrid[] = [];
  for (let cols = 1; cols <= maxTiles; cols++) {
    for (let rows = 1; rows <= maxTiles; rows++) {
      const n = cols * rows;
      if (n >= minTiles && n <= maxTiles) candidates.push({ cols, rows });
    }
  }
  candidates.sort((a, b) => a.cols * a.rows - b.cols * b.rows || a.cols - b.cols);
  const aspect = width / height;
  let best: TileGrid = { cols: 1, rows: 1 };
  let bestDiff = Infinity;
  for (const c of candidates) {
    const diff = Math.abs(aspect - c.cols / c.rows);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = c;
    } else if (diff === bestDiff && width * height > 0.5 * tileSize * tileSize * c.cols * c.rows) {
      best = c;
    }
  }
  return best;
}
