// N-gram repetition stop for page decoding. It ends generation; it never changes logits, so greedy and
// speculative decoding stop at the same token (a no-repeat logits processor would not be lossless).

export interface RepetitionRule {
  /** n-gram size. */
  ngram: number;
  /** Look-back window in tokens (the newest n-gram must recur inside it). */
  window: number;
}

/**
 * When the newest `ngram` tokens (of the first `len`) already occurred, ending earlier, within the last
 * `window` tokens: the length to keep, which drops only that repeated copy. null when there is none.
 */
export function repetitionCut(tokens: readonly number[], rule: RepetitionRule, len = tokens.length): number | null {
  const { ngram: n, window } = rule;
  if (n <= 0 || len < n + 1) return null;
  const from = Math.max(0, len - window);
  outer: for (let end = len - 1; end - n >= from; end--) {
    // Candidate earlier occurrence ends at `end` (exclusive), newest n-gram is [len-n, len).
    for (let k = 0; k < n; k++) if (tokens[end - n + k] !== tokens[len - n + k]) continue outer;
    return len - n;
  }
  return null;
}

/**
 * Cuts a row at its first repetition point, as if the rule had stopped generation there (the first
 * `len` tokens with a recurring newest n-gram); loop-free rows are returned as they are.
 */
export function trimRepetition(tokens: number[], rule: RepetitionRule): number[] {
  for (let len = rule.ngram + 1; len <= tokens.length; len++) {
    const cut = repetitionCut(tokens, rule, len);
    if (cut !== null) return tokens.slice(0, cut);
  }
  return tokens;
}
