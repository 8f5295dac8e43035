// Row selection and right-padding on host tensors (row-major), used when finished lines leave a batch
// and when lines of different widths share one.

/** Keeps `rows` (in the given order) of axis `axis` of a row-major tensor. */
export function takeRows(data: Float32Array, dims: readonly number[], axis: number, rows: readonly number[]): Float32Array {
  const outer = dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
  const n = dims[axis];
  const out = new Float32Array(outer * rows.length * inner);
  for (let o = 0; o < outer; o++) {
    rows.forEach((r, j) => {
      if (r < 0 || r >= n) throw new RangeError(`row ${r} outside 0..${n - 1}`);
      const src = (o * n + r) * inner;
      out.set(data.subarray(src, src + inner), (o * rows.length + j) * inner);
    });
  }
  return out;
}

/**
 * Concatenates tensors along `axis`, padding axis `padAxis` of each up to `padTo` with zeros.
 * All parts must agree on every other axis.
 */
export function concatPadded(
  parts: { data: Float32Array; dims: readonly number[] }[],
  axis: number,
  padAxis: number,
  padTo: number,
): { data: Float32Array; dims: number[] } {
  if (parts.length === 0) throw new RangeError('nothing to concatenate');
  const dims = [...parts[0].dims];
  dims[padAxis] = padTo;
  dims[axis] = parts.reduce((s, p) => s + p.dims[axis], 0);
  const out = new Float32Array(dims.reduce((a, b) => a * b, 1));
  // Index arithmetic over a generic row-major layout: copy contiguous runs of the innermost axes
  // below min(axis, padAxis) … kept simple by walking every element's outer index.
  const strides = (d: readonly number[]) => {
    const s = new Array<number>(d.length).fill(1);
    for (let i = d.length - 2; i >= 0; i--) s[i] = s[i + 1] * d[i + 1];
    return s;
  };
  const os = strides(dims);
  let offset = 0;
  for (const p of parts) {
    if (p.dims.length !== dims.length) throw new RangeError('rank mismatch');
    for (let i = 0; i < dims.length; i++) {
      if (i !== axis && i !== padAxis && p.dims[i] !== dims[i]) throw new RangeError(`axis ${i} differs: ${p.dims[i]} vs ${dims[i]}`);
    }
    if (p.dims[padAxis] > padTo) throw new RangeError(`axis ${padAxis} is ${p.dims[padAxis]} > ${padTo}`);
    const ps = strides(p.dims);
    // Copy the innermost contiguous run (last axis) at a time.
    const last = p.dims.length - 1;
    const run = p.dims[last];
    const outerCount = p.data.length / run;
    const idx = new Array<number>(p.dims.length).fill(0);
    for (let k = 0; k < outerCount; k++) {
      let rem = k * run;
      let dst = 0;
      for (let i = 0; i < last; i++) {
        idx[i] = Math.floor(rem / ps[i]);
        rem -= idx[i] * ps[i];
        dst += (i === axis ? idx[i] + offset : idx[i]) * os[i];
      }
      const dstLast = last === axis ? offset * os[last] : 0;
      out.set(p.data.subarray(k * run, k * run + run), dst + dstLast);
    }
    offset += p.dims[axis];
  }
  return { data: out, dims };
}
