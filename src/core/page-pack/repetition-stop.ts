// N-gram repetition stop for page decoding. It ends generation; it never changes logits, so greedy and
// speculative decoding stop at the same token (a no-repeat logits processor would not be lossless).

export interface RepetitionRule {
  /** n-gram size. */
  ngram: number;
  /** Look-back window in tokens (the newest n-gram must recur inside it). */
  window: number;
}

/**
 * The length to keep when the newest `ngram` tokens already occurred (ending earlier) within the
 * last `window` tokens: the output up to and including the first occurrence of the loop. null when
 * there is no repetition yet.
 */
export function repetitionCut(tokens: readonly number[], rule: RepetitionRule): number | null {
  const { ngram: n, window } = rule;
  const len = tokens.length;
  if (n <= 0 || len < n + 1) return null;
  const from = Math.max(0, len - window);
  outer: for (let end = len - 1; end - n >= from; end--) {
    // Candidate earlier occurrence ends at `end` (exclusive), newest n-gram is [len-n, len).
    for (let k = 0; k < n; k++) if (tokens[end - n + k] !== tokens[len - n + k]) continue outer;
    return end;
  }
  return null;
}

/** Cuts a finished row at its first repetition point (rows that stopped for another reason stay as they are). */
export function trimRepetition(tokens: number[], rule: RepetitionRule): number[] {
  for (let len = rule.ngram + 1; len <= tokens.length; len++) {
    const cut = repetitionCut(tokens.slice(0, len), rule);
    if (cut !== null) return tokens.slice(0, cut);
  }
  return tokens;
}
