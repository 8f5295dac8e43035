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
    // From the later of `axis` and `padAxis` inwards a part is one contiguous run in its own data and in the
    // output (the inner axes agree, and the part's slice along that axis starts at its offset): copy it whole.
    const m = Math.max(axis, padAxis);
    const run = p.dims.slice(m).reduce((a, b) => a * b, 1);
    const outerCount = run > 0 ? p.data.length / run : 0;
    const idx = new Array<number>(m).fill(0);
    for (let k = 0; k < outerCount; k++) {
      let rem = k * run;
      let dst = 0;
      for (let i = 0; i < m; i++) {
        idx[i] = Math.floor(rem / ps[i]);
        rem -= idx[i] * ps[i];
        dst += (i === axis ? idx[i] + offset : idx[i]) * os[i];
      }
      const dstM = m === axis ? offset * os[m] : 0;
      out.set(p.data.subarray(k * run, k * run + run), dst + dstM);
    }
    offset += p.dims[axis];
  }
  return { data: out, dims };
}
