import { describe, expect, it } from 'vitest';
import { decodeBatch } from './decode-batch';
import { tokensPerPass } from './stats';
import type { DecodeOptions, StopRules } from './types';
import { BOS, EOS, FakeModel, plainModel, type DraftMode, type FakeRow } from './testing/fake-model';
import { referenceGreedy, type Reference } from './testing/reference-greedy';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const MODES: DraftMode[] = ['oracle', 'adversarial', 'random', 'partial'];

/** A pool of rows with mixed lengths, some that loop (for n-gram stops), drafts as asked. */
function makeRows(count: number, draft: DraftMode | 'mixed', seed: number): FakeRow[] {
  const r = rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const row: FakeRow = {
      seed: Math.floor(r() * 2 ** 32),
      eosAt: 3 + Math.floor(r() * 40),
      draft: draft === 'mixed' ? MODES[i % MODES.length]! : draft,
    };
    if (r() < 0.3) {
      row.loopAt = 4 + Math.floor(r() * 10);
      row.loopPeriod = 1 + Math.floor(r() * 3);
    }
    return row;
  });
}

const references = new Map<string, Reference>();
async function reference(row: FakeRow, prompt: number[], stop: StopRules): Promise<Reference> {
  const key = JSON.stringify([row.seed, row.eosAt, row.loopAt, row.loopPeriod, prompt, stop]);
  let ref = references.get(key);
  if (!ref) references.set(key, (ref = await referenceGreedy(row, prompt, stop)));
  return ref;
}

async function run(rows: FakeRow[], opts: DecodeOptions, model = new FakeModel()) {
  const out = await decodeBatch(model, { rows }, rows.length, opts);
  expect(model.liveCaches).toBe(0);
  return { out, model };
}

async function expectGreedy(rows: FakeRow[], opts: DecodeOptions, out: Awaited<ReturnType<typeof run>>['out']) {
  for (let b = 0; b < rows.length; b++) {
    const ref = await reference(rows[b]!, opts.prompt, opts.stop);
    expect(out.tokens[b], `row ${b}`).toEqual(ref.tokens);
    expect(out.finish?.[b], `row ${b}`).toBe(ref.finish);
  }
}

const STOPS: StopRules[] = [
  { eos: EOS, maxTokens: 30 },
  { eos: EOS, maxTokens: 24, ngram: 3, repeats: 3 },
];
const PROMPTS = [[BOS], [BOS, 5, 9, 4]];

describe('decodeBatch equals batch-1 greedy', () => {
  const pool = makeRows(32, 'mixed', 11);
  for (const draft of [...MODES, 'mixed'] as const) {
    it(`draft ${draft}: every K in 0..3, batch 1..16, two prompts, two stop rules`, async () => {
      const rowsPool = draft === 'mixed' ? pool : pool.map((r) => ({ ...r, draft }));
      let checked = 0;
      for (const prompt of PROMPTS) {
        for (const stop of STOPS) {
          for (let k = 0; k <= 3; k++) {
            if (k === 0 && draft !== 'mixed') continue; // greedy ignores drafts: once is enough
            for (let batch = 1; batch <= 16; batch++) {
              const start = (batch * 7 + k) % pool.length;
              const rows = Array.from({ length: batch }, (_, i) => rowsPool[(start + i) % pool.length]!);
              const opts = { k, prompt, stop };
              const { out, model } = await run(rows, opts, new FakeModel());
              await expectGreedy(rows, opts, out);
              expect(out.tokens.every((t) => t.length <= stop.maxTokens)).toBe(true);
              // Rows that finish leave: no call is wider than the rows still running.
              expect(model.decodeCalls[model.decodeCalls.length - 1]!.batch).toBeLessThanOrEqual(batch);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(60);
    });
  }

  it('fused drafts (one call for all K steps): every K in 1..3, batch 1..16, the same text, drafts and acceptance', async () => {
    let fusedCalls = 0;
    for (const stop of STOPS) {
      for (let k = 1; k <= 3; k++) {
        for (let batch = 1; batch <= 16; batch++) {
          const start = (batch * 5 + k) % pool.length;
          const rows = Array.from({ length: batch }, (_, i) => pool[(start + i) % pool.length]!);
          const opts = { k, prompt: [BOS], stop };
          const fused = new FakeModel();
          fused.fusedDraftSteps = [1, 2, 3];
          const a = await run(rows, opts, fused);
          await expectGreedy(rows, opts, a.out);
          const b = await run(rows, opts, new FakeModel());
          // Same drafts as step-by-step drafting, so the same acceptance; one draft call per pass.
          expect(a.out.stats.acceptedPerStep).toEqual(b.out.stats.acceptedPerStep);
          expect(a.out.stats.proposedPerStep).toEqual(b.out.stats.proposedPerStep);
          expect(a.out.stats.decoderCalls).toBe(b.out.stats.decoderCalls);
          expect(fused.draftCalls).toBe(0);
          expect(a.out.stats.draftCalls).toBe(fused.fusedDraftCalls);
          fusedCalls += fused.fusedDraftCalls;
        }
      }
    }
    expect(fusedCalls).toBeGreaterThan(100);
  });

  it('the pool covers eos, maxTokens and repetition stops', async () => {
    const reasons = new Set<string>();
    for (const stop of STOPS) for (const row of pool) reasons.add((await reference(row, [BOS], stop)).finish);
    expect([...reasons].sort()).toEqual(['eos', 'length', 'repeat']);
  });

  it('the same text without the optional compactCache / releaseCache', async () => {
    const rows = makeRows(9, 'mixed', 5);
    for (let k = 0; k <= 3; k++) {
      const opts = { k, prompt: [BOS], stop: STOPS[1]! };
      const model = new FakeModel();
      const out = await decodeBatch(plainModel(model), { rows }, rows.length, opts);
      await expectGreedy(rows, opts, out);
    }
  });
});

/** Rows whose greedy text is long and ends the way asked (found by seed, deterministically). */
async function rowsEnding(count: number, draft: DraftMode, stop: StopRules, want: (ref: Reference) => boolean, eosAt = 60) {
  const rows: FakeRow[] = [];
  for (let seed = 1; rows.length < count; seed++) {
    const row = { seed, eosAt, draft };
    if (want(await reference(row, [BOS], stop))) rows.push(row);
  }
  return rows;
}

describe('pass accounting', () => {
  const stop = { eos: EOS, maxTokens: 1000 };

  it('greedy: one token per row pass', async () => {
    const rows = makeRows(6, 'oracle', 3);
    const opts = { k: 0, prompt: [BOS], stop };
    const { out, model } = await run(rows, opts);
    await expectGreedy(rows, opts, out);
    const emitted = await Promise.all(rows.map(async (r) => (await reference(r, [BOS], stop)).emitted));
    expect(out.stats.decoderCalls).toBe(Math.max(...emitted));
    expect(out.stats.rowPasses).toBe(emitted.reduce((a, b) => a + b));
    expect(out.stats.tokens).toBe(out.stats.rowPasses);
    expect(tokensPerPass(out.stats)).toBe(1);
    expect(out.stats.draftCalls).toBe(0);
    expect(model.decodeCalls.slice(1).every((c) => c.steps === 1)).toBe(true);
  });

  for (const k of [1, 2, 3]) {
    for (const batch of [1, 5, 16]) {
      it(`oracle drafts, K=${k}, batch ${batch}: K+1 tokens per pass except the prefill and the last`, async () => {
        const rows = makeRows(batch, 'oracle', 100 + batch);
        const opts = { k, prompt: [BOS], stop };
        const { out, model } = await run(rows, opts);
        await expectGreedy(rows, opts, out);
        const emitted = await Promise.all(rows.map(async (r) => (await reference(r, [BOS], stop)).emitted));
        const passes = emitted.map((n) => 1 + Math.ceil((n - 1) / (k + 1)));
        const s = out.stats;
        expect(s.decoderCalls).toBe(Math.max(...passes));
        expect(s.rowPasses).toBe(passes.reduce((a, b) => a + b));
        expect(s.tokens).toBe(emitted.reduce((a, b) => a + b));
        expect(s.acceptedPerStep).toEqual(s.proposedPerStep);
        expect(s.draftCalls).toBe(k * (s.decoderCalls - 1));
        expect(model.decodeCalls.slice(1).every((c) => c.steps === k + 1)).toBe(true);
      });
    }
  }

  for (const k of [2, 3]) {
    it(`oracle drafts through a fused draft for K=${k}: one draft call per pass, every draft accepted`, async () => {
      const rows = makeRows(6, 'oracle', 40 + k);
      const opts = { k, prompt: [BOS], stop };
      const model = new FakeModel();
      model.fusedDraftSteps = [k];
      const { out } = await run(rows, opts, model);
      await expectGreedy(rows, opts, out);
      const s = out.stats;
      expect(s.acceptedPerStep).toEqual(s.proposedPerStep);
      expect(s.acceptedPerStep[k - 1]).toBeGreaterThan(0);
      expect(s.draftCalls).toBe(s.decoderCalls - 1);
      expect(model.fusedDraftCalls).toBe(s.decoderCalls - 1);
      expect(model.draftCalls).toBe(0);
    });
  }

  it('a K without a fused draft drafts step by step', async () => {
    const rows = makeRows(5, 'partial', 9);
    const opts = { k: 2, prompt: [BOS], stop };
    const model = new FakeModel();
    model.fusedDraftSteps = [3];
    const { out } = await run(rows, opts, model);
    await expectGreedy(rows, opts, out);
    expect(model.fusedDraftCalls).toBe(0);
    expect(model.draftCalls).toBe(2 * (out.stats.decoderCalls - 1));
  });

  for (const k of [1, 2, 3]) {
    it(`adversarial drafts, K=${k}, batch 7: exactly one token per pass, nothing accepted`, async () => {
      const rows = makeRows(7, 'adversarial', 7);
      const opts = { k, prompt: [BOS], stop };
      const { out } = await run(rows, opts);
      await expectGreedy(rows, opts, out);
      const emitted = await Promise.all(rows.map(async (r) => (await reference(r, [BOS], stop)).emitted));
      const s = out.stats;
      expect(s.decoderCalls).toBe(Math.max(...emitted));
      expect(s.rowPasses).toBe(emitted.reduce((a, b) => a + b));
      expect(tokensPerPass(s)).toBe(1);
      expect(s.acceptedPerStep).toEqual(new Array(k).fill(0));
      expect(s.proposedPerStep).toEqual([emitted.reduce((a, n) => a + n - 1, 0), ...new Array(k - 1).fill(0)]);
    });
  }

  it('maxTokens reached inside an accepted draft run ends the row there', async () => {
    const stop8 = { eos: EOS, maxTokens: 8 };
    const long = (ref: Reference) => ref.finish === 'length';
    const [fast] = await rowsEnding(1, 'oracle', stop8, long);
    const [slow] = await rowsEnding(1, 'adversarial', stop8, long);
    const rows = [fast!, slow!];
    const opts = { k: 3, prompt: [BOS], stop: stop8 };
    const { out } = await run(rows, opts);
    await expectGreedy(rows, opts, out);
    // fast: prefill 1, then 4, then d_1..d_3 reach 8 with no pending token: 3 calls.
    // slow: one token per call, 8 calls; the last has room for no draft.
    expect(out.tokens.map((t) => t.length)).toEqual([8, 8]);
    expect(out.stats).toMatchObject({ decoderCalls: 8, rowPasses: 11, tokens: 16 });
    expect(out.stats.acceptedPerStep).toEqual([2, 2, 2]);
    expect(out.stats.proposedPerStep).toEqual([2 + 6, 2, 2]);
  });

  it('eos inside an accepted draft run ends the row there', async () => {
    // Token 7 is eos: prefill gives 1, the first pass 4, the second d_1 and d_2 = eos.
    const stop = { eos: EOS, maxTokens: 50 };
    const [row] = await rowsEnding(1, 'oracle', stop, (r) => r.finish === 'eos' && r.tokens.length === 6, 7);
    const opts = { k: 3, prompt: [BOS], stop };
    const { out } = await run([row!], opts);
    await expectGreedy([row!], opts, out);
    expect(out.stats).toMatchObject({ decoderCalls: 3, tokens: 7, acceptedPerStep: [2, 2, 1], proposedPerStep: [2, 2, 1] });
  });
});

describe('holes', () => {
  it('compaction keeps the text and bounds the cache; without it the holes stay', async () => {
    const stop = { eos: EOS, maxTokens: 120 };
    const rows = await rowsEnding(4, 'adversarial', stop, (r) => r.tokens.length > 90, 200);
    const opts = { k: 3, prompt: [BOS], stop };
    const compacting = await run(rows, opts);
    await expectGreedy(rows, opts, compacting.out);
    expect(compacting.model.compactions).toBeGreaterThan(0);
    // Committed slots ≤ 121; holes never exceed max(committed, 16) + one pass of 3.
    expect(Math.max(...compacting.model.decodeCalls.map((c) => c.past))).toBeLessThanOrEqual(2 * 121 + 3);

    const fake = new FakeModel();
    const out = await decodeBatch(plainModel(fake), { rows }, rows.length, opts);
    await expectGreedy(rows, opts, out);
    // Adversarial K=3: every pass leaves 3 holes per committed token.
    expect(Math.max(...fake.decodeCalls.map((c) => c.past))).toBeGreaterThan(3 * 90);

    // A model that asks for compaction at 4 holes: never more than 4 + one pass of 3 holes are attended.
    const eager = new FakeModel();
    eager.compactionThreshold = () => 4;
    const e = await run(rows, opts, eager);
    await expectGreedy(rows, opts, e.out);
    expect(eager.compactions).toBeGreaterThan(4 * compacting.model.compactions);
    expect(Math.max(...eager.decodeCalls.map((c) => c.past))).toBeLessThanOrEqual(121 + 4 + 3);
  });
});
