// The TensorRuntime seam over onnxruntime-web: the only module in the app that imports it.
// WebGPU when an adapter exists (fp16 graphs only with shader-f16), else multi-threaded WASM when the page
// is cross-origin isolated. On WebGPU the decoder's present_kv stays in GPU buffers between steps.
//
// Two builds of onnxruntime-web, one loaded per worker: the JSEP build (WASM and WebGPU providers) when WebGPU
// may be used, the WASM-only build otherwise. The WASM-only build starts far sooner: measured in Chromium on
// 2 cores, its first session took 0.95 s against 2.5 s, and the pocket pack's 13 sessions 1.4 s against 2.1 s.
import type * as Ort from 'onnxruntime-web';
import jsepMjs from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.mjs?url';
import jsepWasm from 'onnxruntime-web/ort-wasm-simd-threaded.jsep.wasm?url';
import wasmMjs from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import wasmWasm from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import type { GraphSpec } from '../../src/core/pack/manifest-types';
import type { ExternalDataFile } from '../../src/core/page-pack/page-pack-engine';
import { needsExactQdq, type Tensor, type TensorRuntime, type TensorSession } from '../../src/core/recognize/tensor-runtime';
import { identityGraph } from '../../src/core/onnx/identity-graph';
import { wasmThreads } from './wasm-threads';
import type { Backend } from '../../src/protocol/engine-api';

type OrtModule = typeof Ort;
type OrtBuild = 'jsep' | 'wasm';

let loaded: { build: OrtBuild; ort: Promise<OrtModule> } | null = null;
/** Why the WebGPU build could not start in this worker (offline before its first use, say). */
let webGpuRuntimeError: string | null = null;

/**
 * onnxruntime-web, loaded once per worker: the JSEP build when `withWebGpu`, else the WASM-only build. ORT's own
 * files come from the app's build (Vite ?url), never from a CDN, so it runs offline. `threads` overrides the
 * WASM thread count (benchmarks; one beside the line encoder workers).
 */
export function loadOrt(withWebGpu: boolean, threads?: number): Promise<OrtModule> {
  const build: OrtBuild = withWebGpu ? 'jsep' : 'wasm';
  if (loaded) {
    // A worker that started without WebGPU cannot add it; the engine then falls back to WASM.
    if (withWebGpu && loaded.build === 'wasm') {
      return Promise.reject(new Error(`WebGPU's runtime did not start${webGpuRuntimeError ? ` (${webGpuRuntimeError})` : ''}`));
    }
    return loaded.ort;
  }
  const ort = (build === 'jsep' ? import('onnxruntime-web') : import('onnxruntime-web/wasm')).then((ort) => {
    ort.env.wasm.wasmPaths = build === 'jsep' ? { wasm: jsepWasm, mjs: jsepMjs } : { wasm: wasmWasm, mjs: wasmMjs };
    ort.env.wasm.numThreads = threads ?? wasmThreads(globalThis.crossOriginIsolated, navigator.hardwareConcurrency);
    ort.env.wasm.proxy = false;
    ort.env.logLevel = 'error';
    return ort;
  });
  loaded = { build, ort };
  return ort;
}

export type { WebBackend } from './engine-service';
import type { WebBackend } from './engine-service';

export interface BackendChoice {
  backend: WebBackend;
  /** Why WebGPU was not used, when it was asked for or available. */
  reason?: string;
}

const usesF16 = (graphs: GraphSpec[]) => graphs.some((g) => [...g.inputs, ...g.outputs].some((t) => t.dtype === 'float16'));

interface GpuAdapterLike {
  features: ReadonlySet<string>;
  isFallbackAdapter?: boolean;
  info?: { isFallbackAdapter?: boolean };
}

type GpuLike = { requestAdapter(): Promise<GpuAdapterLike | null> };
let adapterAsked: Promise<GpuAdapterLike | null> | undefined;

/**
 * This worker's WebGPU adapter, asked for once: the runtime's start and the backend's choice both look at it.
 * Only its features are read; onnxruntime-web asks for its own adapter and device.
 */
const gpuAdapter = (gpu: GpuLike) => (adapterAsked ??= gpu.requestAdapter());

/** Picks the execution provider for `requested` and the pack's graphs. */
export async function chooseBackend(requested: Backend, graphs: GraphSpec[]): Promise<BackendChoice> {
  if (requested === 'wasm') return { backend: 'wasm' };
  const gpu = (navigator as WorkerNavigator & { gpu?: GpuLike }).gpu;
  if (!gpu) return { backend: 'wasm', reason: 'this browser has no WebGPU' };
  let adapter: GpuAdapterLike | null = null;
  try {
    adapter = await gpuAdapter(gpu);
  } catch (e) {
    return { backend: 'wasm', reason: `WebGPU adapter request failed: ${(e as Error).message}` };
  }
  if (!adapter) return { backend: 'wasm', reason: 'no WebGPU adapter' };
  // A software adapter (SwiftShader on machines without a usable GPU) is far slower than WASM on the
  // CPU: "auto" skips it; asking for WebGPU explicitly still gets it.
  if (requested === 'auto' && (adapter.info?.isFallbackAdapter || adapter.isFallbackAdapter)) {
    return { backend: 'wasm', reason: 'the only WebGPU adapter is a software fallback' };
  }
  if (usesF16(graphs) && !adapter.features.has('shader-f16')) {
    return { backend: 'wasm', reason: 'the pack has float16 graphs and this GPU has no shader-f16' };
  }
  return { backend: 'webgpu' };
}

/**
 * Loads and starts onnxruntime-web (its WebAssembly, shared by both providers) on a one-node graph, so it is
 * running by the time the pack's bytes are verified. Must settle before a session of another provider is
 * created: onnxruntime-web refuses a second start while one is under way.
 */
export async function startRuntime(requested: Backend, threads?: number): Promise<void> {
  const { backend } = await chooseBackend(requested, []);
  try {
    await runIdentity(await loadOrt(backend === 'webgpu', threads));
  } catch (e) {
    if (backend !== 'webgpu') throw e;
    // The WebGPU build is cached on first use (vite.config.ts): offline before that, the WASM-only build reads.
    webGpuRuntimeError = (e as Error).message;
    loaded = null;
    await runIdentity(await loadOrt(false, threads));
  }
}

async function runIdentity(ort: OrtModule): Promise<void> {
  const s = await ort.InferenceSession.create(identityGraph(), { executionProviders: ['wasm'] });
  await s.release();
}

export class OrtWebRuntime implements TensorRuntime {
  private lost: string | null = null;

  private constructor(
    readonly backend: WebBackend,
    private readonly ort: OrtModule,
  ) {}

  /** A runtime on `backend`, loading onnxruntime-web's build for it unless this worker has one already. */
  static async open(backend: WebBackend, threads?: number): Promise<OrtWebRuntime> {
    return new OrtWebRuntime(backend, await loadOrt(backend === 'webgpu', threads));
  }

  /** Set when the WebGPU device was lost; every later call fails, so the engine falls back. */
  get deviceLost(): string | null {
    return this.lost;
  }

  float32(data: Float32Array, dims: readonly number[]): Tensor {
    return new this.ort.Tensor('float32', data, dims);
  }

  int64(data: BigInt64Array, dims: readonly number[]): Tensor {
    return new this.ort.Tensor('int64', data, dims);
  }

  /** On WebGPU: a GPU buffer written once, read by every decoder and draft call of a batch. */
  upload?: (data: Float32Array, dims: readonly number[]) => Tensor = undefined;

  async read(t: Tensor): Promise<Float32Array> {
    const o = t as Ort.Tensor;
    if (o.type !== 'float32') throw new Error(`expected a float32 tensor, got ${o.type}`);
    return o.location === 'cpu' ? (o.data as Float32Array) : ((await o.getData()) as Float32Array);
  }

  async readInt64(t: Tensor): Promise<BigInt64Array> {
    const o = t as Ort.Tensor;
    if (o.type !== 'int64') throw new Error(`expected an int64 tensor, got ${o.type}`);
    return (o.location === 'cpu' ? o.data : await o.getData()) as BigInt64Array;
  }

  dispose(t: Tensor): void {
    const o = t as Ort.Tensor;
    // CPU tensors are garbage-collected; GPU buffers must be released explicitly.
    if (o.location === 'gpu-buffer') o.dispose();
  }

  /** `externalData`: the graph's ONNX external-data files (page packs), by the path the graph names them. */
  async session(bytes: Uint8Array, label: string, graph: GraphSpec, externalData: ExternalDataFile[] = []): Promise<TensorSession> {
    const options: Ort.InferenceSession.SessionOptions = {
      executionProviders: [this.backend],
      graphOptimizationLevel: 'all',
      // Keeps a K+1-position verify call equal to K+1 single steps (needsExactQdq; LOSSLESS_QDQ in
      // src/node/ort-node-session.ts, not imported: that module loads onnxruntime-node).
      ...(needsExactQdq(graph) ? { extra: { session: { disable_quant_qdq: '1' } } } : {}),
    };
    if (externalData.length > 0) options.externalData = externalData;
    if (this.backend === 'webgpu' && graph.outputs.some((o) => o.name === 'present_kv')) {
      options.preferredOutputLocation = { present_kv: 'gpu-buffer' };
    }
    let s: Ort.InferenceSession;
    try {
      s = await this.ort.InferenceSession.create(bytes, options);
    } catch (e) {
      throw new Error(`${label}: onnxruntime-web (${this.backend}) could not load it: ${(e as Error).message}`);
    }
    if (this.backend === 'webgpu') await this.watchDevice();
    return {
      inputNames: s.inputNames,
      outputNames: s.outputNames,
      run: async (feeds) => {
        // onnxruntime-web resolves runs through microtasks only; a macrotask turn before each run lets the
        // worker receive cancel() between decoder calls.
        await nextTask();
        if (this.lost) throw new Error(`WebGPU device lost: ${this.lost}`);
        return (await s.run(feeds as Record<string, Ort.Tensor>)) as Record<string, Tensor>;
      },
      release: () => s.release(),
    };
  }

  private watching = false;

  private async watchDevice(): Promise<void> {
    if (this.watching) return;
    this.watching = true;
    try {
      const device = (await this.ort.env.webgpu.device) as GpuDevice | undefined;
      if (!device) return;
      void device.lost?.then((info) => (this.lost = info?.message || 'device lost'));
      this.upload = (data, dims) => {
        // STORAGE | COPY_SRC | COPY_DST, the usage onnxruntime-web gives its own buffers.
        const buffer = device.createBuffer({ size: Math.ceil(data.byteLength / 16) * 16 || 16, usage: 0x80 | 0x04 | 0x08 });
        device.queue.writeBuffer(buffer, 0, data);
        return this.ort.Tensor.fromGpuBuffer(buffer as never, { dataType: 'float32', dims, dispose: () => buffer.destroy() });
      };
    } catch {
      // No device to watch: failures then surface as run() errors, which also trigger the fallback.
    }
  }
}

interface GpuDevice {
  lost?: Promise<{ message?: string }>;
  createBuffer(d: { size: number; usage: number }): { destroy(): void };
  queue: { writeBuffer(buffer: unknown, offset: number, data: Float32Array): void };
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}
