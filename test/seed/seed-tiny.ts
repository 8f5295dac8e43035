// Test helpers for models/seed-tiny: its pack, onnxruntime-node sessions opened by path (so ONNX
// external-data shards resolve next to each graph), and the PyTorch reference fixtures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import type { PagePack } from '../../src/core/page-pack/page-pack-types';
import { PageModel } from '../../src/core/page-pack/page-model';
import type { PageGraphs } from '../../src/core/page-pack/read-page';
import type { Tensor, TensorSession } from '../../src/core/recognize/tensor-runtime';
import { OrtNodeRuntime } from '../../src/node/ort-node-session';

export const PACK_DIR = join(__dirname, '../../models/seed-tiny');
export const pack: PagePack = JSON.parse(readFileSync(join(PACK_DIR, 'pack.json'), 'utf8'));
export const runtime = new OrtNodeRuntime({ threads: 1 });

export async function openSession(file: string): Promise<TensorSession> {
  const s = await ort.InferenceSession.create(join(PACK_DIR, file), { intraOpNumThreads: 1, interOpNumThreads: 1 });
  return {
    inputNames: s.inputNames,
    outputNames: s.outputNames,
    run: (feeds) => s.run(feeds as Record<string, ort.Tensor>) as Promise<Record<string, Tensor>>,
    release: () => s.release(),
  };
}

export async function openGraphs(withDraft = true): Promise<PageGraphs> {
  const [global, tile, decoder, draft] = await Promise.all([
    openSession(pack.vision.global.file),
    openSession(pack.vision.tile.file),
    openSession(pack.decoder.file),
    withDraft && pack.draft ? openSession(pack.draft.file) : Promise.resolve(undefined),
  ]);
  const model = new PageModel(runtime, { ...pack, imageToken: pack.tokenizer.image }, decoder, draft);
  return { global, tile, model };
}

export interface Encoded {
  dtype: 'float32' | 'int64';
  shape: number[];
  b64: string;
}

export function decodeArray(e: Encoded): Float32Array | BigInt64Array {
  const b = Buffer.from(e.b64, 'base64');
  const ab = b.buffer.slice(b.byteOffset, b.byteOffset + b.length);
  return e.dtype === 'int64' ? new BigInt64Array(ab) : new Float32Array(ab);
}

export function toTensor(e: Encoded): ort.Tensor {
  const data = decodeArray(e);
  return data instanceof BigInt64Array ? new ort.Tensor('int64', data, e.shape) : new ort.Tensor('float32', data, e.shape);
}

export const reference = JSON.parse(readFileSync(join(__dirname, 'fixtures/seed-tiny-reference.json'), 'utf8'));

/** The fixture's deterministic pixels: ((v/255) - 0.5) / 0.5 for integer v, as make_tiny.py computes them. */
export function fixturePixels(n: number, size: number, seed: number): Float32Array {
  const out = new Float32Array(n * 3 * size * size);
  let i = 0;
  for (let k = 0; k < n; k++)
    for (let c = 0; c < 3; c++)
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const v = (x * 7 + y * 13 + c * 31 + (k + seed) * 17 + ((x * y) % 5)) % 256;
          out[i++] = (v / 255 - 0.5) / 0.5;
        }
  return out;
}

export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`length ${a.length} vs ${b.length}`);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}
