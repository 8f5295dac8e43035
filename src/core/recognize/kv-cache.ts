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
  /**
   * Set by a compaction: [rows.length, slots], the held tensor's slot behind each slot of this view
   * (-1 = padding, never attended). Unset = slot j is held slot j.
   */
  slotMap?: Int32Array;
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
  const view: KvCache = { holder: cache.holder, slots: cache.slots, rows: rows.map((r) => cache.rows[r]!), released: false };
  const map = cache.slotMap;
  if (map) {
    const S = cache.slots;
    view.slotMap = new Int32Array(rows.length * S);
    rows.forEach((r, j) => view.slotMap!.set(map.subarray(r * S, (r + 1) * S), j * S));
  }
  return view;
}

/**
 * A view that keeps, per row, the slots `slots` names ([B, width] slot indices of `cache`, -1 = padding;
 * SpeculativeModel.compactCache), so rolled-back holes stop costing attention. No copy until it is fed.
 */
export function compactKvSlots(cache: KvCache, slots: Int32Array, width: number): KvCache {
  const B = cache.rows.length;
  if (slots.length !== B * width) throw new Error(`compaction plan has ${slots.length} slots, expected ${B}·${width}`);
  const map = new Int32Array(B * width);
  for (let b = 0; b < B; b++) {
    for (let j = 0; j < width; j++) {
      const s = slots[b * width + j]!;
      if (s >= cache.slots) throw new RangeError(`slot ${s} outside 0..${cache.slots - 1}`);
      map[b * width + j] = s < 0 ? -1 : cache.slotMap ? cache.slotMap[b * cache.slots + s]! : s;
    }
  }
  cache.holder.refs++;
  return { holder: cache.holder, slots: width, rows: [...cache.rows], slotMap: map, released: false };
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
  if (!cache.slotMap && t.dims[1] === B && cache.rows.every((r, i) => r === i)) return { past: t, temporary: false };
  const held = await runtime.read(t);
  const data = cache.slotMap ? gatherSlots(held, t.dims, cache.rows, cache.slotMap, cache.slots) : takeRows(held, t.dims, 1, cache.rows);
  return { past: runtime.float32(data, [2 * L, B, H, cache.slots, dh]), temporary: true };
}

/** out[l, b, h, j] = held[l, rows[b], h, map[b, j]] over [2L, B, H, P, dh]; zeros where map is -1. */
function gatherSlots(held: Float32Array, dims: readonly number[], rows: number[], map: Int32Array, width: number): Float32Array {
  const [L2, heldB, H, P, dh] = dims as [number, number, number, number, number];
  const B = rows.length;
  const out = new Float32Array(L2 * B * H * width * dh);
  for (let l = 0; l < L2; l++) {
    for (let b = 0; b < B; b++) {
      for (let h = 0; h < H; h++) {
        const src = ((l * heldB + rows[b]!) * H + h) * P;
        const dst = ((l * B + b) * H + h) * width;
        // Kept slots come in runs (a compaction drops only rejected drafts): copy each run at once.
        for (let j = 0; j < width; ) {
          const s = map[b * width + j]!;
          let n = 1;
          if (s >= 0) while (j + n < width && map[b * width + j + n] === s + n) n++;
          if (s >= 0) out.set(held.subarray((src + s) * dh, (src + s + n) * dh), (dst + j) * dh);
          j += n;
        }
      }
    }
  }
  return out;
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
