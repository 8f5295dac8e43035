// The decoding loop's view of a model. Implemented over onnxruntime-web, onnxruntime-node,
// and fake models in unit tests. Everything batched is row-major with B rows.

/**
 * One decoder call over T new positions per row, appended after the P cache slots the
 * caller's cache already holds. `mask` is additive ([B, T, P + T], 0 = attend, -1e9 = not):
 * rows keep their own valid slots, so rolled-back entries are masked out rather than copied.
 */
export interface DecodeRequest<Cache, Memory> {
  batch: number;
  steps: number; // T
  ids: Int32Array; // [B, T]
  positions: Int32Array; // [B, T]
  mask: Float32Array; // [B, T, P + T]
  past: Cache;
  memory: Memory;
}

export interface DecodeResult<Cache> {
  logits: Float32Array; // [B, T, V]
  hidden: Float32Array; // [B, T, D]
  present: Cache; // P + T slots
}

export interface DraftRequest<Memory> {
  batch: number;
  hidden: Float32Array; // [B, D]: main-model hidden (first step) or draft hidden (recursive steps)
  ids: Int32Array; // [B]: the token that follows the position `hidden` came from
  positions: Int32Array; // [B]: position of that token
  memory: Memory;
}

export interface DraftResult {
  logits: Float32Array; // [B, V]
  hidden: Float32Array; // [B, D]
}

export interface SpeculativeModel<Cache, Memory> {
  readonly vocabSize: number;
  readonly hiddenSize: number;
  /** A cache with zero slots for `batch` rows. */
  emptyCache(batch: number): Cache;
  decode(req: DecodeRequest<Cache, Memory>): Promise<DecodeResult<Cache>>;
  /** Absent when the pack has no draft block: then only greedy decoding is possible. */
  draft?(req: DraftRequest<Memory>): Promise<DraftResult>;
  /**
   * Optional: `steps` recursive draft steps in one call (a fused draft graph), for the step counts
   * `fusedDraftSteps` lists; same inputs as the first draft step, returns d_1 … d_steps as [B, steps].
   */
  readonly fusedDraftSteps?: readonly number[];
  fusedDraft?(req: DraftRequest<Memory>, steps: number): Promise<Int32Array>;
  /** Keep only `rows` (ascending) of a cache / memory, so finished sequences leave the batch. */
  selectCacheRows(cache: Cache, rows: number[]): Cache;
  selectMemoryRows(memory: Memory, rows: number[]): Memory;
  /** Release a cache that has been replaced (GPU buffers). Optional. */
  releaseCache?(cache: Cache): void;
  /**
   * Optional: gather cache slots per row so rolled-back holes stop costing attention.
   * `slots` is [B, width]: row b's new slot j is its old slot slots[b * width + j]; -1 pads a row
   * (any content, it stays masked). Order is kept, so only the slot index changes, never a position.
   */
  compactCache?(cache: Cache, slots: Int32Array, width: number): Cache;
  /**
   * Optional, with compactCache: how many holes are worth a compaction when the fullest row holds `valid`
   * committed slots. Default max(valid, 16): right when a compaction is a costly device round trip; a
   * model whose cache is a host array, where a gather costs far less than attending over holes, asks sooner.
   */
  compactionThreshold?(valid: number): number;
}

export interface StopRules {
  eos: number;
  maxTokens: number;
  /** Stop when the last `ngram` tokens already occurred `repeats` times in a row. 0 = off. */
  ngram?: number;
  repeats?: number;
}

export interface DecodeOptions {
  /** 0 = plain greedy, 1..3 = FastMTP draft length. */
  k: number;
  /** Tokens fed before generation (for line packs: [bos]). Same for every row. */
  prompt: number[];
  stop: StopRules;
  /** Checked between decoder calls; throws an AbortError when set. */
  signal?: AbortSignal;
}

export interface DecodeStats {
  tokens: number;
  decoderCalls: number;
  draftCalls: number;
  acceptedPerStep: number[];
  proposedPerStep: number[];
  ms: { decoder: number; draft: number };
  /** Decoder passes summed over rows (one call over B rows counts B); see tokensPerPass(). */
  rowPasses?: number;
}

/** Why a row stopped: eos emitted, maxTokens reached, or the n-gram repetition rule. */
export type FinishReason = 'eos' | 'length' | 'repeat';

export interface DecodeOutput {
  /** Committed tokens per row, without bos and eos. */
  tokens: number[][];
  stats: DecodeStats;
  /** Per row, why it stopped. */
  finish?: FinishReason[];
  /** Per row, the log-probability of each committed token under its logits (token-confidence.ts). */
  logProbs?: number[][];
}
