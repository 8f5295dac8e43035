// The smallest view of an inference runtime the engine needs. onnxruntime-web (workers/engine/ort-session.ts)
// and onnxruntime-node (src/node/ort-node-session.ts) implement it; core code never sees onnxruntime.

/**
 * A tensor owned by the runtime. Opaque on purpose: on WebGPU a KV cache stays in a GPU buffer between
 * decoder calls and is only read back when rows must be dropped.
 */
export interface Tensor {
  readonly dims: readonly number[];
}

export interface TensorSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  /** Runs the graph; returns every output the graph declares. */
  run(feeds: Record<string, Tensor>): Promise<Record<string, Tensor>>;
  release(): Promise<void>;
}

export interface TensorRuntime {
  /** e.g. "webgpu", "wasm", "cpu" — what the stats report. */
  readonly backend: string;
  float32(data: Float32Array, dims: readonly number[]): Tensor;
  int64(data: BigInt64Array, dims: readonly number[]): Tensor;
  /**
   * Optional: a float32 tensor kept on the device until disposed, for inputs that many runs share (the
   * encoder memory of a batch), so they are uploaded once rather than at every decoder step.
   */
  upload?(data: Float32Array, dims: readonly number[]): Tensor;
  /** Copies a float32 tensor to host memory (downloads GPU tensors). */
  read(t: Tensor): Promise<Float32Array>;
  /** Copies an int64 tensor to host memory (token ids from a fused draft graph). Optional. */
  readInt64?(t: Tensor): Promise<BigInt64Array>;
  /** Frees what the runtime holds for `t`; host tensors may ignore it. */
  dispose(t: Tensor): void;
}

/** Element count of a shape. */
export function sizeOf(dims: readonly number[]): number {
  return dims.reduce((a, b) => a * b, 1);
}

/**
 * Whether a graph must run with onnxruntime's QDQ fusions off. Graphs fed token ids (decoders, drafts)
 * must: fused int8 kernels give numerics that depend on how many positions a call holds, and a K+1-position
 * verify call must equal K+1 single steps. The memory graph keeps them off too: with them on, the CLI
 * and the app read a line of the same pixels differently (e2e/cli-vs-browser.spec.ts). Only image graphs
 * (input `x`: detector, encoder) keep the fusions, which is what lets a statically quantized encoder run as
 * int8 (QLinearConv). Unknown: exact.
 */
export function needsExactQdq(graph?: { inputs?: readonly { name: string }[] }): boolean {
  return !graph?.inputs || !graph.inputs.some((i) => i.name === 'x');
}
