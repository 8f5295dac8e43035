import { describe, expect, it } from 'vitest';
import type { Tensor, TensorRuntime, TensorSession } from '../recognize/tensor-runtime';
import { PageModel } from './page-model';

// Host tensors only; the fake decoder records its feeds and returns zero outputs of the right shapes.
class HostTensor implements Tensor {
  constructor(readonly data: Float32Array | BigInt64Array, readonly dims: number[]) {}
}
const runtime: TensorRuntime = {
  backend: 'test',
  float32: (d, dims) => new HostTensor(d, [...dims]),
  int64: (d, dims) => new HostTensor(d, [...dims]),
  read: async (t) => (t as HostTensor).data as Float32Array,
  dispose: () => {},
};
const geo = { decoderLayers: 1, heads: 1, headDim: 2, hiddenSize: 2, vocabSize: 3, imageToken: 9 };

function recordingDecoder(seen: Record<string, HostTensor>[]): TensorSession {
  return {
    inputNames: [],
    outputNames: [],
    release: async () => {},
    run: async (feeds) => {
      seen.push(feeds as Record<string, HostTensor>);
      const [B, T] = feeds.input_ids!.dims as [number, number];
      const P = feeds.past_kv!.dims[3]!;
      return {
        logits: new HostTensor(new Float32Array(B * T * 3), [B, T, 3]),
        hidden: new HostTensor(new Float32Array(B * T * 2), [B, T, 2]),
        present_kv: new HostTensor(new Float32Array(2 * B * (P + T) * 2), [2, B, 1, P + T, 2]),
      };
    },
  };
}

describe('PageModel', () => {
  it('puts visual token i at the placeholder at position imageStart + i, zeros elsewhere', async () => {
    const seen: Record<string, HostTensor>[] = [];
    const model = new PageModel(runtime, geo, recordingDecoder(seen));
    // Prompt [bos, img, img, img, 5]; visual tokens (1,1) (2,2) (3,3).
    const memory = { batch: 1, embeds: Float32Array.from([1, 1, 2, 2, 3, 3]), count: 3, imageStart: 1 };
    await model.decode({
      batch: 1,
      steps: 5,
      ids: Int32Array.from([0, 9, 9, 9, 5]),
      positions: Int32Array.from([0, 1, 2, 3, 4]),
      mask: new Float32Array(25),
      past: model.emptyCache(1),
      memory,
    });
    expect(Array.from(seen[0]!.image_embeds!.data as Float32Array)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 0, 0]);
    // A placeholder emitted later (position 7, outside the image span) reads zeros.
    await model.decode({
      batch: 1,
      steps: 1,
      ids: Int32Array.from([9]),
      positions: Int32Array.from([7]),
      mask: new Float32Array(6),
      past: { holder: { tensor: null, refs: 1 }, slots: 0, rows: [0], released: false },
      memory,
    });
    expect(Array.from(seen[1]!.image_embeds!.data as Float32Array)).toEqual([0, 0]);
  });

  it('keeps the selected rows of the page memory', () => {
    const model = new PageModel(runtime, geo, recordingDecoder([]));
    const memory = { batch: 2, embeds: Float32Array.from([1, 1, 2, 2]), count: 1, imageStart: 0 };
    expect(Array.from(model.selectMemoryRows(memory, [1]).embeds)).toEqual([2, 2]);
  });
});
