// Which graph each backend's engine opens: a pack's int8 detector and encoder on the CPU backends (WASM, Node),
// the float ones on WebGPU, which has no QLinearConv kernel; the float ones everywhere for a pack without them.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LoadedPack } from '../src/core/pack/loaded-pack';
import type { GraphSpec, LinesPack } from '../src/core/pack/manifest-types';
import { openPageEngine } from '../src/core/pipeline/page-engine';
import type { TensorRuntime } from '../src/core/recognize/tensor-runtime';
import { loadPackDir } from '../src/node/load-pack';

const POCKET = fileURLToPath(new URL('../models/pocket', import.meta.url));

/** The graph each session was made from, by label, on a runtime that only names its backend. */
async function opened(pack: LoadedPack<LinesPack>, backend: string): Promise<Map<string, GraphSpec>> {
  const graphs = new Map<string, GraphSpec>();
  const runtime = { backend } as TensorRuntime;
  await openPageEngine(runtime, async (_bytes, label, graph) => {
    graphs.set(label, graph);
    return { inputNames: graph.inputs.map((t) => t.name), outputNames: graph.outputs.map((t) => t.name), run: () => Promise.reject(new Error('not run')), release: async () => {} };
  }, pack);
  return graphs;
}

const find = (graphs: Map<string, GraphSpec>, part: string) => [...graphs].find(([label]) => label.includes(part))?.[1];

describe('graphs a page engine opens', () => {
  it('opens an int8 detector on the CPU backends and the float one on WebGPU', async () => {
    const pack = (await loadPackDir(POCKET)) as LoadedPack<LinesPack>;
    const det = pack.manifest.detector;
    // The float graph's bytes under a second spec: which spec a session gets is what this checks.
    const int8: GraphSpec = { ...det.graph };
    const withInt8 = { ...pack, manifest: { ...pack.manifest, detector: { ...det, graphInt8: int8 } } };
    for (const backend of ['wasm', 'cpu']) {
      const graphs = await opened(withInt8, backend);
      expect(find(graphs, 'detector')).toBe(int8);
      expect(find(graphs, 'recognizer.encoderInt8')).toBe(pack.manifest.recognizer.encoderInt8);
    }
    const gpu = await opened(withInt8, 'webgpu');
    expect(find(gpu, 'detector')).toBe(det.graph);
    expect(find(gpu, 'recognizer.encoder ')).toBe(pack.manifest.recognizer.encoder);
    expect(find(await opened(pack, 'wasm'), 'detector')).toBe(det.graph);
  });
});
