// Recognizer line preprocessing (docs/pack-format.md, "Line preprocessing").
//
//   lineInput(page, bbox, preprocess) → { tensor [3, H, W] Float32Array, width W, contentWidth }
//
// The box is cropped from the RGBA page, resized (bilinear, pixel centres aligned) to the target height
// keeping its aspect ratio, and right-padded with `padValue` to a width that is a multiple of `multipleOf`
// (at least `minWidth`). Lines wider than `maxWidth` are squeezed to it. Channels follow `channelOrder`,
// normalized per channel as (x/255 − mean)/std. The engine and the training feature extractor both call
// this, so the recognizer is trained on exactly the pixels it sees at inference.
import type { ImagePreprocess } from '../pack/manifest-types';
import type { BBox, PageImage } from '../../protocol/page';
import { resampleNormalized } from './resample';

export interface LineInput {
  /** [3, targetHeight, width], channel-major. */
  tensor: Float32Array;
  height: number;
  width: number;
  /** Columns holding the resized line; the rest is padding. */
  contentWidth: number;
}

export type LinePreprocess = Required<
  Pick<ImagePreprocess, 'targetHeight' | 'multipleOf' | 'minWidth' | 'maxWidth' | 'padValue'>
> &
  Pick<ImagePreprocess, 'channelOrder' | 'mean' | 'std'>;

export const LINE_DEFAULTS: LinePreprocess = {
  targetHeight: 48,
  multipleOf: 8,
  minWidth: 16,
  maxWidth: 2400,
  padValue: 255,
  channelOrder: 'BGR',
  mean: [0.5, 0.5, 0.5],
  std: [0.5, 0.5, 0.5],
};

/** Resolves a pack's recognizer preprocess block against the defaults above. */
export function linePreprocess(p: Partial<ImagePreprocess> = {}): LinePreprocess {
  const o = { ...LINE_DEFAULTS };
  for (const k of Object.keys(o) as (keyof LinePreprocess)[]) {
    if (p[k] !== undefined) (o as Record<string, unknown>)[k] = p[k];
  }
  return o;
}

/** Resized width of a box's content and the padded tensor width, before any cropping work. */
export function lineWidths(box: BBox, p: LinePreprocess): { contentWidth: number; width: number } {
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const cap = Math.max(p.multipleOf, Math.floor(p.maxWidth / p.multipleOf) * p.multipleOf);
  const contentWidth = Math.min(cap, Math.max(1, Math.round((bw * p.targetHeight) / bh)));
  const width = Math.min(cap, Math.ceil(Math.max(contentWidth, p.minWidth) / p.multipleOf) * p.multipleOf);
  return { contentWidth, width };
}

/**
 * Crops `box` (page pixels, clamped to the page) and returns the normalized tensor.
 * `padTo` widens the tensor with padding, for lines that share a batch with wider ones.
 */
export function lineInput(page: PageImage, box: BBox, p: LinePreprocess = LINE_DEFAULTS, padTo = 0): LineInput {
  const { width: pw, height: ph, pixels } = page;
  if (pw <= 0 || ph <= 0 || pixels.length < pw * ph * 4) {
    throw new Error(`page image ${pw}×${ph} has ${pixels.length} bytes, expected ${pw * ph * 4}`);
  }
  const x0 = Math.max(0, box[0]);
  const y0 = Math.max(0, box[1]);
  const x1 = Math.min(pw, box[2]);
  const y1 = Math.min(ph, box[3]);
  if (!(x1 - x0 >= 1 && y1 - y0 >= 1)) {
    throw new Error(`line box [${box.join(', ')}] has no pixels inside the ${pw}×${ph} page`);
  }
  const clamped: BBox = [x0, y0, x1, y1];
  const { contentWidth, width: ownWidth } = lineWidths(clamped, p);
  const width = Math.max(ownWidth, Math.ceil(padTo / p.multipleOf) * p.multipleOf);
  const height = p.targetHeight;
  const plane = width * height;
  const tensor = new Float32Array(3 * plane);

  // Output channel c reads RGBA byte `src[c]`.
  const src = p.channelOrder === 'BGR' ? [2, 1, 0] : [0, 1, 2];
  const scale = p.std.map((s) => 1 / (255 * s));
  const offset = p.mean.map((m, c) => m / p.std[c]!);
  resampleNormalized(page, { x0, y0, fx: (x1 - x0) / contentWidth, fy: (y1 - y0) / height, width: contentWidth, height, stride: width, plane, channels: src, scale, offset }, tensor);
  for (let c = 0; c < 3; c++) {
    const pad = p.padValue * scale[c]! - offset[c]!;
    for (let y = 0; y < height; y++) {
      tensor.fill(pad, c * plane + y * width + contentWidth, c * plane + (y + 1) * width);
    }
  }
  return { tensor, height, width, contentWidth };
}
