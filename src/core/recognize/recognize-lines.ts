// Line crops → text: encoder + memory per line, then batched decoding (greedy or FastMTP) of lines
// grouped by width so little memory is padding.
import { decodeBatch } from '../decoding/decode-batch';
import { emptyStats, mergeStats } from '../decoding/stats';
import type { DecodeStats, SpeculativeModel } from '../decoding/types';
import type { RecognizerSpec } from '../pack/manifest-types';
import { batchMemory, encodeLine, type BatchMemory, type LineInput, type LineMemoryHost } from './line-memory';
import { piecesToText, type PieceVocab } from './piece-vocab';
import type { TensorRuntime, TensorSession } from './tensor-runtime';

export interface LineRecognizer {
  runtime: TensorRuntime;
  spec: RecognizerSpec;
  encoder: TensorSession;
  memory: TensorSession;
  model: SpeculativeModel<unknown, BatchMemory>;
  vocab: PieceVocab;
}

export interface DecodeLinesOptions {
  /** FastMTP draft length, 0 = greedy. Capped at the pack's maxDraft. */
  k: number;
  /** Lines decoded together. */
  batchSize: number;
  signal?: AbortSignal;
}

export interface RecognizedLines {
  tokens: number[][];
  texts: string[];
  stats: DecodeStats;
  encoderMs: number;
}

export async function encodeLines(
  rec: LineRecognizer,
  lines: LineInput[],
  signal?: AbortSignal,
): Promise<{ memories: LineMemoryHost[]; ms: number }> {
  const started = performance.now();
  const memories: LineMemoryHost[] = [];
  for (const line of lines) {
    signal?.throwIfAborted();
    memories.push(await encodeLine(rec, line));
  }
  return { memories, ms: performance.now() - started };
}

/** Batches: line indices, widest first, `size` at a time (similar widths share a batch). */
export function widthBatches(steps: readonly number[], size: number): number[][] {
  const order = steps.map((_, i) => i).sort((a, b) => steps[b]! - steps[a]! || a - b);
  const out: number[][] = [];
  for (let i = 0; i < order.length; i += Math.max(1, size)) out.push(order.slice(i, i + Math.max(1, size)));
  return out;
}

export async function decodeLines(
  rec: LineRecognizer,
  memories: LineMemoryHost[],
  opts: DecodeLinesOptions,
): Promise<Omit<RecognizedLines, 'encoderMs'>> {
  const { spec } = rec;
  const k = Math.min(opts.k, rec.model.draft ? spec.maxDraft : 0);
  const tokens: number[][] = new Array(memories.length);
  let stats = emptyStats(k);
  for (const rows of widthBatches(
    memories.map((m) => m.steps),
    opts.batchSize,
  )) {
    const memory = batchMemory(
      rec.runtime,
      spec,
      rows.map((i) => memories[i]!),
    );
    const out = await decodeBatch(rec.model, memory, rows.length, {
      k,
      prompt: [spec.tokenizer.bos],
      // No repetition stop: dot leaders and rules are real repeats; maxTokens bounds a runaway line.
      stop: { eos: spec.tokenizer.eos, maxTokens: spec.maxTokens },
      signal: opts.signal,
    });
    rows.forEach((i, j) => (tokens[i] = out.tokens[j]!));
    stats = mergeStats(stats, out.stats);
  }
  return { tokens, texts: tokens.map((t) => piecesToText(rec.vocab, t)), stats };
}

export async function recognizeLines(rec: LineRecognizer, lines: LineInput[], opts: DecodeLinesOptions): Promise<RecognizedLines> {
  const { memories, ms } = await encodeLines(rec, lines, opts.signal);
  return { ...(await decodeLines(rec, memories, opts)), encoderMs: ms };
}
