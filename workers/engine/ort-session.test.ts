import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A worker's navigator.gpu offering `adapter`, counting the requests. */
function stubGpu(adapter: { features: Set<string>; info?: { isFallbackAdapter: boolean } }) {
  const requests = { count: 0 };
  vi.stubGlobal('navigator', { gpu: { requestAdapter: async () => (requests.count++, adapter) } });
  return requests;
}

describe('chooseBackend', () => {
  it('asks for the WebGPU adapter once per worker, whatever is asked', async () => {
    const requests = stubGpu({ features: new Set(), info: { isFallbackAdapter: true } });
    const { chooseBackend } = await import('./ort-session');
    // "auto" skips a software adapter; asking for WebGPU explicitly still gets it.
    expect(await chooseBackend('auto', [])).toEqual({ backend: 'wasm', reason: 'the only WebGPU adapter is a software fallback' });
    expect(await chooseBackend('webgpu', [])).toEqual({ backend: 'webgpu' });
    const f16 = { name: 'x', dtype: 'float16' as const, shape: [1] };
    expect(await chooseBackend('webgpu', [{ file: 'g.onnx', sha256: '', bytes: 1, inputs: [f16], outputs: [] }])).toEqual({
      backend: 'wasm',
      reason: 'the pack has float16 graphs and this GPU has no shader-f16',
    });
    expect(requests.count).toBe(1);
  });

  it('reads on WASM without asking when WASM is asked for', async () => {
    const requests = stubGpu({ features: new Set(['shader-f16']) });
    const { chooseBackend } = await import('./ort-session');
    expect(await chooseBackend('wasm', [])).toEqual({ backend: 'wasm' });
    expect(requests.count).toBe(0);
  });
});
