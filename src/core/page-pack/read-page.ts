// One page through a `page` pack: views -> vision graphs -> visual-token layout -> prompt ->
// greedy or FastMTP decoding -> repetition trim -> text -> grounded regions + normalized math.
import type { PageImage, Region } from '../../protocol/page';
import { decodeBatch } from '../decoding/decode-batch';
import { draftLength } from '../decoding/draft-length';
import type { DecodeStats, FinishReason } from '../decoding/types';
import type { PagePack } from './page-pack-types';
import type { TensorRuntime, TensorSession } from '../recognize/tensor-runtime';
import { parseGrounded } from './grounding';
import { normalizeMathDelimiters } from './math-delimiters';
import { normalizeModelTables } from './model-tables';
import { PageModel, type PageMemory } from './page-model';
import { pagePrompt } from './page-prompt';
import { pageViews } from './page-views';
import { trimRepetition } from './repetition-stop';
import type { TileGrid } from './tile-grid';
import { assembleVisualTokens, tokensPerSide, visualTokenCount } from './visual-tokens';

export interface PageGraphs {
  global: TensorSession;
  tile: TensorSession;
  model: PageModel;
}

export interface EncodedPage {
  memory: PageMemory;
  prompt: number[];
  grid: TileGrid | null;
}

async function runOne(runtime: TensorRuntime, session: TensorSession, name: string, data: Float32Array, dims: number[]) {
  const input = runtime.float32(data, dims);
  const out = await session.run({ [name]: input });
  runtime.dispose(input);
  return out;
}

/** Runs the vision graphs and lays out the page's visual tokens and prompt. */
export async function encodePage(runtime: TensorRuntime, pack: PagePack, graphs: PageGraphs, page: PageImage): Promise<EncodedPage> {
  const v = pack.vision;
  const D = pack.hiddenSize;
  const views = pageViews(page, v);
  const g = await runOne(runtime, graphs.global, 'pixels', views.global, [1, 3, v.baseSize, v.baseSize]);
  const globalTokens = await runtime.read(g.tokens!);
  runtime.dispose(g.tokens!);
  let tileTokens: Float32Array | null = null;
  let newline: Float32Array | null = null;
  if (views.grid && views.tiles) {
    const n = views.grid.cols * views.grid.rows;
    const t = await runOne(runtime, graphs.tile, 'tiles', views.tiles, [n, 3, v.tileSize, v.tileSize]);
    tileTokens = await runtime.read(t.tile_tokens!);
    newline = await runtime.read(t.image_newline!);
    runtime.dispose(t.tile_tokens!);
    runtime.dispose(t.image_newline!);
  }
  const count = visualTokenCount(v.baseSize, v.tileSize, views.grid);
  const embeds = assembleVisualTokens(globalTokens, tileTokens, newline, views.grid, D, tokensPerSide(v.tileSize));
  if (embeds.length !== count * D) throw new Error(`vision graphs gave ${embeds.length / D} visual tokens, expected ${count}`);
  const prompt = pagePrompt(pack.prompt, pack.tokenizer.image, count);
  return { memory: { batch: 1, embeds, count, imageStart: prompt.imageStart }, prompt: prompt.ids, grid: views.grid };
}

export interface PageReading {
  markdown: string;
  regions: Region[];
  tokens: number[];
  finish: FinishReason;
  stats: DecodeStats;
  /** Time in the vision graphs and visual-token layout. */
  encoderMs: number;
}

export async function readPage(
  runtime: TensorRuntime,
  pack: PagePack,
  graphs: PageGraphs,
  page: PageImage,
  opts: { k: number; detokenize: (ids: number[]) => string; maxTokens?: number; signal?: AbortSignal },
): Promise<PageReading> {
  const t0 = performance.now();
  const enc = await encodePage(runtime, pack, graphs, page);
  const encoderMs = performance.now() - t0;
  opts.signal?.throwIfAborted();
  const k = draftLength(opts.k, Boolean(graphs.model.draft), pack.maxDraft);
  const room = pack.maxPositions - enc.prompt.length;
  if (room < 1) {
    throw new Error(`this page needs ${enc.prompt.length} prompt positions; the pack's decoder covers ${pack.maxPositions}`);
  }
  const out = await decodeBatch(graphs.model, enc.memory, 1, {
    k,
    prompt: enc.prompt,
    stop: { eos: pack.tokenizer.eos, maxTokens: Math.min(opts.maxTokens ?? pack.maxTokens, room) },
    signal: opts.signal,
  });
  const window = pack.stop.window ?? 3 * pack.stop.ngram;
  const tokens = pack.stop.ngram > 0 ? trimRepetition(out.tokens[0]!, { ngram: pack.stop.ngram, window }) : out.tokens[0]!;
  let text = opts.detokenize(tokens);
  let regions: Region[] = [];
  if (pack.output.boxes === 'ref-det-999') ({ markdown: text, regions } = parseGrounded(text, page.width, page.height));
  if (pack.output.math === 'tex-delimiters') {
    text = normalizeMathDelimiters(text);
    regions = regions.map((r) => ({ ...r, markdown: normalizeMathDelimiters(r.markdown) }));
  }
  // Its tables as the lines pipeline writes them (headings in <thead>, spans, empty cells), its markup dropped.
  text = normalizeModelTables(text);
  regions = regions.map((r) => ({ ...r, markdown: normalizeModelTables(r.markdown) }));
  const finish = tokens.length < out.tokens[0]!.length ? 'repeat' : (out.finish?.[0] ?? 'length');
  return { markdown: text, regions, tokens, finish, stats: out.stats, encoderMs };
}
