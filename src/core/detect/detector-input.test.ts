import { describe, expect, it } from 'vitest';
import { detectorInput, detectorSize } from './detector-input';

describe('detectorSize', () => {
  it('caps the longest side and rounds both sides to multiples of 32', () => {
    expect(detectorSize(2000, 1414, 960)).toEqual({ width: 960, height: 672 });
    expect(detectorSize(100, 50, 960)).toEqual({ width: 96, height: 64 });
    expect(detectorSize(10, 5000, 960)).toEqual({ width: 32, height: 960 });
  });
});

describe('detectorInput', () => {
  it('puts channels in BGR order with ImageNet normalization', () => {
    // 64×32 page, left half pure red, right half pure blue; no resize needed.
    const w = 64, h = 32;
    const px = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      px.set(x < 32 ? [255, 0, 0, 255] : [0, 0, 255, 255], i);
    }
    const { tensor, width, height, scaleX } = detectorInput({ width: w, height: h, pixels: px, dpi: 0 });
    expect([width, height, scaleX]).toEqual([64, 32, 1]);
    const plane = w * h;
    const at = (c: number, x: number, y: number) => tensor[c * plane + y * w + x]!;
    // Channel 0 is blue: 0 on the red side.
    expect(at(0, 5, 5)).toBeCloseTo((0 - 0.485) / 0.229, 4);
    expect(at(0, 50, 5)).toBeCloseTo((1 - 0.485) / 0.229, 4);
    // Channel 2 is red.
    expect(at(2, 5, 5)).toBeCloseTo((1 - 0.406) / 0.225, 4);
  });

  it('composites transparent pixels on white and reports the scale back to page pixels', () => {
    const w = 200, h = 100;
    const { tensor, width, height, scaleX, scaleY } = detectorInput(
      { width: w, height: h, pixels: new Uint8ClampedArray(w * h * 4), dpi: 0 },
      { maxSide: 96 },
    );
    expect([width, height]).toEqual([96, 64]);
    expect(scaleX).toBeCloseTo(200 / 96);
    expect(scaleY).toBeCloseTo(100 / 64);
    expect(tensor[0]).toBeCloseTo((1 - 0.485) / 0.229, 4);
  });

  it('rejects a pixel buffer of the wrong size', () => {
    expect(() => detectorInput({ width: 10, height: 10, pixels: new Uint8ClampedArray(10), dpi: 0 })).toThrow(/10×10/);
  });
});
