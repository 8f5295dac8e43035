import { describe, expect, it } from 'vitest';
import { argmax, argmaxRows } from './argmax';

describe('argmax', () => {
  it('picks the largest value within the window', () => {
    const v = Float32Array.from([9, 1, 5, 3, 9]);
    expect(argmax(v, 1, 3)).toBe(1); // window [1, 5, 3]
    expect(argmax(v, 0, 4)).toBe(0);
  });
  it('breaks ties towards the lowest index', () => {
    expect(argmax(Float32Array.from([1, 7, 3, 7, 7]), 0, 5)).toBe(1);
    expect(argmax(Float32Array.from([2, 2, 2]), 0, 3)).toBe(0);
  });
  it('never lets NaN win; all-NaN or all -Infinity gives 0', () => {
    expect(argmax(Float32Array.from([NaN, 1, NaN, 4, NaN]), 0, 5)).toBe(3);
    expect(argmax(Float32Array.from([NaN, NaN]), 0, 2)).toBe(0);
    expect(argmax(Float32Array.from([-Infinity, -Infinity]), 0, 2)).toBe(0);
    expect(argmax(Float32Array.from([-Infinity, -1e30]), 0, 2)).toBe(1);
  });
  it('argmaxRows works row by row', () => {
    expect(Array.from(argmaxRows(Float32Array.from([0, 3, 1, 5, 5, 0]), 2, 3))).toEqual([1, 0]);
  });
});
