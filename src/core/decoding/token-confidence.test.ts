import { describe, expect, it } from 'vitest';
import { decodeBatch } from './decode-batch';
import { BOS, EOS, FakeModel, type FakeRow } from './testing/fake-model';
import { sequenceConfidence, tokenLogProb } from './token-confidence';

describe('tokenLogProb', () => {
  it('is the log softmax of the chosen entry', () => {
    const logits = new Float32Array([9, 1, 2, 3]);
    const z = Math.exp(1) + Math.exp(2) + Math.exp(3);
    expect(tokenLogProb(logits, 1, 3, 2)).toBeCloseTo(3 - Math.log(z), 6);
    expect(tokenLogProb(logits, 1, 3, 0)).toBeCloseTo(1 - Math.log(z), 6);
  });

  it('stays finite for huge logits and gives -Infinity for NaN or all -Infinity rows', () => {
    expect(tokenLogProb(new Float32Array([1e30, 0]), 0, 2, 0)).toBeCloseTo(0, 6);
    expect(tokenLogProb(new Float32Array([NaN, 0]), 0, 2, 0)).toBe(-Infinity);
    expect(tokenLogProb(new Float32Array([-Infinity, -Infinity]), 0, 2, 1)).toBe(-Infinity);
  });
});

describe('sequenceConfidence', () => {
  it('is the geometric mean of the token probabilities', () => {
    expect(sequenceConfidence([Math.log(0.5), Math.log(0.125)])).toBeCloseTo(0.25, 10);
    expect(sequenceConfidence([])).toBe(1);
  });
});

describe('decodeBatch log-probabilities', () => {
  const rows: FakeRow[] = [
    { seed: 11, eosAt: 17, draft: 'oracle' },
    { seed: 12, eosAt: 6, draft: 'random' },
    { seed: 13, eosAt: 25, draft: 'adversarial', loopAt: 5, loopPeriod: 2 },
    { seed: 14, eosAt: 40, draft: 'partial' },
  ];
  const opts = (k: number) => ({ k, prompt: [BOS], stop: { eos: EOS, maxTokens: 30 } });

  it('gives one value per committed token, the same for every K as for greedy', async () => {
    const greedy = await decodeBatch(new FakeModel(), { rows }, rows.length, opts(0));
    for (let b = 0; b < rows.length; b++) {
      expect(greedy.logProbs![b]).toHaveLength(greedy.tokens[b]!.length);
      for (const lp of greedy.logProbs![b]!) expect(lp).toBeLessThanOrEqual(0);
    }
    for (const k of [1, 2, 3]) {
      const spec = await decodeBatch(new FakeModel(), { rows }, rows.length, opts(k));
      expect(spec.tokens).toEqual(greedy.tokens);
      for (let b = 0; b < rows.length; b++) {
        spec.logProbs![b]!.forEach((lp, j) => expect(lp, `k=${k} row ${b} token ${j}`).toBeCloseTo(greedy.logProbs![b]![j]!, 5));
        expect(spec.logProbs![b]).toHaveLength(greedy.logProbs![b]!.length);
      }
    }
  });
});
