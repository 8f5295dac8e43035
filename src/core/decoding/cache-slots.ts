// Which cache slots each row may attend to. The cache itself is opaque and grows by T slots for
// every row on every decoder call; a row's rejected draft positions stay in it as masked holes
// (rollback = mark invalid), and rows that leave the batch are dropped with their flags.

/** Additive mask value for a denied slot (docs/pack-format.md). */
export const MASK_DENY = -1e9;

export class CacheSlots {
  /** Slots each row of the cache holds, valid or not (the decoder's P). */
  length = 0;
  private rows: Uint8Array[];

  constructor(batch: number) {
    this.rows = Array.from({ length: batch }, () => new Uint8Array(16));
  }

  get batch(): number {
    return this.rows.length;
  }

  /** Valid (committed) slots of `row`. */
  validCount(row: number): number {
    const flags = this.rows[row]!;
    let n = 0;
    for (let s = 0; s < this.length; s++) n += flags[s]!;
    return n;
  }

  /**
   * Additive mask [B, T, P + T] for the next call: each row sees its own valid slots, and new
   * position t sees new positions 0..t (causal).
   */
  buildMask(steps: number): Float32Array {
    const past = this.length;
    const width = past + steps;
    const mask = new Float32Array(this.batch * steps * width);
    for (let b = 0; b < this.batch; b++) {
      const flags = this.rows[b]!;
      const first = b * steps * width;
      for (let s = 0; s < past; s++) if (!flags[s]) mask[first + s] = MASK_DENY;
      for (let t = 1; t < steps; t++) mask.copyWithin(first + t * width, first, first + past);
      for (let t = 0; t < steps; t++) mask.fill(MASK_DENY, first + t * width + past + t + 1, first + (t + 1) * width);
    }
    return mask;
  }

  /** Record a call that appended `steps` slots to every row; the first keep[b] are committed. */
  append(steps: number, keep: ArrayLike<number>): void {
    const next = this.length + steps;
    for (let b = 0; b < this.batch; b++) {
      let flags = this.rows[b]!;
      if (flags.length < next) {
        const grown = new Uint8Array(Math.max(next, flags.length * 2));
        grown.set(flags.subarray(0, this.length));
        this.rows[b] = flags = grown;
      }
      const kept = keep[b]!;
      for (let t = 0; t < steps; t++) flags[this.length + t] = t < kept ? 1 : 0;
    }
    this.length = next;
  }

  /** Keep only `rows` (ascending), like SpeculativeModel.selectCacheRows does to the cache. */
  selectRows(rows: readonly number[]): void {
    this.rows = rows.map((r) => this.rows[r]!);
  }

  /**
   * A gather plan when there are at least `threshold(width)` holes, width being the fullest row's valid
   * slots: [B, width] old slot indices in order, -1 padded. Null when not worth it. The default (as many
   * holes as valid slots, at least 16) keeps the copying amortized O(1) per committed slot.
   */
  compactionPlan(threshold: (width: number) => number = (w) => Math.max(w, 16)): { slots: Int32Array; width: number } | null {
    let width = 0;
    for (let b = 0; b < this.batch; b++) width = Math.max(width, this.validCount(b));
    if (this.length - width < Math.max(1, threshold(width))) return null;
    const slots = new Int32Array(this.batch * width).fill(-1);
    for (let b = 0; b < this.batch; b++) {
      const flags = this.rows[b]!;
      let j = 0;
      for (let s = 0; s < this.length; s++) if (flags[s]) slots[b * width + j++] = s;
    }
    return { slots, width };
  }

  /** Record that the cache was gathered with `plan`. */
  applyCompaction(plan: { slots: Int32Array; width: number }): void {
    for (let b = 0; b < this.batch; b++) {
      const flags = new Uint8Array(Math.max(16, plan.width * 2));
      for (let j = 0; j < plan.width; j++) flags[j] = plan.slots[b * plan.width + j]! >= 0 ? 1 : 0;
      this.rows[b] = flags;
    }
    this.length = plan.width;
  }
}
