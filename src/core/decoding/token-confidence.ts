// How sure the model was of each token it committed: the log-probability of the chosen token under the
// softmax of its logits row. It is read off the same logits the argmax used and never feeds back into
// decoding, so speculation stays lossless; greedy and speculative passes compute it from logits that
// agree up to float rounding between kernels.

/** log softmax(values[offset .. offset + length))[index], computed stably. */
export function tokenLogProb(values: Float32Array, offset: number, length: number, index: number): number {
  let max = -Infinity;
  for (let i = 0; i < length; i++) {
    const v = values[offset + i]!;
    if (v > max) max = v;
  }
  if (!Number.isFinite(max)) return -Infinity;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const v = values[offset + i]!;
    if (v === v) sum += Math.exp(v - max); // NaN (untrusted output) adds nothing
  }
  const chosen = values[offset + index]!;
  return chosen === chosen ? chosen - max - Math.log(sum) : -Infinity;
}

/**
 * A sequence's confidence: the geometric mean of its tokens' probabilities, exp(mean log p), in [0, 1].
 * An empty sequence (the model stopped at once) is as sure as its stop, which is not measured: 1.
 */
export function sequenceConfidence(logProbs: readonly number[]): number {
  if (logProbs.length === 0) return 1;
  let sum = 0;
  for (const lp of logProbs) sum += lp;
  return Math.exp(sum / logProbs.length);
}
