// Page image -> the normalized inputs of the two vision graphs: a letterboxed global view and,
// for pages larger than one tile, the page stretched to cols x rows tiles and cut row-major.
import type { PageImage } from '../../protocol/page';
import type { PageVisionSpec } from './page-pack-types';
import { resampleRgb } from './resample';
import { chooseTileGrid, type TileGrid } from './tile-grid';

export interface PageViews {
  /** [1, 3, baseSize, baseSize] */
  global: Float32Array;
  /** [cols*rows, 3, tileSize, tileSize], or null when the page fits in one tile. */
  tiles: Float32Array | null;
  grid: TileGrid | null;
  /** Where the page sits inside the global view (pixels of that view). */
  letterbox: { x: number; y: number; width: number; height: number };
}

function normalize(planes: Float32Array, spec: PageVisionSpec['preprocess'], out: Float32Array, at: number): void {
  const n = planes.length / 3;
  for (let c = 0; c < 3; c++) {
    const mean = spec.mean[c]!;
    const std = spec.std[c]!;
    for (let i = 0; i < n; i++) out[at + c * n + i] = (planes[c * n + i]! / 255 - mean) / std;
  }
}

export function pageViews(page: PageImage, vision: PageVisionSpec): PageViews {
  const { width: W, height: H, pixels } = page;
  if (!(W > 0 && H > 0) || pixels.length !== W * H * 4) {
    throw new Error(`page image is ${W}x${H} with ${pixels.length} bytes; expected RGBA of that size`);
  }
  const G = vision.baseSize;
  const pre = vision.preprocess;
  // Letterbox: fit the longer side, centre, fill the rest with the pad grey.
  const fitW = W >= H ? G : Math.max(1, Math.round((W / H) * G));
  const fitH = W >= H ? Math.max(1, Math.round((H / W) * G)) : G;
  const ox = Math.round((G - fitW) / 2);
  const oy = Math.round((G - fitH) / 2);
  const fitted = resampleRgb(pixels, W, { x: 0, y: 0, width: W, height: H }, fitW, fitH);
  const canvas = new Float32Array(3 * G * G).fill(pre.padValue);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < fitH; y++) {
      canvas.set(fitted.subarray(c * fitW * fitH + y * fitW, c * fitW * fitH + (y + 1) * fitW), c * G * G + (y + oy) * G + ox);
    }
  }
  const global = new Float32Array(3 * G * G);
  normalize(canvas, pre, global, 0);

  const grid = chooseTileGrid(W, H, vision);
  let tiles: Float32Array | null = null;
  if (grid) {
    const S = vision.tileSize;
    tiles = new Float32Array(grid.cols * grid.rows * 3 * S * S);
    // The page is stretched to cols*S x rows*S; each tile is the source region that maps onto it.
    const sx = W / (grid.cols * S);
    const sy = H / (grid.rows * S);
    for (let r = 0; r < grid.rows; r++) {
      for (let c = 0; c < grid.cols; c++) {
        const x = Math.floor(c * S * sx);
        const y = Math.floor(r * S * sy);
        const region = {
          x,
          y,
          width: Math.max(1, Math.min(W, Math.ceil((c + 1) * S * sx)) - x),
          height: Math.max(1, Math.min(H, Math.ceil((r + 1) * S * sy)) - y),
        };
        normalize(resampleRgb(pixels, W, region, S, S), pre, tiles, (r * grid.cols + c) * 3 * S * S);
      }
    }
  }
  return { global, tiles, grid, letterbox: { x: ox, y: oy, width: fitW, height: fitH } };
}
