// Separable resampling of RGBA pages into float RGB planes. A triangle filter widened by the scale
// factor when shrinking (antialiased bilinear), so small text is averaged rather than aliased.

/** One axis: for every output index, source indices and weights (summing to 1). */
interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  width: number; // taps per output (max)
}

function axisTaps(src: number, dst: number): Taps {
  const scale = src / dst;
  const support = Math.max(1, scale);
  const width = Math.ceil(support) * 2 + 1;
  const start = new Int32Array(dst);
  const count = new Int32Array(dst);
  const weights = new Float32Array(dst * width);
  for (let i = 0; i < dst; i++) {
    const center = (i + 0.5) * scale;
    const lo = Math.max(0, Math.floor(center - support));
    const hi = Math.min(src, Math.ceil(center + support));
    let sum = 0;
    const n = Math.min(hi - lo, width);
    for (let k = 0; k < n; k++) {
      const w = Math.max(0, 1 - Math.abs((lo + k + 0.5 - center) / support));
      weights[i * width + k] = w;
      sum += w;
    }
    for (let k = 0; k < n; k++) weights[i * width + k] = sum > 0 ? weights[i * width + k]! / sum : 1 / n;
    start[i] = lo;
    count[i] = n;
  }
  return { start, count, weights, width };
}

/** RGBA (0..255) region [x0, x0+w) x [y0, y0+h) of `pixels` -> planar RGB floats [3, dh, dw] in 0..255. */
export function resampleRgb(
  pixels: Uint8ClampedArray,
  stride: number,
  region: { x: number; y: number; width: number; height: number },
  dw: number,
  dh: number,
): Float32Array {
  const { x: x0, y: y0, width: sw, height: sh } = region;
  const tx = axisTaps(sw, dw);
  const ty = axisTaps(sh, dh);
  // Horizontal pass: [sh, dw, 3]
  const mid = new Float32Array(sh * dw * 3);
  for (let y = 0; y < sh; y++) {
    const row = (y0 + y) * stride * 4;
    for (let i = 0; i < dw; i++) {
      let r = 0, g = 0, b = 0;
      for (let k = 0; k < tx.count[i]!; k++) {
        const w = tx.weights[i * tx.width + k]!;
        const p = row + (x0 + tx.start[i]! + k) * 4;
        r += w * pixels[p]!;
        g += w * pixels[p + 1]!;
        b += w * pixels[p + 2]!;
      }
      const o = (y * dw + i) * 3;
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
    }
  }
  // Vertical pass into planes.
  const out = new Float32Array(3 * dh * dw);
  const plane = dh * dw;
  for (let j = 0; j < dh; j++) {
    for (let i = 0; i < dw; i++) {
      let r = 0, g = 0, b = 0;
      for (let k = 0; k < ty.count[j]!; k++) {
        const w = ty.weights[j * ty.width + k]!;
        const o = ((ty.start[j]! + k) * dw + i) * 3;
        r += w * mid[o]!;
        g += w * mid[o + 1]!;
        b += w * mid[o + 2]!;
      }
      out[j * dw + i] = r;
      out[plane + j * dw + i] = g;
      out[2 * plane + j * dw + i] = b;
    }
  }
  return out;
}
