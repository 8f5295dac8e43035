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

  it('agrees element by element with a per-element copy, whichever of the two axes comes first', () => {
    // out[idx] = part[idx with the concatenated axis shifted back] where inside the part, else 0.
    const reference = (parts: { data: Float32Array; dims: number[] }[], axis: number, padAxis: number, padTo: number) => {
      const dims = [...parts[0]!.dims];
      dims[padAxis] = padTo;
      dims[axis] = parts.reduce((s, p) => s + p.dims[axis]!, 0);
      const out: number[] = [];
      const walk = (idx: number[]) => {
        if (idx.length === dims.length) {
          let at = idx[axis]!;
          const p = parts.find((q) => (at < q.dims[axis]! ? true : ((at -= q.dims[axis]!), false)))!;
          const own = idx.map((v, i) => (i === axis ? at : v));
          if (own.some((v, i) => v >= p.dims[i]!)) return out.push(0);
          return out.push(p.data[own.reduce((s, v, i) => s * p.dims[i]! + v, 0)]!);
        }
        for (let v = 0; v < dims[idx.length]!; v++) walk([...idx, v]);
      };
      walk([]);
      return out;
    };
    // Like cross_kv [2L, B, H, S, dh] with two heads: lines along the batch axis, steps padded …
    const lines = [3, 1, 2].map((steps, i) => ({ data: iota([2, 1, 2, steps, 3], 100 * i), dims: [2, 1, 2, steps, 3] }));
    expect([...concatPadded(lines, 1, 3, 4).data]).toEqual(reference(lines, 1, 3, 4));
    // … and the concatenated axis after the padded one.
    const late = [2, 3].map((n, i) => ({ data: iota([2, i + 1, n, 2], 50 * i), dims: [2, i + 1, n, 2] }));
    expect([...concatPadded(late, 2, 1, 3).data]).toEqual(reference(late, 2, 1, 3));
  });

  it('refuses parts that disagree on another axis or exceed the padded size', () => {
    expect(() => concatPadded([{ data: iota([1, 2, 2]), dims: [1, 2, 2] }, { data: iota([1, 3, 2]), dims: [1, 3, 2] }], 0, 2, 2)).toThrow(/axis 1/);
    expect(() => concatPadded([{ data: iota([1, 4]), dims: [1, 4] }], 0, 1, 3)).toThrow(RangeError);
  });
});
