// Runs models/seed-tiny inside Chromium on onnxruntime-web (WASM or WebGPU): graph parity against the
// PyTorch fixtures and speculative == greedy through the same core code the engine uses.
// Bundled by test/seed/browser.test.ts; onnxruntime-web is served as /ort/ort.all.min.mjs.
// @ts-expect-error served at runtime, not resolved by the bundler
import * as ort from '/ort/ort.all.min.mjs';
import { decodeBatch } from '../../../src/core/decoding/decode-batch';
import type { PagePack } from '../../../src/core/page-pack/page-pack-types';
import { PageModel } from '../../../src/core/page-pack/page-model';
import { pagePrompt } from '../../../src/core/page-pack/page-prompt';
import { assembleVisualTokens, visualTokenCount } from '../../../src/core/page-pack/visual-tokens';
import type { Tensor, TensorRuntime, TensorSession } from '../../../src/core/recognize/tensor-runtime';

type OrtTensor = { type: string; dims: number[]; data: Float32Array | BigInt64Array; getData(): Promise<Float32Array>; dispose(): void };
type Encoded = { dtype: string; shape: number[]; b64: string };

const PACK = '/models/seed-tiny/';

function decodeB64(e: Encoded): Float32Array | BigInt64Array {
  const bin = atob(e.b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return e.dtype === 'int64' ? new BigInt64Array(bytes.buffer) : new Float32Array(bytes.buffer);
}

function pixels(n: number, size: number, seed: number): Float32Array {
  const out = new Float32Array(n * 3 * size * size);
  let i = 0;
  for (let k = 0; k < n; k++)
    for (let c = 0; c < 3; c++)
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) out[i++] = (((x * 7 + y * 13 + c * 31 + (k + seed) * 17 + ((x * y) % 5)) % 256) / 255 - 0.5) / 0.5;
  return out;
}

const runtime: TensorRuntime = {
  backend: 'web',
  float32: (d, dims) => new ort.Tensor('float32', d, dims) as Tensor,
  int64: (d, dims) => new ort.Tensor('int64', d, dims) as Tensor,
  read: async (t) => (await (t as unknown as OrtTensor).getData()) as Float32Array,
  dispose: () => {},
};

async function open(ep: string, graph: { file: string; externalData?: { file: string }[] }): Promise<TensorSession> {
  const bytes = new Uint8Array(await (await fetch(PACK + graph.file)).arrayBuffer());
  const externalData = await Promise.all(
    (graph.externalData ?? []).map(async (x) => ({ path: x.file, data: new Uint8Array(await (await fetch(PACK + x.file)).arrayBuffer()) })),
  );
  const s = await ort.InferenceSession.create(bytes, { executionProviders: [ep], externalData });
  return { inputNames: s.inputNames, outputNames: s.outputNames, run: (f: Record<string, Tensor>) => s.run(f), release: () => s.release() };
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = a.length === b.length ? 0 : Infinity;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/** `ep` runs the decoder and draft; `visionEp` the two vision graphs (default: the same). */
export async function runSeed(ep: string, visionEp = ep) {
  ort.env.wasm.numThreads = 1;
  const pack: PagePack = await (await fetch(PACK + 'pack.json')).json();
  const ref = await (await fetch('/test/seed/fixtures/seed-tiny-reference.json')).json();
  const [global, tile] = await Promise.all([pack.vision.global, pack.vision.tile].map((g) => open(visionEp, g)));
  const [decoder, draft] = await Promise.all([pack.decoder, pack.draft!].map((g) => open(ep, g)));
  const diffs: Record<string, number> = {};
  const scale: Record<string, number> = {};
  const ms: Record<string, number> = {};
  const check = async (name: string, s: TensorSession, feeds: Record<string, Tensor>, outputs: Record<string, Encoded>) => {
    const t0 = performance.now();
    const out = await s.run(feeds);
    ms[name] = performance.now() - t0;
    console.log(`${name}: ${ms[name]!.toFixed(0)} ms`);
    for (const [k, want] of Object.entries(outputs)) {
      const ref = decodeB64(want) as Float32Array;
      diffs[`${name}.${k}`] = maxDiff(await runtime.read(out[k]!), ref);
      scale[`${name}.${k}`] = ref.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    }
    return out;
  };
  const tensor = (e: Encoded) => new ort.Tensor(e.dtype, decodeB64(e), e.shape) as Tensor;
  const feedsOf = (inputs: Record<string, Encoded>) => Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, tensor(v)]));

  const gOut = await check('global', global, { pixels: runtime.float32(pixels(1, 1024, 0), [1, 3, 1024, 1024]) }, ref.vision_global.outputs);
  const tOut = await check('tile', tile, { tiles: runtime.float32(pixels(2, 640, 1), [2, 3, 640, 640]) }, ref.vision_tile.outputs);
  await check('decoder', decoder, feedsOf(ref.decoder.inputs), ref.decoder.outputs);
  await check('draft', draft, feedsOf(ref.draft.inputs), ref.draft.outputs);

  const g = ref.greedy;
  const grid = { cols: g.cols, rows: g.rows };
  const embeds = assembleVisualTokens(
    await runtime.read(gOut.tokens!), await runtime.read(tOut.tile_tokens!), await runtime.read(tOut.image_newline!), grid, pack.hiddenSize, 10);
  const count = visualTokenCount(1024, 640, grid);
  const prompt = pagePrompt({ before: g.before, after: g.after }, pack.tokenizer.image, count);
  const model = new PageModel(runtime, { ...pack, imageToken: pack.tokenizer.image }, decoder, draft);
  const memory = { batch: 1, embeds, count, imageStart: prompt.imageStart };
  const tokens: number[][] = [];
  const accepted: number[] = [];
  for (const k of [0, 1, 2, 3]) {
    const t0 = performance.now();
    const out = await decodeBatch(model, memory, 1, { k, prompt: prompt.ids, stop: { eos: pack.tokenizer.eos, maxTokens: 24 } });
    tokens.push(out.tokens[0]!);
    accepted.push(out.stats.acceptedPerStep.reduce((a, b) => a + b, 0));
    ms[`decode K=${k}`] = performance.now() - t0;
    console.log(`decode K=${k}: ${ms[`decode K=${k}`]!.toFixed(0)} ms`);
  }
  return { diffs, scale, ms, tokens, accepted, reference: g.tokens as number[] };
}

(globalThis as unknown as { runSeed: typeof runSeed }).runSeed = runSeed;
