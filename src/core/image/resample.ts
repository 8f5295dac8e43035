// Bilinear resampling of an RGBA page into a normalized, channel-major float tensor: the detector's input and
// each recognized line's. Pixel centres are aligned (source x = x0 + (x + 0.5)·fx − 0.5, clamped to the page),
// a transparent pixel is composited on white, and each output channel is v·scale − offset.
//
// A page is over a million output pixels, read once or twice per page: the column and row terms are worked out
// once, not per pixel and channel. Each value is the same expression as a per-pixel loop's, so tensors are
// bit-for-bit what they were (resample.test.ts).
import type { PageImage } from '../../protocol/page';

export interface ResampleSpec {
  /** Source origin and step per output pixel, page pixels. */
  x0: number;
  y0: number;
  fx: number;
  fy: number;
  /** Output columns and rows filled. */
  width: number;
  height: number;
  /** The tensor's row length (≥ width: a line's padding is left to the caller) and channel plane size. */
  stride: number;
  plane: number;
  /** RGBA byte each output channel reads (BGR: [2, 1, 0]). */
  channels: readonly number[];
  scale: readonly number[];
  offset: readonly number[];
}

export function resampleNormalized(page: PageImage, s: ResampleSpec, tensor: Float32Array): void {
  const { width: pw, height: ph, pixels } = page;
  const { width, height, stride, plane } = s;
  const xa = new Int32Array(width);
  const xb = new Int32Array(width);
  const wxs = new Float64Array(width);
  const wxs1 = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const sxf = Math.min(pw - 1, Math.max(0, s.x0 + (x + 0.5) * s.fx - 0.5));
    const a = Math.floor(sxf);
    xa[x] = a * 4;
    xb[x] = Math.min(pw - 1, a + 1) * 4;
    wxs[x] = sxf - a;
    wxs1[x] = 1 - wxs[x]!;
  }
  const [c0, c1, c2] = s.channels as [number, number, number];
  const [k0, k1, k2] = s.scale as [number, number, number];
  const [o0, o1, o2] = s.offset as [number, number, number];
  for (let y = 0; y < height; y++) {
    const syf = Math.min(ph - 1, Math.max(0, s.y0 + (y + 0.5) * s.fy - 0.5));
    const ya = Math.floor(syf);
    const yb = Math.min(ph - 1, ya + 1);
    const wy = syf - ya;
    const wy1 = 1 - wy;
    const top = ya * pw * 4;
    const bottom = yb * pw * 4;
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      const i00 = top + xa[x]!;
      const i01 = top + xb[x]!;
      const i10 = bottom + xa[x]!;
      const i11 = bottom + xb[x]!;
      const wx = wxs[x]!;
      const wx1 = wxs1[x]!;
      const o = row + x;
      if (pixels[i00 + 3] === 255 && pixels[i01 + 3] === 255 && pixels[i10 + 3] === 255 && pixels[i11 + 3] === 255) {
        tensor[o] = mix(pixels[i00 + c0]!, pixels[i01 + c0]!, pixels[i10 + c0]!, pixels[i11 + c0]!, wx1, wx, wy1, wy) * k0 - o0;
        tensor[plane + o] = mix(pixels[i00 + c1]!, pixels[i01 + c1]!, pixels[i10 + c1]!, pixels[i11 + c1]!, wx1, wx, wy1, wy) * k1 - o1;
        tensor[2 * plane + o] = mix(pixels[i00 + c2]!, pixels[i01 + c2]!, pixels[i10 + c2]!, pixels[i11 + c2]!, wx1, wx, wy1, wy) * k2 - o2;
        continue;
      }
      for (let c = 0; c < 3; c++) {
        const ch = s.channels[c]!;
        const v = mix(onWhite(pixels, i00, ch), onWhite(pixels, i01, ch), onWhite(pixels, i10, ch), onWhite(pixels, i11, ch), wx1, wx, wy1, wy);
        tensor[c * plane + o] = v * s.scale[c]! - s.offset[c]!;
      }
    }
  }
}

// wx1 = 1 − wx and wy1 = 1 − wy, the same doubles as computed in place.
const mix = (p00: number, p01: number, p10: number, p11: number, wx1: number, wx: number, wy1: number, wy: number) =>
  wy1 * (wx1 * p00 + wx * p01) + wy * (wx1 * p10 + wx * p11);

function onWhite(px: Uint8ClampedArray, i: number, ch: number): number {
  const a = px[i + 3]!;
  return a === 255 ? px[i + ch]! : (px[i + ch]! * a + 255 * (255 - a)) / 255;
}
