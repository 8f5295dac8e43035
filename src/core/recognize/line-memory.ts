// Encoder memory of text lines. The encoder and the memory graph run per line (batch 1, no padding), so a
// line reads the same whatever batch it later decodes in; batches are formed by right-padding the
// cross-attention keys/values and masking the padding (additive -1e9, which softmax turns into exact 0).
import type { LineInput } from '../image/line-input';
import type { GraphSpec, RecognizerSpec } from '../pack/manifest-types';
import { concatPadded, takeRows } from './rows';
import type { Tensor, TensorRuntime, TensorSession } from './tensor-runtime';

export const MASKED = -1e9;

/** Host copies of one line's memory. */
export interface LineMemoryHost {
  /** [2L, 1, H, S, dh] */
  crossKv: Float32Array;
  /** [2, 1, H, S, dh] */
  draftKv: Float32Array;
  steps: number; // S
}

/** The memory of a batch of lines, as the decoder and draft graphs take it. */
export interface BatchMemory {
  batch: number;
  steps: number; // padded S
  crossKv: Tensor;
  draftKv: Tensor;
  mask: Tensor;
  host: { crossKv: Float32Array; draftKv: Float32Array; mask: Float32Array };
  dims: { crossKv: number[]; draftKv: number[]; mask: number[] };
  /** Device tensors of this batch and of every row selection made from it; freed by releaseMemory. */
  owned: Tensor[];
}

export interface MemoryGraphs {
  runtime: TensorRuntime;
  encoder: TensorSession;
  memory: TensorSession;
  spec: RecognizerSpec;
}

/**
 * Reads line memories off the decoding thread, several lines at once (Node: worker threads, each with sessions of
 * its own on one core). The same graphs as encodeLine, so a line's memory is the same either way.
 */
export interface LineEncoder {
  /** Lines it reads at the same time. */
  readonly parallel: number;
  /** The line's tensor is handed over (moved to the thread that reads it): the caller does not read it again. */
  encode(line: LineInput): Promise<LineMemoryHost>;
  close(): Promise<void>;
}

/** A graph's verified bytes and its pack entry (which tells the runtime how exactly to run it). */
export interface GraphBytes {
  bytes: Uint8Array;
  graph: GraphSpec;
}

/** Makes a LineEncoder for a recognizer's encoder and memory graphs; `label` names them in errors. */
export type LineEncoderFactory = (graphs: { encoder: GraphBytes; memory: GraphBytes }, spec: RecognizerSpec, label: string) => Promise<LineEncoder>;

/** Runs encoder + memory graphs on one line; returns host copies (the line's whole memory). */
export async function encodeLine(g: MemoryGraphs, line: LineInput): Promise<LineMemoryHost> {
  const { runtime } = g;
  const x = runtime.float32(line.tensor, [1, 3, line.height, line.width]);
  const enc = await g.encoder.run({ x });
  const feats = enc.feats;
  if (!feats) throw new Error('encoder graph has no "feats" output');
  const steps = feats.dims[3];
  const mask = runtime.float32(new Float32Array(steps), [1, 1, 1, steps]);
  const mem = await g.memory.run({ feats, memory_mask: mask });
  for (const t of Object.values(enc)) runtime.dispose(t);
  const { decoderLayers: L, heads: H, headDim: dh } = g.spec;
  const expect = (t: Tensor | undefined, name: string, dims: number[]) => {
    if (!t) throw new Error(`memory graph has no "${name}" output`);
    if (t.dims.length !== dims.length || t.dims.some((d, i) => d !== dims[i])) {
      throw new Error(`memory graph "${name}" is [${t.dims}], pack.json says [${dims}]`);
    }
    return t;
  };
  const crossT = expect(mem.cross_kv, 'cross_kv', [2 * L, 1, H, steps, dh]);
  const draftT = expect(mem.draft_kv, 'draft_kv', [2, 1, H, steps, dh]);
  const out = { crossKv: await runtime.read(crossT), draftKv: await runtime.read(draftT), steps };
  for (const t of Object.values(mem)) runtime.dispose(t);
  return out;
}

/** Pads and stacks line memories into one batch. */
export function batchMemory(runtime: TensorRuntime, spec: RecognizerSpec, lines: LineMemoryHost[]): BatchMemory {
  const { decoderLayers: L, heads: H, headDim: dh } = spec;
  const steps = Math.max(...lines.map((l) => l.steps));
  const cross = concatPadded(
    lines.map((l) => ({ data: l.crossKv, dims: [2 * L, 1, H, l.steps, dh] })),
    1,
    3,
    steps,
  );
  const draft = concatPadded(
    lines.map((l) => ({ data: l.draftKv, dims: [2, 1, H, l.steps, dh] })),
    1,
    3,
    steps,
  );
  const mask = new Float32Array(lines.length * steps);
  lines.forEach((l, b) => mask.fill(MASKED, b * steps + l.steps, (b + 1) * steps));
  return makeMemory(runtime, [], lines.length, steps, cross.data, draft.data, mask, cross.dims, draft.dims);
}

/** Frees the device copies of a batch's memory (and of its row selections) once decoding is over. */
export function releaseMemory(runtime: TensorRuntime, m: BatchMemory): void {
  for (const t of m.owned.splice(0)) runtime.dispose(t);
}

/** Keeps `rows` of a batch (finished lines leave it). */
export function selectMemory(runtime: TensorRuntime, m: BatchMemory, rows: number[]): BatchMemory {
  const cross = takeRows(m.host.crossKv, m.dims.crossKv, 1, rows);
  const draft = takeRows(m.host.draftKv, m.dims.draftKv, 1, rows);
  const mask = takeRows(m.host.mask, m.dims.mask, 0, rows);
  const withB = (d: number[], axis: number) => d.map((v, i) => (i === axis ? rows.length : v));
  return makeMemory(runtime, m.owned, rows.length, m.steps, cross, draft, mask, withB(m.dims.crossKv, 1), withB(m.dims.draftKv, 1));
}

function makeMemory(
  runtime: TensorRuntime,
  owned: Tensor[],
  batch: number,
  steps: number,
  crossKv: Float32Array,
  draftKv: Float32Array,
  mask: Float32Array,
  crossDims: number[],
  draftDims: number[],
): BatchMemory {
  const maskDims = [batch, 1, 1, steps];
  const put = (data: Float32Array, dims: number[]) => {
    if (!runtime.upload) return runtime.float32(data, dims);
    const t = runtime.upload(data, dims);
    owned.push(t);
    return t;
  };
  return {
    batch,
    steps,
    crossKv: put(crossKv, crossDims),
    draftKv: put(draftKv, draftDims),
    mask: put(mask, maskDims),
    host: { crossKv, draftKv, mask },
    dims: { crossKv: crossDims, draftKv: draftDims, mask: maskDims },
    owned,
  };
}
