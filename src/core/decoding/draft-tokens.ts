// The recursive FastMTP draft (DESIGN §3, step 2): d_1 = argmax draft(h_t, g), then
// d_k = argmax draft(h^draft_{k-1}, d_{k-1}); one batched call for all k steps when the model has a fused
// draft for k, else one batched draft call per step.
import { throwIfAborted } from './abort';
import { argmaxRows } from './argmax';
import { checkLength } from './model-output';
import type { DecodeStats, SpeculativeModel } from './types';

/**
 * Draft `k` tokens for each of `batch` rows. `hidden` [B, D] is the main decoder's hidden at the
 * position that produced each row's pending token, `pending` [B] those tokens, `positions` [B]
 * their position ids. Returns d_1 … d_k as [B, k].
 */
export async function draftTokens<C, M>(
  model: SpeculativeModel<C, M>,
  memory: M,
  batch: number,
  hidden: Float32Array,
  pending: Int32Array,
  positions: Int32Array,
  k: number,
  stats: DecodeStats,
  signal?: AbortSignal,
): Promise<Int32Array> {
  const draft = model.draft;
  if (!draft) throw new Error('This model has no draft block: use k = 0');
  if (model.fusedDraft && model.fusedDraftSteps?.includes(k)) {
    throwIfAborted(signal);
    const started = performance.now();
    const drafts = await model.fusedDraft({ batch, hidden, ids: pending, positions, memory }, k);
    stats.ms.draft += performance.now() - started;
    stats.draftCalls++;
    checkLength('fused draft ids', drafts, batch * k);
    // Out-of-vocabulary ids cannot match a verified token, but they would hide a broken graph.
    for (const id of drafts) if (!(id >= 0 && id < model.vocabSize)) throw new Error(`fused draft gave token id ${id}, vocabulary is ${model.vocabSize}`);
    return drafts;
  }
  const drafts = new Int32Array(batch * k);
  let h = hidden;
  let ids = pending;
  for (let step = 0; step < k; step++) {
    throwIfAborted(signal);
    const stepPositions = positions.map((p) => p + step);
    const started = performance.now();
    const result = await draft.call(model, { batch, hidden: h, ids, positions: stepPositions, memory });
    stats.ms.draft += performance.now() - started;
    stats.draftCalls++;
    checkLength('draft logits', result.logits, batch * model.vocabSize);
    checkLength('draft hidden', result.hidden, batch * model.hiddenSize);
    ids = argmaxRows(result.logits, batch, model.vocabSize);
    for (let b = 0; b < batch; b++) drafts[b * k + step] = ids[b]!;
    h = result.hidden;
  }
  return drafts;
}
