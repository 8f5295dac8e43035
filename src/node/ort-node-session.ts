// The TensorRuntime seam over onnxruntime-node: the only module that imports it (CLI, Node tests, bench).
import * as ort from 'onnxruntime-node';
import type { Tensor, TensorRuntime, TensorSession } from '../core/recognize/tensor-runtime';

export interface NodeRuntimeOptions {
  /** Intra-op threads per session; 0 lets onnxruntime choose. */
  threads?: number;
}

export class OrtNodeRuntime implements TensorRuntime {
  readonly backend = 'cpu';

  constructor(private readonly options: NodeRuntimeOptions = {}) {}

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

  dispose(): void {
    // Host tensors are garbage-collected.
  }

  /** Creates a session from graph bytes (already hash-checked by the pack loader). */
  async session(bytes: Uint8Array, label: string): Promise<TensorSession> {
    try {
      const s = await ort.InferenceSession.create(bytes, {
        intraOpNumThreads: this.options.threads ?? 0,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
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
