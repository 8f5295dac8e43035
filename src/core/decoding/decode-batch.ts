// Batched greedy (k = 0) and FastMTP speculative (k ≥ 1) decoding over an opaque cache.
// One loop serves both, so masks, positions and stop rules are literally the same code:
// a greedy step is a verifier pass with no drafts.
import { throwIfAborted } from './abort';
import { argmax } from './argmax';
import { CacheSlots } from './cache-slots';
import { draftTokens } from './draft-tokens';
import { checkLength } from './model-output';
import { emptyStats } from './stats';
import { tokenLogProb } from './token-confidence';
import { commitToken, validateStopRules } from './stop-rules';
import type { DecodeOptions, DecodeOutput, DecodeResult, DecodeStats, FinishReason, SpeculativeModel } from './types';
import { verifyDrafts } from './verify-drafts';

/**
 * Decode `batch` rows of `memory` together. Each row commits exactly what batch-1 greedy
 * decoding of the same model gives; rows leave the batch as soon as they stop.
 */
export async function decodeBatch<C, M>(
  model: SpeculativeModel<C, M>,
  memory: M,
  batch: number,
  opts: DecodeOptions,
): Promise<DecodeOutput> {
  validateOptions(model, batch, opts);
  const { k, prompt, stop, signal } = opts;
  const stats = emptyStats(k);
  const tokens: number[][] = Array.from({ length: batch }, () => []);
  // logProbs[b][j]: how sure the model was of tokens[b][j] (token-confidence.ts).
  const logProbs: number[][] = Array.from({ length: batch }, () => []);
  const finish: FinishReason[] = new Array<FinishReason>(batch).fill('length');
  if (batch === 0 || stop.maxTokens === 0) return { tokens, stats, finish, logProbs };

  const V = model.vocabSize;
  const D = model.hiddenSize;
  // The active rows, by their index in the current (shrinking) batch.
  let rows = Array.from({ length: batch }, (_, b) => b);
  let hidden = new Float32Array(k > 0 ? batch * D : 0);
  const slots = new CacheSlots(batch);
  let cache = model.emptyCache(batch);
  let mem = memory;
  const replaceCache = (next: C) => {
    if (next !== cache) model.releaseCache?.(cache);
    cache = next;
  };

  // One decoder call; every row gets `steps` new slots.
  const runDecoder = async (ids: Int32Array, positions: Int32Array, steps: number): Promise<DecodeResult<C>> => {
    throwIfAborted(signal);
    const B = rows.length;
    const mask = slots.buildMask(steps);
    const started = performance.now();
    const result = await model.decode({ batch: B, steps, ids, positions, mask, past: cache, memory: mem });
    stats.ms.decoder += performance.now() - started;
    stats.decoderCalls++;
    stats.rowPasses! += B;
    replaceCache(result.present);
    checkLength('decoder logits', result.logits, B * steps * V);
    if (k > 0) checkLength('decoder hidden', result.hidden, B * steps * D);
    return result;
  };

  try {
    // Prefill: the prompt for every row; the last position gives each row's first token.
    const L = prompt.length;
    const ids = new Int32Array(batch * L);
    const positions = new Int32Array(batch * L);
    for (let b = 0; b < batch; b++) {
      ids.set(prompt, b * L);
      for (let t = 0; t < L; t++) positions[b * L + t] = t;
    }
    const first = await runDecoder(ids, positions, L);
    slots.append(L, new Array<number>(batch).fill(L));
    const done: boolean[] = [];
    for (let b = 0; b < batch; b++) {
      const at = b * L + L - 1;
      const reason = commitToken(tokens[b]!, argmax(first.logits, at * V, V), stop);
      noteLogProbs(b, first.logits, [at]);
      stats.tokens++;
      if (reason) finish[b] = reason;
      done.push(reason !== null);
      if (k > 0) hidden.set(first.hidden.subarray(at * D, (at + 1) * D), b * D);
    }
    dropFinished(done);

    while (rows.length > 0) {
      const B = rows.length;
      // Position of each row's pending token = tokens committed before it, prompt included.
      const pendingPos = new Int32Array(B);
      const pending = new Int32Array(B);
      let room = 0;
      for (let i = 0; i < B; i++) {
        const out = tokens[rows[i]!]!;
        pendingPos[i] = L + out.length - 1;
        pending[i] = out[out.length - 1]!;
        room = Math.max(room, stop.maxTokens - out.length);
      }
      // With r tokens left a row can use at most r - 1 drafts (plus the verifier's own token).
      const K = Math.min(k, room - 1);
      const drafts = K > 0 ? await draftTokens(model, mem, B, hidden, pending, pendingPos, K, stats, signal) : new Int32Array(0);

      const T = K + 1;
      const stepIds = new Int32Array(B * T);
      const stepPositions = new Int32Array(B * T);
      for (let i = 0; i < B; i++) {
        stepIds[i * T] = pending[i]!;
        stepIds.set(drafts.subarray(i * K, (i + 1) * K), i * T + 1);
        for (let t = 0; t < T; t++) stepPositions[i * T + t] = pendingPos[i]! + t;
      }
      const result = await runDecoder(stepIds, stepPositions, T);

      const keep: number[] = [];
      const rowDone: boolean[] = [];
      const verified = new Int32Array(T);
      for (let i = 0; i < B; i++) {
        const row = rows[i]!;
        for (let t = 0; t < T; t++) verified[t] = argmax(result.logits, (i * T + t) * V, V);
        const outcome = verifyDrafts(drafts.subarray(i * K, (i + 1) * K), verified, tokens[row]!, stop);
        recordOutcome(stats, outcome.accepted, outcome.proposed, outcome.emitted);
        // The committed tokens are the verifier's argmaxes at positions 0 … emitted - 1.
        noteLogProbs(row, result.logits, Array.from({ length: outcome.emitted }, (_, t) => i * T + t));
        // g and the accepted drafts are now in the cache; the rejected positions become holes.
        keep.push(1 + outcome.accepted);
        if (outcome.finish) finish[row] = outcome.finish;
        rowDone.push(outcome.finish !== null);
        if (k > 0) {
          const at = i * T + outcome.accepted;
          hidden.set(result.hidden.subarray(at * D, (at + 1) * D), i * D);
        }
      }
      slots.append(T, keep);
      dropFinished(rowDone);
      compactIfWorthIt();
    }
  } finally {
    model.releaseCache?.(cache);
  }
  return { tokens, stats, finish, logProbs };

  /** Log-probabilities of the tokens row `b` just committed (eos is not committed, so it is skipped). */
  function noteLogProbs(b: number, logits: Float32Array, at: readonly number[]): void {
    const lp = logProbs[b]!;
    const committed = tokens[b]!.length;
    for (const pos of at) {
      if (lp.length >= committed) break;
      lp.push(tokenLogProb(logits, pos * V, V, tokens[b]![lp.length]!));
    }
  }

  // Finished rows leave the cache, the memory and the per-row state, so they cost nothing more.
  function dropFinished(done: boolean[]): void {
    const keepIdx: number[] = [];
    done.forEach((d, i) => d || keepIdx.push(i));
    if (keepIdx.length === rows.length || keepIdx.length === 0) {
      if (keepIdx.length === 0) rows = [];
      return;
    }
    replaceCache(model.selectCacheRows(cache, keepIdx));
    mem = model.selectMemoryRows(mem, keepIdx);
    slots.selectRows(keepIdx);
    rows = keepIdx.map((i) => rows[i]!);
    if (k > 0) {
      const next = new Float32Array(keepIdx.length * D);
      keepIdx.forEach((i, j) => next.set(hidden.subarray(i * D, (i + 1) * D), j * D));
      hidden = next;
    }
  }

  function compactIfWorthIt(): void {
    if (!model.compactCache || rows.length === 0) return;
    const plan = slots.compactionPlan(model.compactionThreshold?.bind(model));
    if (!plan) return;
    replaceCache(model.compactCache(cache, plan.slots, plan.width));
    slots.applyCompaction(plan);
  }
}

function recordOutcome(stats: DecodeStats, accepted: number, proposed: number, emitted: number): void {
  stats.tokens += emitted;
  for (let s = 0; s < proposed; s++) stats.proposedPerStep[s]!++;
  for (let s = 0; s < accepted; s++) stats.acceptedPerStep[s]!++;
}

function validateOptions<C, M>(model: SpeculativeModel<C, M>, batch: number, opts: DecodeOptions): void {
  if (!Number.isInteger(batch) || batch < 0) throw new RangeError(`batch must be an integer >= 0, got ${batch}`);
  if (!Number.isInteger(opts.k) || opts.k < 0) throw new RangeError(`k must be an integer >= 0, got ${opts.k}`);
  if (opts.k > 0 && !model.draft) throw new Error('This model has no draft block: use k = 0');
  if (opts.prompt.length === 0) throw new RangeError('prompt must hold at least one token (e.g. bos)');
  validateStopRules(opts.stop);
  throwIfAborted(opts.signal);
}
