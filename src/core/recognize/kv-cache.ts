// The decoder self-attention cache shared by every SpeculativeModel over ONNX graphs (line and page packs),
// and the small tensor plumbing those models share.
import type { DecoderGeometry } from '../pack/manifest-types';
import { takeRows } from './rows';
import type { Tensor, TensorRuntime } from './tensor-runtime';

/** A present_kv tensor shared by every row-selection view of it; freed when the last view is released. */
interface KvHolder {
  tensor: Tensor | null;
  refs: number;
}

/** The decoder's self-attention cache: [2L, B, H, P, dh] (may live on the GPU). */
export interface KvCache {
  holder: KvHolder;
  slots: number; // P
  /** Rows of the held tensor this cache stands for, in order. */
  rows: number[];
  released: boolean;
}

export type KvGeometry = Pick<DecoderGeometry, 'decoderLayers' | 'heads' | 'headDim'>;

export function emptyKvCache(batch: number): KvCache {
  return { holder: { tensor: null, refs: 1 }, slots: 0, rows: [...Array(batch).keys()], released: false };
}

/** Wraps a decoder's present_kv after checking it holds the expected P + T slots. */
export function presentKvCache(present: Tensor | undefined, batch: number, slots: number): KvCache {
  if (!present) throw new Error('decoder graph has no "present_kv" output');
  if (present.dims[3] !== slots) throw new Error(`present_kv has ${present.dims[3]} slots, expected ${slots}`);
  return { holder: { tensor: present, refs: 1 }, slots, rows: [...Array(batch).keys()], released: false };
}

/** A view of some rows; no copy until the view is fed to the decoder. */
export function selectKvRows(cache: KvCache, rows: number[]): KvCache {
  cache.holder.refs++;
  return { holder: cache.holder, slots: cache.slots, rows: rows.map((r) => cache.rows[r]!), released: false };
}

export function releaseKvCache(runtime: TensorRuntime, cache: KvCache): void {
  if (cache.released) return;
  cache.released = true;
  if (--cache.holder.refs === 0 && cache.holder.tensor) {
    runtime.dispose(cache.holder.tensor);
    cache.holder.tensor = null;
  }
}

/** The past_kv to feed: the held tensor as is, or its selected rows copied (a rare, per-finish event). */
export async function pastKvTensor(runtime: TensorRuntime, geo: KvGeometry, cache: KvCache): Promise<{ past: Tensor; temporary: boolean }> {
  const { decoderLayers: L, heads: H, headDim: dh } = geo;
  const B = cache.rows.length;
  const t = cache.holder.tensor;
  if (cache.released) throw new Error('decoder cache used after release');
  if (!t) return { past: runtime.float32(new Float32Array(0), [2 * L, B, H, 0, dh]), temporary: true };
  if (t.dims[1] === B && cache.rows.every((r, i) => r === i)) return { past: t, temporary: false };
  const data = takeRows(await runtime.read(t), t.dims, 1, cache.rows);
  return { past: runtime.float32(data, [2 * L, B, H, cache.slots, dh]), temporary: true };
}

/** Reads a graph output of known shape into JS and frees the tensor. */
export async function readOutput(runtime: TensorRuntime, out: Record<string, Tensor>, name: string, dims: number[]): Promise<Float32Array> {
  const t = out[name];
  if (!t) throw new Error(`graph has no "${name}" output`);
  if (t.dims.length !== dims.length || t.dims.some((d, i) => d !== dims[i])) {
    throw new Error(`"${name}" is [${t.dims.join(',')}], expected [${dims.join(',')}]`);
  }
  const data = await runtime.read(t);
  runtime.dispose(t);
  return data;
}

export function toInt64(a: Int32Array): BigInt64Array {
  const out = new BigInt64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = BigInt(a[i]!);
  return out;
}
