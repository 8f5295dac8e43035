import { describe, expect, it } from 'vitest';
import { CacheSlots } from './cache-slots';

const X = -1e9;
const rowsOf = (mask: Float32Array, width: number) =>
  Array.from({ length: mask.length / width }, (_, i) => Array.from(mask.subarray(i * width, (i + 1) * width), (v) => (v === 0 ? 0 : X)));

describe('CacheSlots', () => {
  it('masks each row\'s holes and is causal among the new positions', () => {
    const slots = new CacheSlots(2);
    slots.append(2, [2, 2]); // prompt
    slots.append(3, [1, 3]); // row 0 rejected two drafts
    expect(slots.length).toBe(5);
    expect([slots.validCount(0), slots.validCount(1)]).toEqual([3, 5]);
    const mask = slots.buildMask(2); // [2, 2, 7]
    expect(rowsOf(mask, 7)).toEqual([
      [0, 0, 0, X, X, 0, X],
      [0, 0, 0, X, X, 0, 0],
      [0, 0, 0, 0, 0, 0, X],
      [0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('keeps the flags of the selected rows', () => {
    const slots = new CacheSlots(3);
    slots.append(2, [0, 1, 2]);
    slots.selectRows([0, 2]);
    expect(rowsOf(slots.buildMask(1), 3)).toEqual([
      [X, X, 0],
      [0, 0, 0],
    ]);
  });

  it('plans a compaction only when holes dominate, keeping slot order', () => {
    const slots = new CacheSlots(2);
    for (let i = 0; i < 10; i++) slots.append(4, [1, 2]);
    expect(slots.compactionPlan((w) => Math.max(w, 100))).toBeNull();
    const plan = slots.compactionPlan((w) => Math.max(w, 4))!;
    expect(plan.width).toBe(20);
    expect(Array.from(plan.slots.subarray(0, 3))).toEqual([0, 4, 8]);
    expect(plan.slots[10]).toBe(-1);
    expect(Array.from(plan.slots.subarray(20, 24))).toEqual([0, 1, 4, 5]);
    slots.applyCompaction(plan);
    expect([slots.length, slots.validCount(0), slots.validCount(1)]).toEqual([20, 10, 20]);
    expect(rowsOf(slots.buildMask(1), 21)[0]).toEqual([...new Array(10).fill(0), ...new Array(10).fill(X), 0]);
  });
});
