// Line crops → text: encoder + memory per line, then batched decoding (greedy or FastMTP) of lines
// grouped by width so little memory is padding. Lines are cropped and encoded one batch at a time, so a
// page with many wide lines never holds all crops or all encoder memories at once.
import { decodeBatch } from '../decoding/decode-batch';
import { draftLength } from '../decoding/draft-length';
import { emptyStats, mergeStats } from '../decoding/stats';
import { sequenceConfidence } from '../decoding/token-confidence';
import type { DecodeStats, SpeculativeModel } from '../decoding/types';
import type { LineInput } from '../image/line-input';
import type { RecognizerSpec } from '../pack/manifest-types';
import { batchMemory, encodeLine, releaseMemory, type BatchMemory, type LineEncoder, type LineMemoryHost } from './line-memory';
import type { Lexicon } from '../text/lexicon';
import { piecesToText, type PieceVocab } from './piece-vocab';
import { readWordsAgain, unlistedWords } from './word-choices';
import type { TensorRuntime, TensorSession } from './tensor-runtime';

export interface LineRecognizer {
  runtime: TensorRuntime;
  spec: RecognizerSpec;
  encoder: TensorSession;
  memory: TensorSession;
  model: SpeculativeModel<unknown, BatchMemory>;
  vocab: PieceVocab;
  /** The pack's word list, where it has one: misread words are mended with it (text/word-repair.ts). */
  lexicon?: Lexicon;
  /** Reads line memories elsewhere, several at once; without one, lines are encoded here one by one. */
  lineEncoder?: LineEncoder;
  /** Starts the line encoder asked for, once (recognizeLines calls it for a page's worth of lines). */
  startLineEncoder?: () => Promise<void>;
  /** Set once it is starting; settles when it has started (lineEncoder set) or could not (lineEncoderError set). */
  lineEncoderReady?: Promise<void>;
  lineEncoderError?: string;
}

/** Lines in one call that start a line encoder asked for on demand: a scanned page's worth, not a few figure labels. */
const LINE_ENCODER_LINES = 24;

export interface DecodeLinesOptions {
  /** FastMTP draft length, 0 = greedy. Capped at the pack's maxDraft. */
  k: number;
  /** Lines decoded together. */
  batchSize: number;
  signal?: AbortSignal;
  /** Cap below the pack's maxTokens (warm-up runs). */
  maxTokens?: number;
  /** Called after each batch with the number of lines read so far. */
  onProgress?: (done: number, total: number) => void;
}

export interface RecognizedLines {
  tokens: number[][];
  texts: string[];
  /** Per line, how sure the decoder was of what it wrote: exp(mean token log-probability), in [0, 1]. */
  confidence: number[];
  /** Per line, whether it stopped by itself (eos) rather than at its length bound. */
  ended: boolean[];
  /** Per line, its memory's length (one step per 8 px of the 48-px-high input): what the line can hold. */
  steps: number[];
  stats: DecodeStats;
  encoderMs: number;
}

/** Batches: line indices, widest first, `size` at a time (similar widths share a batch). */
export function widthBatches(widths: readonly number[], size: number): number[][] {
  const n = Math.max(1, Math.floor(size));
  const order = widths.map((_, i) => i).sort((a, b) => widths[b]! - widths[a]! || a - b);
  const out: number[][] = [];
  for (let i = 0; i < order.length; i += n) out.push(order.slice(i, i + n));
  return out;
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

/**
 * draftLength, with a k below 0 read as 0 (greedy) rather than passed on. The outer min with k only acts with no
 * draft graph: a k that is not a number stays one there, for decodeBatch to reject.
 */
function effectiveK(rec: LineRecognizer, k: number): number {
  return Math.max(0, Math.min(k, draftLength(k, Boolean(rec.model.draft), rec.spec.maxDraft)));
}

async function decodeGroup(rec: LineRecognizer, memories: LineMemoryHost[], k: number, signal?: AbortSignal, maxTokens?: number) {
  const { spec } = rec;
  const memory = batchMemory(rec.runtime, spec, memories);
  const cap = Math.min(spec.maxTokens, maxTokens ?? Infinity);
  try {
    const out = await decodeBatch(rec.model, memory, memories.length, {
      k,
      prompt: [spec.tokenizer.bos],
      // No repetition stop: dot leaders and rules are real repeats. A runaway line is bounded by how
      // many characters its width can hold instead (stop rules never change logits, so K stays lossless).
      stop: { eos: spec.tokenizer.eos, maxTokens: Math.min(cap, lineTokenBound(memories, perStep(spec))) },
      signal,
    });
    // Each line keeps only what its own bound allows, so a line reads the same in any batch.
    const bound = (i: number) => Math.min(cap, lineTokenBound([memories[i]!], perStep(spec)));
    const ended = out.tokens.map((t, i) => out.finish?.[i] === 'eos' && t.length <= bound(i));
    out.tokens = out.tokens.map((t, i) => t.slice(0, bound(i)));
    const confidence = out.tokens.map((t, i) => sequenceConfidence((out.logProbs?.[i] ?? []).slice(0, t.length)));
    if (rec.lexicon && spec.output !== 'latex') {
      const started = performance.now();
      out.tokens = await readUnlistedWords(rec, rec.lexicon, memory, out.tokens);
      out.stats.ms.decoder += performance.now() - started;
    }
    return { ...out, confidence, ended };
  } finally {
    releaseMemory(rec.runtime, memory);
  }
}

/**
 * Lines with a word the list does not know get one teacher-forced pass on the same memory, and such words are
 * read again among the decoder's runner-up letters (word-choices.ts). Decoding stays exactly greedy before it.
 */
async function readUnlistedWords(rec: LineRecognizer, lex: Lexicon, memory: BatchMemory, tokens: number[][]): Promise<number[][]> {
  // Each line's unlisted words are found once: they pick the lines to read again and their candidates.
  const words = tokens.map((t) => unlistedWords(t, rec.vocab, lex));
  const rows = tokens.flatMap((_, i) => (words[i]!.length ? [i] : []));
  if (rows.length === 0) return tokens;
  const sub = rows.length === tokens.length ? memory : rec.model.selectMemoryRows(memory, rows);
  const lines = rows.map((i) => tokens[i]!);
  const read = await readWordsAgain(rec.model, sub, lines, rec.spec.tokenizer, rec.vocab, lex, rows.map((i) => words[i]!));
  const out = [...tokens];
  rows.forEach((i, j) => (out[i] = read[j]!));
  return out;
}

/**
 * Most tokens a batch's widest line can hold: one memory step is 8 px of a 48 px high line and narrow
 * glyphs take about that (densest training line: 1.15 characters per step), so 1.5 per step plus 8 is a
 * generous ceiling. A formula squeezed to 48 px holds far more LaTeX pieces per step (stacked matrices,
 * limits, scripts: up to 5.2 in the rendered training set), so `latex` recognizers get 8 per step.
 */
export function lineTokenBound(memories: readonly LineMemoryHost[], tokensPerStep = TEXT_TOKENS_PER_STEP): number {
  return Math.ceil(tokensPerStep * Math.max(0, ...memories.map((m) => m.steps))) + 8;
}

/** A text line's tokens (single characters) per memory step at most: the bound above, and where a reading past it ran away. */
export const TEXT_TOKENS_PER_STEP = 1.5;

function perStep(spec: RecognizerSpec): number {
  return spec.output === 'latex' ? 8 : TEXT_TOKENS_PER_STEP;
}

/** Decodes already-encoded lines (tests and benchmarks reuse one encoding for every K). */
export async function decodeLines(
  rec: LineRecognizer,
  memories: LineMemoryHost[],
  opts: DecodeLinesOptions,
): Promise<Omit<RecognizedLines, 'encoderMs'>> {
  const k = effectiveK(rec, opts.k);
  const tokens: number[][] = new Array(memories.length);
  const confidence: number[] = new Array(memories.length);
  const ended: boolean[] = new Array(memories.length);
  let stats = emptyStats(k);
  let done = 0;
  for (const rows of widthBatches(
    memories.map((m) => m.steps),
    opts.batchSize,
  )) {
    const out = await decodeGroup(
      rec,
      rows.map((i) => memories[i]!),
      k,
      opts.signal,
      opts.maxTokens,
    );
    rows.forEach((i, j) => ([tokens[i], confidence[i], ended[i]] = [out.tokens[j]!, out.confidence[j]!, out.ended[j]!]));
    stats = mergeStats(stats, out.stats);
    opts.onProgress?.((done += rows.length), memories.length);
  }
  return { tokens, texts: tokens.map((t) => piecesToText(rec.vocab, t)), confidence, ended, steps: memories.map((m) => m.steps), stats };
}

/** The memories of lines `rows`: on the line encoder, all at once, or here one by one. */
async function encodeRows(rec: LineRecognizer, rows: readonly number[], crop: (i: number) => LineInput, signal?: AbortSignal): Promise<LineMemoryHost[]> {
  const encoder = rec.lineEncoder;
  if (encoder) {
    signal?.throwIfAborted();
    return Promise.all(rows.map((i) => encoder.encode(crop(i))));
  }
  const memories: LineMemoryHost[] = [];
  for (const i of rows) {
    signal?.throwIfAborted();
    memories.push(await encodeLine(rec, crop(i)));
  }
  return memories;
}

/**
 * Reads `widths.length` lines; `crop(i)` makes line i's input when its batch comes up and
 * `widths[i]` is its input width (known from the box before cropping).
 */
export async function recognizeLines(
  rec: LineRecognizer,
  widths: readonly number[],
  crop: (i: number) => LineInput,
  opts: DecodeLinesOptions,
): Promise<RecognizedLines> {
  const k = effectiveK(rec, opts.k);
  const tokens: number[][] = new Array(widths.length);
  const confidence: number[] = new Array(widths.length);
  const ended: boolean[] = new Array(widths.length);
  let stats = emptyStats(k);
  const steps: number[] = new Array(widths.length);
  let encoderMs = 0;
  let done = 0;
  if (widths.length >= LINE_ENCODER_LINES) void rec.startLineEncoder?.();
  const batches = widthBatches(widths, opts.batchSize);
  // With a line encoder elsewhere, the next batch is encoded while this one decodes (two batches' memories held).
  // A batch that fails is reported when its turn comes; until then its rejection is not an unhandled one.
  const encode = (rows: number[]) => {
    const memories = encodeRows(rec, rows, crop, opts.signal);
    memories.catch(() => undefined);
    return memories;
  };
  let next = batches.length ? encode(batches[0]!) : undefined;
  for (const [b, rows] of batches.entries()) {
    const started = performance.now();
    const memories = await next!;
    encoderMs += performance.now() - started;
    // Asked once a batch: a line encoder started on demand can come up while this batch decodes, and the next batch
    // must then still be asked for (it was not asked for ahead).
    const ahead = Boolean(rec.lineEncoder);
    next = ahead && b + 1 < batches.length ? encode(batches[b + 1]!) : undefined;
    const out = await decodeGroup(rec, memories, k, opts.signal, opts.maxTokens);
    // Without one, the next batch is encoded after this one is decoded.
    if (!ahead && b + 1 < batches.length) next = encode(batches[b + 1]!);
    rows.forEach((i, j) => ([tokens[i], confidence[i], ended[i], steps[i]] = [out.tokens[j]!, out.confidence[j]!, out.ended[j]!, memories[j]!.steps]));
    stats = mergeStats(stats, out.stats);
    opts.onProgress?.((done += rows.length), widths.length);
  }
  return { tokens, texts: tokens.map((t) => piecesToText(rec.vocab, t)), confidence, ended, steps, stats, encoderMs };
}
