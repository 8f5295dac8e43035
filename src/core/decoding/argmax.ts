// The one argmax both greedy and speculative decoding use, so they can never disagree on a tie.

/**
 * Index of the largest of `values[offset .. offset + length)`, relative to `offset`.
 * Ties go to the lowest index (strict `>`). NaN never wins, since model output is untrusted;
 * a vector of only NaN / -Infinity gives 0.
 */
export function argmax(values: Float32Array, offset: number, length: number): number {
  let best = 0;
  let bestValue = -Infinity;
  for (let i = 0; i < length; i++) {
    const v = values[offset + i]!;
    if (v > bestValue) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}

/** argmax of each of `rows` consecutive vectors of `length` values. */
export function argmaxRows(values: Float32Array, rows: number, length: number): Int32Array {
  const out = new Int32Array(rows);
  for (let r = 0; r < rows; r++) out[r] = argmax(values, r * length, length);
  return out;
}
