// Visual-token layout of one page: tiles first (one row of tokens across all tile columns, then
// image_newline, for every token row), then the global view (its graph already ends each row with
// image_newline and appends view_separator).
import type { TileGrid } from './tile-grid';

/** Tokens a view side gives after patch 16 and the 16x compressor (4x per side). */
export function tokensPerSide(viewSize: number): number {
  return viewSize / 64;
}

/** Number of `<image>` placeholders the prompt needs for this page. */
export function visualTokenCount(baseSize: number, tileSize: number, grid: TileGrid | null): number {
  const g = tokensPerSide(baseSize);
  const global = g * (g + 1) + 1;
  if (!grid) return global;
  const t = tokensPerSide(tileSize);
  return grid.rows * t * (grid.cols * t + 1) + global;
}

/**
 * Lays out the visual tokens: `tiles` is [cols*rows, t*t, D] row-major (tile index = row * cols + col),
 * `global` is the global graph's [g*(g+1)+1, D]. Returns [count, D].
 */
export function assembleVisualTokens(
  global: Float32Array,
  tiles: Float32Array | null,
  newline: Float32Array | null,
  grid: TileGrid | null,
  hidden: number,
  tileSide: number,
): Float32Array {
  const D = hidden;
  if (!grid) return global.slice();
  if (!tiles || !newline) throw new Error('a tiled page needs tile tokens and image_newline');
  const t = tileSide;
  const { cols, rows } = grid;
  if (tiles.length !== cols * rows * t * t * D) {
    throw new Error(`tile tokens hold ${tiles.length} values, expected ${cols * rows}·${t * t}·${D}`);
  }
  if (newline.length !== D) throw new Error(`image_newline has ${newline.length} values, expected ${D}`);
  const local = rows * t * (cols * t + 1);
  const out = new Float32Array((local + global.length / D) * D);
  let at = 0;
  for (let r = 0; r < rows * t; r++) {
    const tileRow = Math.floor(r / t);
    const inner = r % t;
    for (let c = 0; c < cols; c++) {
      const start = ((tileRow * cols + c) * t * t + inner * t) * D;
      out.set(tiles.subarray(start, start + t * D), at);
      at += t * D;
    }
    out.set(newline, at);
    at += D;
  }
  out.set(global, at);
  return out;
}
