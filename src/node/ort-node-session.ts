// The TensorRuntime seam over onnxruntime-node: the only module that imports it (CLI, Node tests, bench).
import * as ort from 'onnxruntime-node';
import type { ExternalDataFile } from '../core/page-pack/page-pack-engine';
import type { GraphSpec } from '../core/pack/manifest-types';
import { needsExactQdq, type Tensor, type TensorRuntime, type TensorSession } from '../core/recognize/tensor-runtime';

/**
 * For graphs fed token ids (needsExactQdq): onnxruntime's QDQ transformations rewrite weight-only DequantizeLinear → MatMul into kernels whose
 * numerics depend on how many positions a call holds, so a K+1-position verify call stopped matching K+1
 * single steps (measured: speculative != greedy on 4 % of real lines, logit deltas up to 2e-2). With them
 * off the weights are folded to float once and every K decodes exactly the greedy text, at ~1.1× the step
 * time. Shared with onnxruntime-web (workers/engine/ort-session.ts).
 */
export const LOSSLESS_QDQ = { session: { disable_quant_qdq: '1' } };

export interface NodeRuntimeOptions {
  /** Intra-op threads per session; 0 lets onnxruntime choose. */
  threads?: number;
}

export class OrtNodeRuntime implements TensorRuntime {
  readonly backend = 'cpu';

  constructor(private readonly options: NodeRuntimeOptions = {}) {}

  /** Intra-op threads of its sessions (0: onnxruntime's choice, one per physical core). */
  get threads(): number {
    return this.options.threads ?? 0;
  }

  float32(data: Float32Array, dims: readonly number[]): Tensor {
    return new ort.Tensor('float32', data, dims);
  }

  int64(data: BigInt64Array, dims: readonly number[]): Tensor {
    return new ort.Tensor('int64', data, dims);
  }

  async read(t: Tensor): Promise<Float32Array> {
    const o = t as ort.Tensor;
    if (o.type !== 'float32') throw new Error(`expected a float32 tensor, got ${o.type}`);
    return o.data as Float32Array;
  }

  async readInt64(t: Tensor): Promise<BigInt64Array> {
    const o = t as ort.Tensor;
    if (o.type !== 'int64') throw new Error(`expected an int64 tensor, got ${o.type}`);
    return o.data as BigInt64Array;
  }

  dispose(): void {
    // Host tensors are garbage-collected.
  }

  /**
   * Creates a session from graph bytes (already hash-checked by the pack loader) and the ONNX external-data
   * files the graph names, passed as bytes: a graph loaded from bytes cannot resolve them from disk.
   */
  async session(bytes: Uint8Array, label: string, externalData: ExternalDataFile[] = [], graph?: GraphSpec): Promise<TensorSession> {
    try {
      const s = await ort.InferenceSession.create(bytes, {
        intraOpNumThreads: this.options.threads ?? 0,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        ...(needsExactQdq(graph) ? { extra: LOSSLESS_QDQ } : {}),
        ...(externalData.length > 0 ? { externalData } : {}),
      });
      return {
        inputNames: s.inputNames,
        outputNames: s.outputNames,
        run: (feeds) => s.run(feeds as Record<string, ort.Tensor>) as Promise<Record<string, Tensor>>,
        release: () => s.release(),
      };
    } catch (e) {
      throw new Error(`${label}: onnxruntime-node could not load it: ${(e as Error).message}`);
    }
  }
}
