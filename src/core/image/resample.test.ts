import { describe, expect, it } from 'vitest';
import type { PageImage } from '../../protocol/page';
import { detectorInput } from '../detect/detector-input';
import { lineInput, LINE_DEFAULTS } from './line-input';
import { resampleNormalized, type ResampleSpec } from './resample';

/** A page of random colours, some pixels transparent or half so. */
function noisyPage(width: number, height: number, seed: number): PageImage {
  const pixels = new Uint8ClampedArray(width * height * 4);
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) & 255;
  for (let i = 0; i < pixels.length; i += 4) {
    pixels[i] = rnd();
    pixels[i + 1] = rnd();
    pixels[i + 2] = rnd();
    const a = rnd();
    pixels[i + 3] = a < 200 ? 255 : a < 230 ? 0 : a;
  }
  return { width, height, pixels, dpi: 72 };
}

/** The plain per-pixel, per-channel loop the fast one must reproduce bit for bit. */
function reference(page: PageImage, s: ResampleSpec): Float32Array {
  const out = new Float32Array(3 * s.plane);
  const { width: pw, height: ph, pixels } = page;
  const onWhite = (i: number, ch: number) => (pixels[i + 3] === 255 ? pixels[i + ch]! : (pixels[i + ch]! * pixels[i + 3]! + 255 * (255 - pixels[i + 3]!)) / 255);
  for (let y = 0; y < s.height; y++) {
    const syf = Math.min(ph - 1, Math.max(0, s.y0 + (y + 0.5) * s.fy - 0.5));
    const ya = Math.floor(syf);
    const yb = Math.min(ph - 1, ya + 1);
    const wy = syf - ya;
    for (let x = 0; x < s.width; x++) {
      const sxf = Math.min(pw - 1, Math.max(0, s.x0 + (x + 0.5) * s.fx - 0.5));
      const xa = Math.floor(sxf);
      const xb = Math.min(pw - 1, xa + 1);
      const wx = sxf - xa;
      for (let c = 0; c < 3; c++) {
        const ch = s.channels[c]!;
        const at = (yy: number, xx: number) => onWhite((yy * pw + xx) * 4, ch);
        const v = (1 - wy) * ((1 - wx) * at(ya, xa) + wx * at(ya, xb)) + wy * ((1 - wx) * at(yb, xa) + wx * at(yb, xb));
        out[c * s.plane + y * s.stride + x] = v * s.scale[c]! - s.offset[c]!;
      }
    }
  }
  return out;
}

describe('resampleNormalized', () => {
  const page = noisyPage(157, 93, 7);
  const norm = { scale: [1 / 127.5, 1 / 127.5, 1 / 127.5], offset: [1, 1, 1] };

  it('writes every value as the per-pixel loop does, bit for bit, shrinking and enlarging, on transparent pixels too', () => {
    const specs: ResampleSpec[] = [
      { x0: 0, y0: 0, fx: 157 / 64, fy: 93 / 32, width: 64, height: 32, stride: 64, plane: 64 * 32, channels: [2, 1, 0], ...norm },
      { x0: 10.4, y0: 20.7, fx: 0.37, fy: 0.41, width: 120, height: 48, stride: 128, plane: 128 * 48, channels: [0, 1, 2], ...norm },
      { x0: 150.2, y0: 80.5, fx: 0.9, fy: 0.3, width: 30, height: 48, stride: 32, plane: 32 * 48, channels: [2, 1, 0], ...norm },
    ];
    for (const s of specs) {
      const fast = new Float32Array(3 * s.plane);
      resampleNormalized(page, s, fast);
      expect(Buffer.from(fast.buffer).equals(Buffer.from(reference(page, s).buffer))).toBe(true);
    }
  });

  it('is what the detector and a recognized line are fed', () => {
    const det = detectorInput(page, { maxSide: 64 });
    const s: ResampleSpec = { x0: 0, y0: 0, fx: 157 / det.width, fy: 93 / det.height, width: det.width, height: det.height, stride: det.width, plane: det.width * det.height, channels: [2, 1, 0], scale: [0.229, 0.224, 0.225].map((v) => 1 / (255 * v)), offset: [0.485 / 0.229, 0.456 / 0.224, 0.406 / 0.225] };
    expect(Buffer.from(det.tensor.buffer).equals(Buffer.from(reference(page, s).buffer))).toBe(true);
    const line = lineInput(page, [12.5, 30.2, 140.8, 52.9], LINE_DEFAULTS);
    const ls: ResampleSpec = { x0: 12.5, y0: 30.2, fx: (140.8 - 12.5) / line.contentWidth, fy: (52.9 - 30.2) / 48, width: line.contentWidth, height: 48, stride: line.width, plane: line.width * 48, channels: [2, 1, 0], ...norm };
    const want = reference(page, ls);
    for (let c = 0; c < 3; c++) for (let y = 0; y < 48; y++) for (let x = 0; x < line.contentWidth; x++) {
      const i = c * ls.plane + y * line.width + x;
      if (line.tensor[i] !== want[i]) throw new Error(`line tensor differs at c${c} y${y} x${x}`);
    }
  });
});
