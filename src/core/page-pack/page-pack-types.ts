// pack.json of kind `page` (one pass, page image -> Markdown; DeepSeek-OCR / jina-ocr-v1 style).
// Types only; src/core/pack/loaded-pack.ts's PackManifest is LinesPack | PagePack.
import type { DecoderGeometry, GraphSpec, TokenizerSpec } from '../pack/manifest-types';

export interface PageVisionSpec {
  /** pixels [1,3,baseSize,baseSize] -> tokens [1, g*(g+1)+1, D]: rows ended by image_newline, then view_separator. */
  global: GraphSpec;
  /** tiles [N,3,tileSize,tileSize] -> tile_tokens [N, t*t, D] (row-major) and image_newline [D]. */
  tile: GraphSpec;
  /** Global view side: the page is letterboxed into it (padValue grey). */
  baseSize: number;
  /** Tile side; a page that fits inside one tile gets no tiles. */
  tileSize: number;
  minTiles: number;
  maxTiles: number;
  preprocess: {
    channelOrder: 'RGB';
    /** Applied to x/255 per channel. */
    mean: [number, number, number];
    std: [number, number, number];
    padValue: number;
  };
}

/** The tokenizer file is a `pieces` table or a Hugging Face tokenizer.json with a byte-level BPE vocabulary. */
export interface PageTokenizerSpec extends Pick<TokenizerSpec, 'file' | 'sha256' | 'bytes'> {
  bos: number;
  eos: number;
  pad: number;
  /** The `<image>` placeholder: one per visual token in the prompt. */
  image: number;
}

export interface PagePack extends DecoderGeometry {
  format: 'pagemark-pack';
  version: 1;
  kind: 'page';
  name: string;
  attribution: string;
  vision: PageVisionSpec;
  /**
   * input_ids [B,T], image_embeds [B,T,D] (read where input_ids == image), position_ids [B,T],
   * attn_mask [B,1,T,P+T], past_kv [2L,B,H,P,dh] -> logits, hidden, present_kv.
   */
  decoder: GraphSpec;
  /** hidden [B,1,D], input_ids [B,1] -> logits [B,1,V], draft_hidden [B,1,D] (attends to its own position only). */
  draft?: GraphSpec;
  tokenizer: PageTokenizerSpec;
  /** Prompt token ids before and after the image placeholders. */
  prompt: { before: number[]; after: number[] };
  /** Positions the decoder's rotary tables cover: prompt (visual tokens included) + output. */
  maxPositions: number;
  /** Repetition stop: end when the newest `ngram` tokens already occurred within the last `window`. */
  stop: { ngram: number; window?: number; repeats?: number };
  output: {
    /** `\(…\)` / `\[…\]` in the output, normalized to `$…$` / `$$…$$`. */
    math: 'tex-delimiters' | 'dollars';
    /** `<|ref|>label<|/ref|><|det|>[[x1,y1,x2,y2]]<|/det|>` boxes in 0–999 page coordinates. */
    boxes: 'ref-det-999' | 'none';
  };
}
