// Ground truth for the decoding tests, independent of the code under test: batch 1, the whole
// sequence recomputed from an empty cache at every step (so no slots, holes or masks to get
// wrong), its own argmax and its own stop rules.
import type { FinishReason, StopRules } from '../types';
import { FakeModel, type FakeRow } from './fake-model';

export interface Reference {
  tokens: number[];
  finish: FinishReason;
  /** Tokens the model emitted, eos included. */
  emitted: number;
}

export async function referenceGreedy(row: FakeRow, prompt: number[], stop: StopRules): Promise<Reference> {
  const model = new FakeModel();
  const memory = { rows: [row] };
  const seq = [...prompt];
  const tokens: number[] = [];
  if (stop.maxTokens === 0) return { tokens, finish: 'length', emitted: 0 };
  for (;;) {
    const n = seq.length;
    const mask = new Float32Array(n * n);
    for (let t = 0; t < n; t++) for (let s = t + 1; s < n; s++) mask[t * n + s] = -1e9;
    const past = model.emptyCache(1);
    const result = await model.decode({
      batch: 1,
      steps: n,
      ids: Int32Array.from(seq),
      positions: Int32Array.from(seq, (_, i) => i),
      mask,
      past,
      memory,
    });
    model.releaseCache(past);
    model.releaseCache(result.present);
    const last = Array.from(result.logits.subarray((n - 1) * model.vocabSize, n * model.vocabSize));
    const token = last.indexOf(Math.max(...last));
    if (token === stop.eos) return { tokens, finish: 'eos', emitted: tokens.length + 1 };
    tokens.push(token);
    seq.push(token);
    if (repeats(tokens, stop.ngram ?? 0, stop.repeats ?? 0)) return { tokens, finish: 'repeat', emitted: tokens.length };
    if (tokens.length >= stop.maxTokens) return { tokens, finish: 'length', emitted: tokens.length };
  }
}

function repeats(tokens: number[], n: number, r: number): boolean {
  if (n === 0 || tokens.length < n * r) return false;
  const tail = tokens.slice(tokens.length - n);
  for (let j = 1; j < r; j++) {
    const block = tokens.slice(tokens.length - (j + 1) * n, tokens.length - j * n);
    if (block.some((x, i) => x !== tail[i])) return false;
  }
  return true;
}
