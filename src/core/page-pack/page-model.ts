// SpeculativeModel (src/core/decoding/types.ts) over the decoder and draft graphs of a `page` pack.
// The "memory" is the page's visual tokens: the decoder reads them at the `<image>` placeholder
// positions of the prompt (image_embeds aligned with input_ids), and nowhere else.
import type { DecodeRequest, DecodeResult, DraftRequest, DraftResult, SpeculativeModel } from '../decoding/types';
import type { PagePack } from './page-pack-types';
import { emptyKvCache, pastKvTensor, presentKvCache, readOutput, releaseKvCache, selectKvRows, toInt64, type KvCache } from '../recognize/kv-cache';
import { takeRows } from '../recognize/rows';
import type { Tensor, TensorRuntime, TensorSession } from '../recognize/tensor-runtime';

/** Visual tokens of the pages in a batch: [B, count, D]; token i sits at prompt position imageStart + i. */
export interface PageMemory {
  batch: number;
  embeds: Float32Array;
  count: number;
  imageStart: number;
}

/** The decoder's cache [2L, B, H, P, dh], shared by row-selection views until the last is released. */
export type PageKvCache = KvCache;

type Geometry = Pick<PagePack, 'decoderLayers' | 'heads' | 'headDim' | 'hiddenSize' | 'vocabSize'> & { imageToken: number };

export class PageModel implements SpeculativeModel<PageKvCache, PageMemory> {
  readonly vocabSize: number;
  readonly hiddenSize: number;
  readonly draft?: (req: DraftRequest<PageMemory>) => Promise<DraftResult>;

  constructor(
    private readonly runtime: TensorRuntime,
    private readonly geo: Geometry,
    private readonly decoder: TensorSession,
    private readonly draftGraph?: TensorSession,
  ) {
    this.vocabSize = geo.vocabSize;
    this.hiddenSize = geo.hiddenSize;
    if (draftGraph) this.draft = (req) => this.runDraft(req);
  }

  emptyCache(batch: number): PageKvCache {
    return emptyKvCache(batch);
  }

  async decode(req: DecodeRequest<PageKvCache, PageMemory>): Promise<DecodeResult<PageKvCache>> {
    const { runtime } = this;
    const { batch: B, steps: T } = req;
    const P = req.past.slots;
    const D = this.hiddenSize;
    if (req.past.rows.length !== B || req.memory.batch !== B) {
      throw new Error(`batch mismatch: request ${B}, cache ${req.past.rows.length}, memory ${req.memory.batch}`);
    }
    const image = this.imageEmbeds(req.ids, req.positions, req.memory, B, T);
    const { past, temporary } = await pastKvTensor(runtime, this.geo, req.past);
    const feeds: Record<string, Tensor> = {
      input_ids: runtime.int64(toInt64(req.ids), [B, T]),
      image_embeds: runtime.float32(image, [B, T, D]),
      position_ids: runtime.int64(toInt64(req.positions), [B, T]),
      attn_mask: runtime.float32(req.mask, [B, 1, T, P + T]),
      past_kv: past,
    };
    const out = await this.decoder.run(feeds);
    for (const name of ['input_ids', 'image_embeds', 'position_ids', 'attn_mask']) runtime.dispose(feeds[name]!);
    if (temporary) runtime.dispose(past);
    const logits = await readOutput(runtime, out, 'logits', [B, T, this.vocabSize]);
    const hidden = await readOutput(runtime, out, 'hidden', [B, T, D]);
    return { logits, hidden, present: presentKvCache(out.present_kv, B, P + T) };
  }

  /** [B, T, D]: the visual token for every placeholder position, zeros elsewhere (the graph ignores them). */
  private imageEmbeds(ids: Int32Array, positions: Int32Array, mem: PageMemory, B: number, T: number): Float32Array {
    const D = this.hiddenSize;
    const out = new Float32Array(B * T * D);
    for (let b = 0; b < B; b++) {
      for (let t = 0; t < T; t++) {
        if (ids[b * T + t] !== this.geo.imageToken) continue;
        const i = positions[b * T + t]! - mem.imageStart;
        // A placeholder the model itself emitted (outside the prompt's image span) reads zeros.
        if (i < 0 || i >= mem.count) continue;
        const src = (b * mem.count + i) * D;
        out.set(mem.embeds.subarray(src, src + D), (b * T + t) * D);
      }
    }
    return out;
  }

  private async runDraft(req: DraftRequest<PageMemory>): Promise<DraftResult> {
    const { runtime } = this;
    const B = req.batch;
    const D = this.hiddenSize;
    const feeds: Record<string, Tensor> = {
      hidden: runtime.float32(req.hidden, [B, 1, D]),
      input_ids: runtime.int64(toInt64(req.ids), [B, 1]),
    };
    const out = await this.draftGraph!.run(feeds);
    for (const t of Object.values(feeds)) runtime.dispose(t);
    return {
      logits: await readOutput(runtime, out, 'logits', [B, 1, this.vocabSize]),
      hidden: await readOutput(runtime, out, 'draft_hidden', [B, 1, D]),
    };
  }

  selectCacheRows(cache: PageKvCache, rows: number[]): PageKvCache {
    return selectKvRows(cache, rows);
  }

  selectMemoryRows(memory: PageMemory, rows: number[]): PageMemory {
    const D = this.hiddenSize;
    const embeds = takeRows(memory.embeds, [memory.batch, memory.count * D], 0, rows);
    return { ...memory, batch: rows.length, embeds };
  }

  releaseCache(cache: PageKvCache): void {
    releaseKvCache(this.runtime, cache);
  }

  async release(): Promise<void> {
    await Promise.all([this.decoder.release(), this.draftGraph?.release()]);
  }
}
