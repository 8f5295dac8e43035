// Diagnostics for a speculative/greedy mismatch: the margin between the two best logits where the texts
// part, from one full-prefix decoder call. A tiny gap means a floating-point near-tie between kernels.
import { batchMemory, type LineMemoryHost } from '../../src/core/recognize/line-memory';
import type { LineRecognizer } from '../../src/core/recognize/recognize-lines';

export async function logitGap(rec: LineRecognizer, memory: LineMemoryHost, prefix: number[]): Promise<{ top: number[]; gap: number }> {
  const ids = Int32Array.from([rec.spec.tokenizer.bos, ...prefix]);
  const T = ids.length;
  const mask = new Float32Array(T * T);
  for (let r = 0; r < T; r++) for (let c = r + 1; c < T; c++) mask[r * T + c] = -1e9;
  const out = await rec.model.decode({
    batch: 1,
    steps: T,
    ids,
    positions: Int32Array.from(ids, (_, i) => i),
    mask,
    past: rec.model.emptyCache(1),
    memory: batchMemory(rec.runtime, rec.spec, [memory]),
  });
  const V = rec.spec.vocabSize;
  const last = out.logits.subarray((T - 1) * V, T * V);
  const order = Array.from(last.keys()).sort((a, b) => last[b]! - last[a]!);
  return { top: order.slice(0, 2), gap: last[order[0]!]! - last[order[1]!]! };
}

/** First index where two token rows differ, or -1. */
export function firstDifference(a: readonly number[], b: readonly number[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}
