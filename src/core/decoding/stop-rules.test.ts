import { describe, expect, it } from 'vitest';
import { commitToken, endsInRepetition, validateStopRules } from './stop-rules';

describe('stop rules', () => {
  const stop = { eos: 2, maxTokens: 5 };
  it('eos ends the row without being committed', () => {
    const out = [7];
    expect(commitToken(out, 2, stop)).toBe('eos');
    expect(out).toEqual([7]);
  });
  it('maxTokens ends the row on the token that reaches it', () => {
    const out = [4, 5, 6];
    expect(commitToken(out, 7, stop)).toBeNull();
    expect(commitToken(out, 8, stop)).toBe('length');
    expect(out).toEqual([4, 5, 6, 7, 8]);
  });
  it('repetition: the last ngram tokens repeated `repeats` times in a row', () => {
    expect(endsInRepetition([9, 4, 5, 4, 5, 4, 5], 2, 3)).toBe(true);
    expect(endsInRepetition([4, 5, 4, 5, 4], 2, 3)).toBe(false);
    expect(endsInRepetition([4, 5, 4, 6, 4, 5], 2, 3)).toBe(false);
    expect(endsInRepetition([3, 3, 3], 1, 3)).toBe(true);
    expect(endsInRepetition([4, 5, 4, 5, 4, 5], 3, 2)).toBe(false); // window is exactly ngram
    const out: number[] = [];
    const rules = { eos: 2, maxTokens: 99, ngram: 1, repeats: 3 };
    expect([commitToken(out, 6, rules), commitToken(out, 6, rules), commitToken(out, 6, rules)]).toEqual([null, null, 'repeat']);
  });
  it('rejects rules that make no sense, with a message', () => {
    expect(() => validateStopRules({ eos: 2, maxTokens: -1 })).toThrow(/maxTokens/);
    expect(() => validateStopRules({ eos: 2.5, maxTokens: 3 })).toThrow(/eos/);
    expect(() => validateStopRules({ eos: 2, maxTokens: 3, ngram: 2 })).toThrow(/repeats/);
    expect(() => validateStopRules({ eos: 2, maxTokens: 3, ngram: 2, repeats: 1 })).toThrow(/repeats/);
    expect(() => validateStopRules({ eos: 2, maxTokens: 3, ngram: 0 })).not.toThrow();
  });
});
