// The decoding tests are only as strict as this fake: check that it really reads the cache
// through the mask, and really depends on positions and memory rows.
import { describe, expect, it } from 'vitest';
import { FakeModel, type FakeRow } from './fake-model';

const row: FakeRow = { seed: 42, eosAt: 99, draft: 'oracle' };

async function hiddenOf(model: FakeModel, ids: number[], positions: number[], mask: number[], memRow = row) {
  const past = model.emptyCache(1);
  const n = ids.length;
  const out = await model.decode({
    batch: 1,
    steps: n,
    ids: Int32Array.from(ids),
    positions: Int32Array.from(positions),
    mask: Float32Array.from(mask),
    past,
    memory: { rows: [memRow] },
  });
  model.releaseCache(past);
  model.releaseCache(out.present);
  return Array.from(out.hidden.subarray((n - 1) * 3));
}

describe('FakeModel', () => {
  const X = -1e9;
  // Three new positions; we look at the last one's state.
  const causal = [0, X, X, 0, 0, X, 0, 0, 0];
  const hole = [0, X, X, 0, 0, X, 0, X, 0];

  it('depends on which slots the mask shows, on positions and on the memory row', async () => {
    const model = new FakeModel();
    const base = await hiddenOf(model, [1, 5, 6], [0, 1, 2], causal);
    expect(await hiddenOf(model, [1, 5, 6], [0, 1, 2], hole)).not.toEqual(base);
    expect(await hiddenOf(model, [1, 5, 6], [0, 1, 3], causal)).not.toEqual(base);
    expect(await hiddenOf(model, [1, 5, 6], [0, 1, 2], causal, { ...row, seed: 43 })).not.toEqual(base);
    expect(await hiddenOf(model, [1, 5, 6], [0, 1, 2], causal)).toEqual(base);
    expect(model.liveCaches).toBe(0);
  });

  it('an oracle draft fed the right hidden predicts the decoder exactly', async () => {
    const model = new FakeModel();
    const h = await hiddenOf(model, [1, 5], [0, 1], [0, X, 0, 0]);
    const full = await hiddenOf(model, [1, 5, 7], [0, 1, 2], causal);
    const d = await model.draft({ batch: 1, hidden: Float32Array.from(h), ids: Int32Array.of(7), positions: Int32Array.of(2), memory: { rows: [row] } });
    expect(Array.from(d.hidden)).toEqual(full);
  });
});
