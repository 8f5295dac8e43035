import { describe, expect, it } from 'vitest';
import { decodeBatch } from './decode-batch';
import { BOS, EOS, FakeModel, plainModel, type FakeCache, type FakeRow } from './testing/fake-model';

const rows: FakeRow[] = [
  { seed: 1, eosAt: 40, draft: 'partial' },
  { seed: 2, eosAt: 30, draft: 'oracle' },
  { seed: 3, eosAt: 35, draft: 'random' },
];
const opts = { k: 2, prompt: [BOS], stop: { eos: EOS, maxTokens: 50 } };

describe('decodeBatch cancellation and bad input', () => {
  it('an already-aborted signal rejects with AbortError before any model call', async () => {
    const model = new FakeModel();
    const controller = new AbortController();
    controller.abort();
    const run = decodeBatch(model, { rows }, rows.length, { ...opts, signal: controller.signal });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(model.decodeCalls.length).toBe(0);
  });

  it('aborting mid-run stops before the next decoder call and releases every cache', async () => {
    const model = new FakeModel();
    const controller = new AbortController();
    model.onDecode = (call) => call === 2 && controller.abort();
    const run = decodeBatch(model, { rows }, rows.length, { ...opts, signal: controller.signal });
    await expect(run).rejects.toBeInstanceOf(DOMException);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(model.decodeCalls.length).toBe(3);
    expect(model.draftCalls).toBe(4); // drafts of passes 1 and 2; pass 3's are skipped
    expect(model.liveCaches).toBe(0);
  });

  it('a model returning logits of the wrong size fails with a clear message and releases its cache', async () => {
    const model = new FakeModel();
    const broken = {
      ...plainModel(model),
      releaseCache: (c: FakeCache) => model.releaseCache(c),
      decode: async (req: Parameters<FakeModel['decode']>[0]) => {
        const out = await model.decode(req);
        return { ...out, logits: out.logits.subarray(1) };
      },
    };
    await expect(decodeBatch(broken, { rows }, rows.length, opts)).rejects.toThrow(/decoder logits with 35 values; expected 36/);
    expect(model.liveCaches).toBe(0);
  });

  it('rejects options it cannot honour', async () => {
    const model = new FakeModel();
    await expect(decodeBatch(plainModel(model, false), { rows }, 3, opts)).rejects.toThrow(/no draft block/);
    await expect(decodeBatch(model, { rows }, 3, { ...opts, prompt: [] })).rejects.toThrow(/prompt/);
    await expect(decodeBatch(model, { rows }, 3, { ...opts, k: 1.5 })).rejects.toThrow(/k must be/);
    await expect(decodeBatch(model, { rows }, 3, { ...opts, stop: { eos: EOS, maxTokens: 5, ngram: 2 } })).rejects.toThrow(/repeats/);
    expect(model.decodeCalls.length).toBe(0);
  });

  it('greedy needs no draft block; empty batches and maxTokens 0 call nothing', async () => {
    const model = new FakeModel();
    const greedy = await decodeBatch(plainModel(model, false), { rows }, 3, { ...opts, k: 0 });
    expect(greedy.tokens.every((t) => t.length > 0)).toBe(true);
    const calls = model.decodeCalls.length;
    expect((await decodeBatch(model, { rows: [] }, 0, opts)).tokens).toEqual([]);
    const none = await decodeBatch(model, { rows }, 3, { ...opts, stop: { eos: EOS, maxTokens: 0 } });
    expect(none.tokens).toEqual([[], [], []]);
    expect(model.decodeCalls.length).toBe(calls);
  });
});
