import { describe, expect, it } from 'vitest';
import { acceptanceRates, emptyStats, mergeStats, tokensPerPass } from './stats';

describe('stats', () => {
  it('tokensPerPass divides by row passes (a batched call counts once per row)', () => {
    const s = { ...emptyStats(2), tokens: 30, decoderCalls: 5, rowPasses: 12 };
    expect(tokensPerPass(s)).toBe(2.5);
    expect(tokensPerPass(emptyStats())).toBe(0);
    const { rowPasses: _, ...older } = s;
    expect(tokensPerPass(older)).toBe(6);
  });
  it('merges per-step counts of different lengths and gives conditional acceptance', () => {
    const a = { ...emptyStats(2), tokens: 4, decoderCalls: 2, rowPasses: 2, acceptedPerStep: [1, 0], proposedPerStep: [2, 1] };
    const b = { ...emptyStats(3), tokens: 6, decoderCalls: 3, rowPasses: 3, acceptedPerStep: [1, 1, 1], proposedPerStep: [2, 1, 1] };
    const m = mergeStats(a, b);
    expect(m).toMatchObject({ tokens: 10, decoderCalls: 5, rowPasses: 5, acceptedPerStep: [2, 1, 1], proposedPerStep: [4, 2, 1] });
    expect(acceptanceRates(m)).toEqual([0.5, 0.5, 1]);
  });
});
