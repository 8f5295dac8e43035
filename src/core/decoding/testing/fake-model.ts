// A deterministic fake SpeculativeModel for unit tests. Its logits at a position are a hash of
// exactly the (token, position) slots the mask lets that position see, in slot order, so any
// mistake in masks, holes, positions, row selection or compaction changes the decoded text.
// Its "hidden" state is that hash, so a draft block can compute the next position's logits
// exactly from (hidden, token, position): an oracle draft is right only if the hidden it is fed
// really belongs to the row's last verified position.
import type { DecodeRequest, DecodeResult, DraftRequest, DraftResult, SpeculativeModel } from '../types';

export const PAD = 0;
export const BOS = 1;
export const EOS = 2;
export const VOCAB = 12;
/** [hash high 16 bits, hash low 16 bits, visible slot count]: exact in float32. */
export const HIDDEN = 3;

export type DraftMode = 'oracle' | 'adversarial' | 'random' | 'partial';

/** One sequence of the fake "image memory". */
export interface FakeRow {
  seed: number;
  /** eos is forced once a position sees this many slots (prompt included). */
  eosAt: number;
  /** From this many visible slots on, the model loops with `loopPeriod` (for n-gram stops). */
  loopAt?: number;
  loopPeriod?: number;
  draft: DraftMode;
}

export interface FakeMemory {
  rows: FakeRow[];
}

interface Slot {
  token: number;
  pos: number;
}

export interface FakeCache {
  serial: number;
  rows: (Slot | null)[][];
}

export function mix(h: number, x: number): number {
  h = Math.imul(h ^ x, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The attention state after one more visible slot. */
function fold(state: number, token: number, pos: number): number {
  return mix(mix(state, token + 1), pos + 7);
}

/** Logits for a position whose visible history hashes to `state` and has `count` slots. */
export function fakeLogits(state: number, count: number, row: FakeRow): Float32Array {
  const logits = new Float32Array(VOCAB);
  if (count >= row.eosAt) {
    logits.fill(-1).set([5], EOS);
    return logits;
  }
  if (row.loopAt !== undefined && count >= row.loopAt) {
    logits.fill(-1)[4 + (count % (row.loopPeriod ?? 1))] = 5;
    return logits;
  }
  // Few distinct values, so exact ties are common and tie-breaking matters.
  for (let v = 0; v < VOCAB; v++) logits[v] = mix(state, v + 101) % 5;
  logits[PAD] = -3;
  logits[BOS] = -3;
  // A rare early eos, decided by the history.
  logits[EOS] = mix(state, 999) % 29 === 0 ? 9 : -2;
  return logits;
}

export interface DecodeCallLog {
  batch: number;
  steps: number;
  past: number;
}

export class FakeModel implements SpeculativeModel<FakeCache, FakeMemory> {
  readonly vocabSize = VOCAB;
  readonly hiddenSize = HIDDEN;
  readonly decodeCalls: DecodeCallLog[] = [];
  draftCalls = 0;
  fusedDraftCalls = 0;
  /** Step counts the fake fused draft serves; unset = no fused draft (one call per step). */
  fusedDraftSteps?: number[];
  compactions = 0;
  /** Set to ask for compactions sooner than the default. */
  compactionThreshold?: (valid: number) => number;
  /** Called before each decode; tests use it to abort mid-run. */
  onDecode?: (call: number) => void;
  private live = new Set<number>();
  private serial = 0;

  get liveCaches(): number {
    return this.live.size;
  }

  emptyCache(batch: number): FakeCache {
    return this.track(Array.from({ length: batch }, () => []));
  }

  async decode(req: DecodeRequest<FakeCache, FakeMemory>): Promise<DecodeResult<FakeCache>> {
    this.onDecode?.(this.decodeCalls.length);
    const { batch: B, steps: T, past, memory } = req;
    this.checkLive(past);
    const P = past.rows[0]?.length ?? 0;
    this.decodeCalls.push({ batch: B, steps: T, past: P });
    expect(past.rows.length === B && memory.rows.length === B, `batch ${B} vs cache ${past.rows.length} / memory ${memory.rows.length}`);
    expect(past.rows.every((r) => r.length === P), 'cache rows of different lengths');
    expect(req.ids.length === B * T && req.positions.length === B * T, 'ids/positions shape');
    expect(req.mask.length === B * T * (P + T), `mask ${req.mask.length} != ${B}x${T}x${P + T}`);

    const W = P + T;
    const rows = past.rows.map((r, b) => {
      const added = Array.from({ length: T }, (_, t) => ({ token: req.ids[b * T + t]!, pos: req.positions[b * T + t]! }));
      return [...r, ...added];
    });
    const logits = new Float32Array(B * T * VOCAB);
    const hidden = new Float32Array(B * T * HIDDEN);
    for (let b = 0; b < B; b++) {
      const spec = memory.rows[b]!;
      for (let t = 0; t < T; t++) {
        let state = spec.seed >>> 0;
        let count = 0;
        for (let s = 0; s < W; s++) {
          const m = req.mask[(b * T + t) * W + s]!;
          expect(m === 0 || m === -1e9 || m === Math.fround(-1e9), `mask value ${m}`);
          if (m !== 0) continue;
          const slot = rows[b]![s];
          expect(slot != null, 'a padding slot is visible');
          state = fold(state, slot!.token, slot!.pos);
          count++;
        }
        logits.set(fakeLogits(state, count, spec), (b * T + t) * VOCAB);
        hidden.set([state >>> 16, state & 0xffff, count], (b * T + t) * HIDDEN);
      }
    }
    return { logits, hidden, present: this.track(rows) };
  }

  async draft(req: DraftRequest<FakeMemory>): Promise<DraftResult> {
    this.draftCalls++;
    return this.draftStep(req);
  }

  private async draftStep(req: DraftRequest<FakeMemory>): Promise<DraftResult> {
    const B = req.batch;
    expect(req.memory.rows.length === B && req.hidden.length === B * HIDDEN, 'draft batch');
    const logits = new Float32Array(B * VOCAB);
    const hidden = new Float32Array(B * HIDDEN);
    for (let b = 0; b < B; b++) {
      const spec = req.memory.rows[b]!;
      const h = req.hidden.subarray(b * HIDDEN, (b + 1) * HIDDEN);
      const state = fold(((h[0]! << 16) | h[1]!) >>> 0, req.ids[b]!, req.positions[b]!);
      const count = h[2]! + 1;
      const exact = fakeLogits(state, count, spec);
      logits.set(draftLogits(spec.draft, exact, state), b * VOCAB);
      hidden.set([state >>> 16, state & 0xffff, count], b * HIDDEN);
    }
    return { logits, hidden };
  }

  /** All `steps` draft steps at once, the argmax of each fed to the next, as a fused draft graph does. */
  async fusedDraft(req: DraftRequest<FakeMemory>, steps: number): Promise<Int32Array> {
    expect(this.fusedDraftSteps?.includes(steps) === true, `no fused draft for ${steps} steps`);
    this.fusedDraftCalls++;
    const B = req.batch;
    const out = new Int32Array(B * steps);
    let { hidden, ids } = req;
    for (let s = 0; s < steps; s++) {
      const step = await this.draftStep({ ...req, hidden, ids, positions: req.positions.map((p) => p + s) });
      ids = Int32Array.from({ length: B }, (_, b) => {
        const row = step.logits.subarray(b * VOCAB, (b + 1) * VOCAB);
        return row.indexOf(Math.max(...row));
      });
      ids.forEach((id, b) => (out[b * steps + s] = id));
      hidden = step.hidden;
    }
    return out;
  }

  selectCacheRows(cache: FakeCache, rows: number[]): FakeCache {
    this.checkLive(cache);
    checkRows(rows, cache.rows.length);
    return this.track(rows.map((r) => [...cache.rows[r]!]));
  }

  selectMemoryRows(memory: FakeMemory, rows: number[]): FakeMemory {
    checkRows(rows, memory.rows.length);
    return { rows: rows.map((r) => memory.rows[r]!) };
  }

  releaseCache(cache: FakeCache): void {
    expect(this.live.delete(cache.serial), `cache ${cache.serial} released twice or never made`);
  }

  compactCache(cache: FakeCache, slots: Int32Array, width: number): FakeCache {
    this.checkLive(cache);
    expect(slots.length === cache.rows.length * width, 'compaction plan shape');
    this.compactions++;
    return this.track(cache.rows.map((r, b) => Array.from({ length: width }, (_, j) => {
      const s = slots[b * width + j]!;
      return s < 0 ? null : r[s]!;
    })));
  }

  private track(rows: (Slot | null)[][]): FakeCache {
    const cache = { serial: ++this.serial, rows };
    this.live.add(cache.serial);
    return cache;
  }

  private checkLive(cache: FakeCache): void {
    expect(this.live.has(cache.serial), `cache ${cache.serial} used after release`);
  }
}

/** The same model without the optional parts (no compaction, no release, optionally no draft). */
export function plainModel(model: FakeModel, withDraft = true): SpeculativeModel<FakeCache, FakeMemory> {
  return {
    vocabSize: model.vocabSize,
    hiddenSize: model.hiddenSize,
    emptyCache: (b) => model.emptyCache(b),
    decode: (r) => model.decode(r),
    ...(withDraft ? { draft: (r: DraftRequest<FakeMemory>) => model.draft(r) } : {}),
    selectCacheRows: (c, r) => model.selectCacheRows(c, r),
    selectMemoryRows: (m, r) => model.selectMemoryRows(m, r),
  };
}

function draftLogits(mode: DraftMode, exact: Float32Array, state: number): Float32Array {
  const best = exact.indexOf(Math.max(...exact));
  const wrong = new Float32Array(VOCAB).fill(0);
  wrong[(best + 1 + (mix(state, 5) % (VOCAB - 1))) % VOCAB] = 1;
  switch (mode) {
    case 'oracle':
      return exact;
    case 'adversarial':
      return wrong;
    case 'partial':
      return mix(state, 77) % 3 === 0 ? wrong : exact;
    case 'random':
      return Float32Array.from({ length: VOCAB }, (_, v) => mix(state, v + 3) % 7);
  }
}

function checkRows(rows: number[], n: number): void {
  expect(rows.every((r, i) => r >= 0 && r < n && (i === 0 || r > rows[i - 1]!)), `rows ${rows} not ascending within ${n}`);
}

function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(`FakeModel: ${what}`);
}
