// Detector preprocessing for PP-OCRv4-style DB detectors.
//
//   detectorInput(image, { maxSide }) → { tensor [1,3,H,W] Float32Array, width, height, scaleX, scaleY }
//
// The page is resized (bilinear) so its longest side is at most maxSide and both sides are multiples of
// 32 (the detector downsamples by 32), transparent pixels are composited on white, channels are put in
// BGR order and normalized with ImageNet mean/std applied per output channel, as PaddleOCR does
// (it reads BGR with OpenCV and applies the mean/std lists in that order). scaleX/scaleY map detector
// pixels back to page pixels, ready for linesFromProbabilityMap.
import type { PageImage } from '../../protocol/page';

export interface DetectorInput {
  tensor: Float32Array;
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
}

export interface DetectorPreprocess {
  maxSide: number;
  /** Per output channel (B, G, R). */
  mean: [number, number, number];
  std: [number, number, number];
}

export const DETECTOR_DEFAULTS: DetectorPreprocess = {
  maxSide: 960,
  mean: [0.485, 0.456, 0.406],
  std: [0.229, 0.224, 0.225],
};

/** Target size: longest side ≤ maxSide (never upscaled), each side rounded to a multiple of 32 (≥ 32). */
export function detectorSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const cap = Math.max(32, Math.floor(maxSide / 32) * 32);
  const round32 = (v: number) => Math.min(cap, Math.max(32, Math.round(v / 32) * 32));
  return { width: round32(width * scale), height: round32(height * scale) };
}

export function detectorInput(image: PageImage, options: Partial<DetectorPreprocess> = {}): DetectorInput {
  const o = { ...DETECTOR_DEFAULTS, ...options };
  const { width: sw, height: sh, pixels } = image;
  if (sw <= 0 || sh <= 0 || pixels.length < sw * sh * 4) {
    throw new Error(`page image ${sw}×${sh} has ${pixels.length} bytes, expected ${sw * sh * 4}`);
  }
  const { width: tw, height: th } = detectorSize(sw, sh, o.maxSide);
  const plane = tw * th;
  const tensor = new Float32Array(3 * plane);
  const fx = sw / tw;
  const fy = sh / th;
  // Channel c of the output (B, G, R) reads RGBA byte 2 - c.
  const scale = o.std.map((s) => 1 / (255 * s));
  const offset = o.mean.map((m, c) => m / o.std[c]!);
  for (let y = 0; y < th; y++) {
    const syf = Math.min(sh - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(syf);
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = syf - y0;
    for (let x = 0; x < tw; x++) {
      const sxf = Math.min(sw - 1, Math.max(0, (x + 0.5) * fx - 0.5));
      const x0 = Math.floor(sxf);
      const x1 = Math.min(sw - 1, x0 + 1);
      const wx = sxf - x0;
      const i00 = (y0 * sw + x0) * 4;
      const i01 = (y0 * sw + x1) * 4;
      const i10 = (y1 * sw + x0) * 4;
      const i11 = (y1 * sw + x1) * 4;
      for (let c = 0; c < 3; c++) {
        const ch = 2 - c;
        const v =
          (1 - wy) * ((1 - wx) * onWhite(pixels, i00, ch) + wx * onWhite(pixels, i01, ch)) +
          wy * ((1 - wx) * onWhite(pixels, i10, ch) + wx * onWhite(pixels, i11, ch));
        tensor[c * plane + y * tw + x] = v * scale[c]! - offset[c]!;
      }
    }
  }
  return { tensor, width: tw, height: th, scaleX: sw / tw, scaleY: sh / th };
}

function onWhite(px: Uint8ClampedArray, i: number, ch: number): number {
  const a = px[i + 3]!;
  return a === 255 ? px[i + ch]! : (px[i + ch]! * a + 255 * (255 - a)) / 255;
}
