// SpeculativeModel (src/core/decoding/types.ts) over the decoder and draft graphs of a line recognizer.
import type { DecodeRequest, DecodeResult, DraftRequest, DraftResult, SpeculativeModel } from '../decoding/types';
import type { RecognizerSpec } from '../pack/manifest-types';
import { selectMemory, type BatchMemory } from './line-memory';
import { takeRows } from './rows';
import type { Tensor, TensorRuntime, TensorSession } from './tensor-runtime';

/** A present_kv tensor shared by every row-selection view of it; freed when the last view is released. */
interface KvHolder {
  tensor: Tensor | null;
  refs: number;
}

/** The decoder's self-attention cache: [2L, B, H, P, dh] (may live on the GPU). */
export interface KvCache {
  holder: KvHolder;
  slots: number; // P
  /** Rows of the held tensor this cache stands for, in order. */
  rows: number[];
  released: boolean;
}

export class LineModel implements SpeculativeModel<KvCache, BatchMemory> {
  readonly vocabSize: number;
  readonly hiddenSize: number;
  readonly draft?: (req: DraftRequest<BatchMemory>) => Promise<DraftResult>;

  constructor(
    private readonly runtime: TensorRuntime,
    private readonly spec: RecognizerSpec,
    private readonly decoder: TensorSession,
    private readonly draftGraph?: TensorSession,
  ) {
    this.vocabSize = spec.vocabSize;
    this.hiddenSize = spec.hiddenSize;
    if (draftGraph) this.draft = (req) => this.runDraft(req);
  }

  emptyCache(batch: number): KvCache {
    return { holder: { tensor: null, refs: 1 }, slots: 0, rows: [...Array(batch).keys()], released: false };
  }

  async decode(req: DecodeRequest<KvCache, BatchMemory>): Promise<DecodeResult<KvCache>> {
    const { runtime } = this;
    const { batch: B, steps: T } = req;
    const P = req.past.slots;
    if (req.past.rows.length !== B || req.memory.batch !== B) {
      throw new Error(`batch mismatch: request ${B}, cache ${req.past.rows.length}, memory ${req.memory.batch}`);
    }
    if (req.mask.length !== B * T * (P + T)) throw new Error(`mask has ${req.mask.length} values, expected B·T·(P+T) = ${B * T * (P + T)}`);
    const { past, temporary } = await this.pastTensor(req.past);
    const feeds: Record<string, Tensor> = {
      input_ids: runtime.int64(toInt64(req.ids), [B, T]),
      position_ids: runtime.int64(toInt64(req.positions), [B, T]),
      attn_mask: runtime.float32(req.mask, [B, 1, T, P + T]),
      past_kv: past,
      cross_kv: req.memory.crossKv,
      memory_mask: req.memory.mask,
    };
    const out = await this.decoder.run(feeds);
    for (const name of ['input_ids', 'position_ids', 'attn_mask']) runtime.dispose(feeds[name]);
    if (temporary) runtime.dispose(past);
    const logits = await this.readOutput(out, 'logits', [B, T, this.vocabSize]);
    const hidden = await this.readOutput(out, 'hidden', [B, T, this.hiddenSize]);
    const present = out.present_kv;
    if (!present) throw new Error('decoder graph has no "present_kv" output');
    if (present.dims[3] !== P + T) throw new Error(`present_kv has ${present.dims[3]} slots, expected ${P + T}`);
    return {
      logits,
      hidden,
      present: { holder: { tensor: present, refs: 1 }, slots: P + T, rows: [...Array(B).keys()], released: false },
    };
  }

  private async runDraft(req: DraftRequest<BatchMemory>): Promise<DraftResult> {
    const { runtime } = this;
    const B = req.batch;
    const D = this.hiddenSize;
    const feeds: Record<string, Tensor> = {
      hidden: runtime.float32(req.hidden, [B, 1, D]),
      input_ids: runtime.int64(toInt64(req.ids), [B, 1]),
      position_ids: runtime.int64(toInt64(req.positions), [B, 1]),
      draft_kv: req.memory.draftKv,
      memory_mask: req.memory.mask,
    };
    const out = await this.draftGraph!.run(feeds);
    for (const name of ['hidden', 'input_ids', 'position_ids']) runtime.dispose(feeds[name]);
    return {
      logits: await this.readOutput(out, 'logits', [B, 1, this.vocabSize]),
      hidden: await this.readOutput(out, 'draft_hidden', [B, 1, D]),
    };
  }

  async release(): Promise<void> {
    await Promise.all([this.decoder.release(), this.draftGraph?.release()]);
  }

  selectCacheRows(cache: KvCache, rows: number[]): KvCache {
    cache.holder.refs++;
    return { holder: cache.holder, slots: cache.slots, rows: rows.map((r) => cache.rows[r]), released: false };
  }

  selectMemoryRows(memory: BatchMemory, rows: number[]): BatchMemory {
    return selectMemory(this.runtime, memory, rows);
  }

  releaseCache(cache: KvCache): void {
    if (cache.released) return;
    cache.released = true;
    if (--cache.holder.refs === 0 && cache.holder.tensor) {
      this.runtime.dispose(cache.holder.tensor);
      cache.holder.tensor = null;
    }
  }

  /** The past_kv to feed: the held tensor as is, or its selected rows copied (a rare, per-finish event). */
  private async pastTensor(cache: KvCache): Promise<{ past: Tensor; temporary: boolean }> {
    const { decoderLayers: L, heads: H, headDim: dh } = this.spec;
    const B = cache.rows.length;
    const t = cache.holder.tensor;
    if (cache.released) throw new Error('decoder cache used after release');
    if (!t) return { past: this.runtime.float32(new Float32Array(0), [2 * L, B, H, 0, dh]), temporary: true };
    const held = t.dims[1];
    if (held === B && cache.rows.every((r, i) => r === i)) return { past: t, temporary: false };
    const data = takeRows(await this.runtime.read(t), t.dims, 1, cache.rows);
    return { past: this.runtime.float32(data, [2 * L, B, H, cache.slots, dh]), temporary: true };
  }

  private async readOutput(out: Record<string, Tensor>, name: string, dims: number[]): Promise<Float32Array> {
    const t = out[name];
    if (!t) throw new Error(`graph has no "${name}" output`);
    if (t.dims.length !== dims.length || t.dims.some((d, i) => d !== dims[i])) {
      throw new Error(`"${name}" is [${t.dims}], expected [${dims}]`);
    }
    const data = await this.runtime.read(t);
    this.runtime.dispose(t);
    return data;
  }
}

function toInt64(a: Int32Array): BigInt64Array {
  const out = new BigInt64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = BigInt(a[i]);
  return out;
}
