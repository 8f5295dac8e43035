// LineModel's cache bookkeeping against a fake runtime whose tensors record disposal, as GPU buffers would.
import { describe, expect, it } from 'vitest';
import type { RecognizerSpec } from '../pack/manifest-types';
import { batchMemory } from './line-memory';
import { LineModel } from './line-model';
import type { Tensor, TensorRuntime, TensorSession } from './tensor-runtime';

interface FakeTensor extends Tensor {
  data: Float32Array | BigInt64Array;
  disposed: boolean;
}

const spec = { decoderLayers: 1, heads: 1, headDim: 1, hiddenSize: 2, vocabSize: 3 } as RecognizerSpec;

class FakeRuntime implements TensorRuntime {
  readInt64?: (t: Tensor) => Promise<BigInt64Array>;
  upload?: (data: Float32Array, dims: readonly number[]) => Tensor;
  readonly backend = 'fake';
  disposed: FakeTensor[] = [];
  make(data: Float32Array | BigInt64Array, dims: readonly number[]): FakeTensor {
    return { data, dims: [...dims], disposed: false };
  }
  float32 = (d: Float32Array, dims: readonly number[]) => this.make(d, dims);
  int64 = (d: BigInt64Array, dims: readonly number[]) => this.make(d, dims);
  async read(t: Tensor) {
    if ((t as FakeTensor).disposed) throw new Error('read after dispose');
    return (t as FakeTensor).data as Float32Array;
  }
  dispose(t: Tensor) {
    const f = t as FakeTensor;
    if (f.disposed) throw new Error('double dispose');
    f.disposed = true;
    this.disposed.push(f);
  }
}

/** present_kv row b, slot s holds the input id fed at that slot (past slots copied through). */
function fakeDecoder(rt: FakeRuntime): TensorSession & { pasts: FakeTensor[] } {
  const pasts: FakeTensor[] = [];
  return {
    pasts,
    inputNames: [],
    outputNames: [],
    release: async () => {},
    async run(feeds) {
      const past = feeds.past_kv as FakeTensor;
      if (past.disposed) throw new Error('past_kv was disposed before use');
      pasts.push(past);
      const ids = (feeds.input_ids as FakeTensor).data as BigInt64Array;
      const [B, T] = feeds.input_ids!.dims as [number, number];
      const P = past.dims[3]!;
      const present = new Float32Array(2 * B * (P + T));
      for (let l = 0; l < 2; l++)
        for (let b = 0; b < B; b++)
          for (let s = 0; s < P + T; s++)
            present[(l * B + b) * (P + T) + s] = s < P ? (past.data as Float32Array)[(l * B + b) * P + s]! : Number(ids[b * T + s - P]);
      return {
        logits: rt.make(new Float32Array(B * T * 3), [B, T, 3]),
        hidden: rt.make(new Float32Array(B * T * 2), [B, T, 2]),
        present_kv: rt.make(present, [2, B, 1, P + T, 1]),
      };
    },
  };
}

const ask = (model: LineModel, rt: FakeRuntime, past: ReturnType<LineModel['emptyCache']>, ids: number[]) => {
  const B = past.rows.length;
  const mem = batchMemory(rt, spec, Array.from({ length: B }, () => ({ crossKv: new Float32Array(2), draftKv: new Float32Array(2), steps: 1 })));
  return model.decode({
    batch: B,
    steps: 1,
    ids: Int32Array.from(ids),
    positions: new Int32Array(B),
    mask: new Float32Array(B * (past.slots + 1)),
    past,
    memory: mem,
  });
};

describe('LineModel cache', () => {
  it('selects rows lazily, copies them once, and frees each GPU cache exactly once', async () => {
    const rt = new FakeRuntime();
    const dec = fakeDecoder(rt);
    const model = new LineModel(rt, spec, dec);
    const c0 = model.emptyCache(3);
    const r1 = await ask(model, rt, c0, [10, 11, 12]);
    model.releaseCache(c0);
    const r2 = await ask(model, rt, r1.present, [20, 21, 22]);
    model.releaseCache(r1.present);
    expect((r1.present as unknown as { holder: { tensor: unknown } }).holder.tensor).toBeNull();

    // Row 1 finishes: keep rows 0 and 2. Selecting then releasing the old view must keep the tensor.
    const kept = model.selectCacheRows(r2.present, [0, 2]);
    model.releaseCache(r2.present);
    const held = (kept as unknown as { holder: { tensor: FakeTensor } }).holder.tensor;
    expect(held.disposed).toBe(false);
    const r3 = await ask(model, rt, kept, [30, 32]);
    // The decoder saw only rows 0 and 2 of the history.
    expect([...(dec.pasts.at(-1)!.data as Float32Array)]).toEqual([10, 20, 12, 22, 10, 20, 12, 22]);
    expect([...(await rt.read(r3.present.holder.tensor!))]).toEqual([10, 20, 30, 12, 22, 32, 10, 20, 30, 12, 22, 32]);
    model.releaseCache(kept);
    expect(held.disposed).toBe(true);
    model.releaseCache(kept); // idempotent
    model.releaseCache(r3.present);
    expect(rt.disposed.filter((t) => t.dims.length === 5 && t.dims[3]! > 0)).toHaveLength(4);
    await expect(ask(model, rt, r3.present, [1, 1])).rejects.toThrow(/after release/);
  });
});

describe('LineModel fused draft', () => {
  /** A fused draft graph whose ids are input_id + position + step, so the feeds it saw show in its output. */
  const fusedGraph = (rt: FakeRuntime, dims?: number[]): TensorSession & { feeds: string[][] } => {
    const feeds: string[][] = [];
    return {
      feeds,
      inputNames: [],
      outputNames: [],
      release: async () => {},
      async run(f) {
        feeds.push(Object.keys(f).sort());
        const ids = (f.input_ids as FakeTensor).data as BigInt64Array;
        const pos = (f.position_ids as FakeTensor).data as BigInt64Array;
        const B = ids.length;
        const out = new BigInt64Array(B * 2);
        for (let b = 0; b < B; b++) for (let s = 0; s < 2; s++) out[b * 2 + s] = ids[b]! + pos[b]! + BigInt(s);
        return { draft_ids: rt.make(out, dims ?? [B, 2]) };
      },
    };
  };
  const request = (rt: FakeRuntime) => ({
    batch: 2,
    hidden: new Float32Array(4),
    ids: Int32Array.of(5, 7),
    positions: Int32Array.of(1, 3),
    memory: batchMemory(rt, spec, [0, 1].map(() => ({ crossKv: new Float32Array(2), draftKv: new Float32Array(2), steps: 1 }))),
  });

  it('feeds the draft inputs, returns [B, steps] ids and frees the output', async () => {
    const rt = new FakeRuntime();
    rt.readInt64 = async (t: Tensor) => (t as FakeTensor).data as BigInt64Array;
    const graph = fusedGraph(rt);
    const model = new LineModel(rt, spec, fakeDecoder(rt), fakeDecoder(rt), new Map([[2, graph]]));
    expect(model.fusedDraftSteps).toEqual([2]);
    expect([...(await model.fusedDraft(request(rt), 2))]).toEqual([6, 7, 10, 11]);
    expect(graph.feeds[0]).toEqual(['draft_kv', 'hidden', 'input_ids', 'memory_mask', 'position_ids']);
    expect(rt.disposed.some((t) => t.dims.length === 2 && t.dims[1] === 2 && t.data instanceof BigInt64Array)).toBe(true);
    await expect(model.fusedDraft(request(rt), 3)).rejects.toThrow(/no fused draft graph for 3/);
  });

  it('rejects ids of the wrong shape, and is off on a runtime that cannot read int64', async () => {
    const rt = new FakeRuntime();
    rt.readInt64 = async (t: Tensor) => (t as FakeTensor).data as BigInt64Array;
    const bad = new LineModel(rt, spec, fakeDecoder(rt), fakeDecoder(rt), new Map([[2, fusedGraph(rt, [2, 1, 2])]]));
    await expect(bad.fusedDraft(request(rt), 2)).rejects.toThrow(/"draft_ids" is \[2,1,2\], expected \[2,2\]/);
    const plain = new FakeRuntime();
    expect(new LineModel(plain, spec, fakeDecoder(plain), fakeDecoder(plain), new Map([[2, fusedGraph(plain)]])).fusedDraftSteps).toEqual([]);
  });
});

describe('LineModel compaction', () => {
  it('feeds only the kept slots, per row, after a row selection, and frees the held cache once', async () => {
    const rt = new FakeRuntime();
    const dec = fakeDecoder(rt);
    const model = new LineModel(rt, spec, dec);
    expect(model.compactionThreshold?.(100)).toBe(10);
    let cache = model.emptyCache(3);
    for (const ids of [[10, 11, 12], [20, 21, 22], [30, 31, 32]]) {
      const r = await ask(model, rt, cache, ids);
      model.releaseCache(cache);
      cache = r.present;
    }
    // Rows keep slots {0, 2}, {1, 2} and {0}; then row 1 leaves the batch.
    const compact = model.compactCache(cache, Int32Array.of(0, 2, 1, 2, 0, -1), 2);
    model.releaseCache(cache);
    const kept = model.selectCacheRows(compact, [0, 2]);
    model.releaseCache(compact);
    const held = (kept as unknown as { holder: { tensor: FakeTensor } }).holder.tensor;
    expect(held.disposed).toBe(false);
    await ask(model, rt, kept, [40, 42]);
    // present_kv [2, B, 1, P, 1] holds the fed ids; padding (-1) is zero.
    expect([...(dec.pasts.at(-1)!.data as Float32Array)]).toEqual([10, 30, 12, 0, 10, 30, 12, 0]);
    model.releaseCache(kept);
    expect(held.disposed).toBe(true);
    expect(() => model.compactCache(kept, Int32Array.of(0, 5), 1)).toThrow(/2·1|outside/);
  });

  it('compacts a GPU cache only at the decoder default (a device round trip)', () => {
    const rt = new FakeRuntime();
    rt.upload = (d: Float32Array, dims: readonly number[]) => rt.make(d, dims);
    expect(new LineModel(rt, spec, fakeDecoder(rt)).compactionThreshold).toBeUndefined();
  });
});
