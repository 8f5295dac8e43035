import { describe, expect, it } from 'vitest';
import { wasmThreads } from './wasm-threads';

describe('wasmThreads', () => {
  it('uses every core up to 4 when cross-origin isolated, else one thread', () => {
    expect(wasmThreads(true, 2)).toBe(2);
    expect(wasmThreads(true, 3)).toBe(3);
    expect(wasmThreads(true, 16)).toBe(4);
    expect(wasmThreads(true, 1)).toBe(1);
    expect(wasmThreads(true, undefined)).toBe(2);
    expect(wasmThreads(false, 16)).toBe(1);
  });
});
