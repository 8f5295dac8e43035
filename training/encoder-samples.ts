// Samples of the line encoder's inner tensors for prune_encoder.py's least-squares refit: its calibration graph
// (prune_encoder.py --calib-graph) lists each 1×1 conv's input and output in turn, then the pooled tensors of the
// squeeze-excite blocks. A 1×1 conv maps each position on its own, so its input and output are sampled at the same
// random positions of each piece; a pooled tensor is taken whole.
import { writeFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import type { Rng } from '../src/core/random/mulberry32';
import type { LineInput } from '../src/core/image/line-input';

export async function sampleActivations(graph: Uint8Array, inputs: readonly LineInput[], positions: number, rand: Rng, outDir: string): Promise<Record<string, [number, number]>> {
  const session = await ort.InferenceSession.create(graph, { intraOpNumThreads: 2, graphOptimizationLevel: 'basic' });
  const names = session.outputNames.filter((n) => n !== 'feats');
  const pooled = names.filter((n) => n.includes('GlobalAveragePool'));
  const pairs = names.filter((n) => !pooled.includes(n));
  const values = new Map<string, number[]>();
  const channels = new Map<string, number>();
  const add = (name: string, v: ArrayLike<number>, c: number) => {
    const list = values.get(name) ?? [];
    for (let i = 0; i < v.length; i++) list.push(v[i]!);
    values.set(name, list);
    channels.set(name, c);
  };
  for (const input of inputs) {
    const res = await session.run({ x: new ort.Tensor('float32', input.tensor, [1, 3, input.height, input.width]) });
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const X = res[pairs[k]!]!;
      const Y = res[pairs[k + 1]!]!;
      const [, cx, h, w] = X.dims as number[];
      const cy = (Y.dims as number[])[1]!;
      const hw = h! * w!;
      const xd = X.data as Float32Array;
      const yd = Y.data as Float32Array;
      for (let s = 0; s < positions; s++) {
        const at = Math.floor(rand() * hw);
        add(pairs[k]!, Array.from({ length: cx! }, (_, c) => xd[c * hw + at]!), cx!);
        add(pairs[k + 1]!, Array.from({ length: cy }, (_, c) => yd[c * hw + at]!), cy);
      }
    }
    for (const name of pooled) add(name, res[name]!.data as Float32Array, (res[name]!.dims as number[])[1]!);
  }
  await session.release();
  const index: Record<string, [number, number]> = {};
  for (const [name, list] of values) {
    writeFileSync(`${outDir}/${name}.f32`, Buffer.from(new Float32Array(list).buffer));
    index[name] = [list.length / channels.get(name)!, channels.get(name)!];
  }
  writeFileSync(`${outDir}/index.json`, JSON.stringify(index));
  return index;
}
