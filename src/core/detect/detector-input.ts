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
import { resampleNormalized } from '../image/resample';

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
  // Channel c of the output (B, G, R) reads RGBA byte 2 - c.
  const scale = o.std.map((s) => 1 / (255 * s));
  const offset = o.mean.map((m, c) => m / o.std[c]!);
  resampleNormalized(image, { x0: 0, y0: 0, fx: sw / tw, fy: sh / th, width: tw, height: th, stride: tw, plane, channels: [2, 1, 0], scale, offset }, tensor);
  return { tensor, width: tw, height: th, scaleX: sw / tw, scaleY: sh / th };
}
