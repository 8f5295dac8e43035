import { describe, expect, it } from 'vitest';
import { concatPadded, takeRows } from './rows';

// Element value encodes its own index so every copy can be checked by hand.
const iota = (dims: number[], base = 0) => Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => base + i);

describe('takeRows', () => {
  it('keeps rows of a middle axis in the order given', () => {
    // [2, 3, 2]: axis 1 rows r at outer o hold o*6 + r*2 + {0,1}
    const out = takeRows(iota([2, 3, 2]), [2, 3, 2], 1, [2, 0]);
    expect([...out]).toEqual([4, 5, 0, 1, 10, 11, 6, 7]);
  });

  it('rejects a row outside the axis', () => {
    expect(() => takeRows(iota([2, 2]), [2, 2], 0, [2])).toThrow(RangeError);
  });
});

describe('concatPadded', () => {
  it('stacks lines of different widths along the batch axis and zero-pads the step axis', () => {
    // Like cross_kv [2L=2, B=1, H=1, S, dh=2] for S = 1 and S = 2, padded to S = 3.
    const a = { data: iota([2, 1, 1, 1, 2], 100), dims: [2, 1, 1, 1, 2] };
    const b = { data: iota([2, 1, 1, 2, 2], 200), dims: [2, 1, 1, 2, 2] };
    const out = concatPadded([a, b], 1, 3, 3);
    expect(out.dims).toEqual([2, 2, 1, 3, 2]);
    expect([...out.data]).toEqual([
      // layer-slot 0: row a (1 step + 2 padding), row b (2 steps + 1 padding)
      100, 101, 0, 0, 0, 0, 200, 201, 202, 203, 0, 0,
      // layer-slot 1
      102, 103, 0, 0, 0, 0, 204, 205, 206, 207, 0, 0,
    ]);
  });

  it('pads the last axis when it is the padded one', () => {
    const out = concatPadded([{ data: Float32Array.of(1, 2), dims: [1, 2] }, { data: Float32Array.of(3), dims: [1, 1] }], 0, 1, 3);
    expect([...out.data]).toEqual([1, 2, 0, 3, 0, 0]);
  });

  it('refuses parts that disagree on another axis or exceed the padded size', () => {
    expect(() => concatPadded([{ data: iota([1, 2, 2]), dims: [1, 2, 2] }, { data: iota([1, 3, 2]), dims: [1, 3, 2] }], 0, 2, 2)).toThrow(/axis 1/);
    expect(() => concatPadded([{ data: iota([1, 4]), dims: [1, 4] }], 0, 1, 3)).toThrow(RangeError);
  });
});
