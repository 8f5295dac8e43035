// When a row stops. Stop rules only end generation; they never touch logits, so greedy and
// speculative decoding see the same distributions and stop at the same token.
import type { FinishReason, StopRules } from './types';

export function validateStopRules(stop: StopRules): void {
  if (!Number.isInteger(stop.eos) || stop.eos < 0) throw new RangeError(`stop.eos must be a token id, got ${stop.eos}`);
  if (!Number.isInteger(stop.maxTokens) || stop.maxTokens < 0) {
    throw new RangeError(`stop.maxTokens must be an integer >= 0, got ${stop.maxTokens}`);
  }
  const ngram = stop.ngram ?? 0;
  if (!Number.isInteger(ngram) || ngram < 0) throw new RangeError(`stop.ngram must be an integer >= 0, got ${ngram}`);
  if (ngram > 0 && !(Number.isInteger(stop.repeats) && (stop.repeats ?? 0) >= 2)) {
    throw new RangeError(`stop.repeats must be an integer >= 2 when stop.ngram is set, got ${stop.repeats}`);
  }
}

/**
 * True when the last `ngram * repeats` tokens are one `ngram`-token block repeated `repeats`
 * times in a row (the window is exactly `ngram` long, so "ab ab ab" needs ngram = 2).
 */
export function endsInRepetition(tokens: readonly number[], ngram: number, repeats: number): boolean {
  const span = ngram * repeats;
  const n = tokens.length;
  if (ngram <= 0 || repeats < 2 || n < span) return false;
  for (let i = n - span; i < n - ngram; i++) if (tokens[i] !== tokens[i + ngram]) return false;
  return true;
}

/**
 * Commit `token` to a row's output (`tokens`, which never holds eos) and say whether the row
 * is finished. eos is not appended; maxTokens counts the appended tokens.
 */
export function commitToken(tokens: number[], token: number, stop: StopRules): FinishReason | null {
  if (token === stop.eos) return 'eos';
  tokens.push(token);
  if (endsInRepetition(tokens, stop.ngram ?? 0, stop.repeats ?? 0)) return 'repeat';
  if (tokens.length >= stop.maxTokens) return 'length';
  return null;
}
