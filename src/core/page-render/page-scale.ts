// How large to render a page: long side ≈ target, bounded by a pixel budget and a resolution ceiling,
// so a 200×200-inch poster and a postage stamp both come out at a sane size.
import type { RenderTarget } from '../../protocol/document';

export const POINTS_PER_INCH = 72;

/** The size pages are drawn at to be read, in the app and the CLI alike: the same pixels in both. */
export const OCR_TARGET: RenderTarget = { longSide: 2000, maxPixels: 6_000_000, maxDpi: 600 };

/** Scale factor from PDF points to pixels. */
export function pdfScale(widthPt: number, heightPt: number, target: RenderTarget): number {
  const longPt = Math.max(widthPt, heightPt, 1);
  let scale = target.longSide / longPt;
  scale = Math.min(scale, target.maxDpi / POINTS_PER_INCH);
  const pixels = widthPt * heightPt * scale * scale;
  if (pixels > target.maxPixels) scale *= Math.sqrt(target.maxPixels / pixels);
  return scale;
}

/** Scale factor for a raster image: never upscale, shrink to the target and the pixel budget. */
export function imageScale(width: number, height: number, target: RenderTarget): number {
  let scale = Math.min(1, target.longSide / Math.max(width, height, 1));
  const pixels = width * height * scale * scale;
  if (pixels > target.maxPixels) scale *= Math.sqrt(target.maxPixels / pixels);
  return scale;
}

/** Pixel size of a scaled side, at least 1. */
export function scaledSide(side: number, scale: number): number {
  return Math.max(1, Math.round(side * scale));
}
