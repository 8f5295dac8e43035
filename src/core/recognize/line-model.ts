// SpeculativeModel (src/core/decoding/types.ts) over the decoder and draft graphs of a line recognizer.
import type { DecodeRequest, DecodeResult, DraftRequest, DraftResult, SpeculativeModel } from '../decoding/types';
import type { RecognizerSpec } from '../pack/manifest-types';
import { selectMemory, type BatchMemory } from './line-memory';
import { compactKvSlots, emptyKvCache, pastKvTensor, presentKvCache, readOutput, releaseKvCache, selectKvRows, toInt64, type KvCache } from './kv-cache';
import type { Tensor, TensorRuntime, TensorSession } from './tensor-runtime';

export type { KvCache } from './kv-cache';

export class LineModel implements SpeculativeModel<KvCache, BatchMemory> {
  readonly vocabSize: number;
  readonly hiddenSize: number;
  readonly draft?: (req: DraftRequest<BatchMemory>) => Promise<DraftResult>;
  /** Step counts with a fused draft graph (pack.json `fusedDrafts`) this runtime can read the ids of. */
  readonly fusedDraftSteps: readonly number[];

  constructor(
    private readonly runtime: TensorRuntime,
    private readonly spec: RecognizerSpec,
    private readonly decoder: TensorSession,
    private readonly draftGraph?: TensorSession,
    /** Fused draft graphs by step count. */
    private readonly fusedDrafts: ReadonlyMap<number, TensorSession> = new Map(),
  ) {
    this.vocabSize = spec.vocabSize;
    this.hiddenSize = spec.hiddenSize;
    if (draftGraph) this.draft = (req) => this.runDraft(req);
    this.fusedDraftSteps = draftGraph && runtime.readInt64 ? [...fusedDrafts.keys()].sort((a, b) => a - b) : [];
    // A host cache (no device upload) is gathered by a copy that costs far less than attending over the
    // holes in every later call (measured on pocket: ~2 µs per cache slot per decoder call), so compact
    // at √valid holes; a GPU cache keeps the default, since compacting it is a download and upload.
    if (!runtime.upload) this.compactionThreshold = (valid) => Math.max(4, Math.ceil(Math.sqrt(valid)));
  }

  readonly compactionThreshold?: (valid: number) => number;

  emptyCache(batch: number): KvCache {
    return emptyKvCache(batch);
  }

  async decode(req: DecodeRequest<KvCache, BatchMemory>): Promise<DecodeResult<KvCache>> {
    const { runtime } = this;
    const { batch: B, steps: T } = req;
    const P = req.past.slots;
    if (req.past.rows.length !== B || req.memory.batch !== B) {
      throw new Error(`batch mismatch: request ${B}, cache ${req.past.rows.length}, memory ${req.memory.batch}`);
    }
    if (req.mask.length !== B * T * (P + T)) throw new Error(`mask has ${req.mask.length} values, expected B·T·(P+T) = ${B * T * (P + T)}`);
    const { past, temporary } = await pastKvTensor(runtime, this.spec, req.past);
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
    const logits = await readOutput(runtime, out, 'logits', [B, T, this.vocabSize]);
    const hidden = await readOutput(runtime, out, 'hidden', [B, T, this.hiddenSize]);
    return { logits, hidden, present: presentKvCache(out.present_kv, B, P + T) };
  }

  private async runDraft(req: DraftRequest<BatchMemory>): Promise<DraftResult> {
    const B = req.batch;
    const out = await this.runDraftGraph(this.draftGraph!, req);
    return {
      logits: await readOutput(this.runtime, out, 'logits', [B, 1, this.vocabSize]),
      hidden: await readOutput(this.runtime, out, 'draft_hidden', [B, 1, this.hiddenSize]),
    };
  }

  async fusedDraft(req: DraftRequest<BatchMemory>, steps: number): Promise<Int32Array> {
    const graph = this.fusedDrafts.get(steps);
    if (!graph || !this.runtime.readInt64) throw new Error(`no fused draft graph for ${steps} steps`);
    const out = await this.runDraftGraph(graph, req);
    const t = out.draft_ids;
    if (!t) throw new Error('fused draft graph has no "draft_ids" output');
    if (t.dims.length !== 2 || t.dims[0] !== req.batch || t.dims[1] !== steps) {
      throw new Error(`"draft_ids" is [${t.dims.join(',')}], expected [${req.batch},${steps}]`);
    }
    const ids = Int32Array.from(await this.runtime.readInt64(t), Number);
    this.runtime.dispose(t);
    return ids;
  }

  /** Feeds one draft step's inputs (the plain draft graph and the fused ones take the same). */
  private async runDraftGraph(graph: TensorSession, req: DraftRequest<BatchMemory>): Promise<Record<string, Tensor>> {
    const { runtime } = this;
    const B = req.batch;
    const feeds: Record<string, Tensor> = {
      hidden: runtime.float32(req.hidden, [B, 1, this.hiddenSize]),
      input_ids: runtime.int64(toInt64(req.ids), [B, 1]),
      position_ids: runtime.int64(toInt64(req.positions), [B, 1]),
      draft_kv: req.memory.draftKv,
      memory_mask: req.memory.mask,
    };
    const out = await graph.run(feeds);
    for (const name of ['hidden', 'input_ids', 'position_ids']) runtime.dispose(feeds[name]);
    return out;
  }

  async release(): Promise<void> {
    await Promise.all([this.decoder.release(), this.draftGraph?.release(), ...[...this.fusedDrafts.values()].map((s) => s.release())]);
  }

  selectCacheRows(cache: KvCache, rows: number[]): KvCache {
    return selectKvRows(cache, rows);
  }

  selectMemoryRows(memory: BatchMemory, rows: number[]): BatchMemory {
    return selectMemory(this.runtime, memory, rows);
  }

  /** Drops rolled-back holes (a view; the gather happens when the next decode reads the cache). */
  compactCache(cache: KvCache, slots: Int32Array, width: number): KvCache {
    return compactKvSlots(cache, slots, width);
  }

  releaseCache(cache: KvCache): void {
    releaseKvCache(this.runtime, cache);
  }
}
