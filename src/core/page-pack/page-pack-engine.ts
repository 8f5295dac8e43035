// A `page` pack opened on one runtime (onnxruntime-web or -node): its sessions, its detokenizer, and
// one page through it as the same PageResult a `lines` pack gives (Markdown, regions, stats).
import { regionLines } from '../searchable-pdf/layer-lines';
import type { PageImage, PageResult } from '../../protocol/page';
import { pageStats } from '../pipeline/page-stats';
import { decodeBatch } from '../decoding/decode-batch';
import { draftLength } from '../decoding/draft-length';
import { packBytes, type LoadedPack } from '../pack/loaded-pack';
import type { GraphSpec } from '../pack/manifest-types';
import type { PagePack } from './page-pack-types';
import type { TensorRuntime, TensorSession } from '../recognize/tensor-runtime';
import { pageDetokenizer, type Detokenize } from './page-detokenizer';
import { PageModel } from './page-model';
import { readPage, type PageGraphs } from './read-page';

/** An ONNX external-data file as the graph names it (`location`, relative to the graph's folder). */
export interface ExternalDataFile {
  path: string;
  data: Uint8Array;
}

/** Builds a session from verified graph bytes and its verified external-data files. */
export type PageSessionFactory = (bytes: Uint8Array, label: string, graph: GraphSpec, externalData: ExternalDataFile[]) => Promise<TensorSession>;

export interface PagePackEngine {
  kind: 'page';
  runtime: TensorRuntime;
  packName: string;
  pack: PagePack;
  graphs: PageGraphs;
  detokenize: Detokenize;
}

export interface PagePackOptions {
  k: number;
  signal?: AbortSignal;
  onProgress?: (stage: 'recognize', done: number, total: number) => void;
}

/** The external data of `graph` as onnxruntime wants it: paths relative to the graph, bytes from the pack. */
export function graphExternalData(pack: LoadedPack, graph: GraphSpec): ExternalDataFile[] {
  const dir = graph.file.includes('/') ? graph.file.slice(0, graph.file.lastIndexOf('/') + 1) : '';
  return (graph.externalData ?? []).map((e) => {
    if (!e.file.startsWith(dir)) throw new Error(`${pack.source}: ${e.file} must sit in the folder of ${graph.file}`);
    return { path: e.file.slice(dir.length), data: packBytes(pack, e.file) };
  });
}

export async function openPagePackEngine(
  runtime: TensorRuntime,
  createSession: PageSessionFactory,
  loaded: LoadedPack<PagePack>,
): Promise<PagePackEngine> {
  const m = loaded.manifest;
  const detokenize = pageDetokenizer(new TextDecoder().decode(packBytes(loaded, m.tokenizer.file)), m.tokenizer, m.vocabSize);
  const open = (g: GraphSpec, part: string) =>
    createSession(packBytes(loaded, g.file), `${m.name} ${part} (${g.file})`, g, graphExternalData(loaded, g));
  const sessions = await Promise.allSettled([
    open(m.vision.global, 'vision.global'),
    open(m.vision.tile, 'vision.tile'),
    open(m.decoder, 'decoder'),
    m.draft ? open(m.draft, 'draft') : Promise.resolve(undefined),
  ]);
  const failed = sessions.find((s) => s.status === 'rejected');
  if (failed) {
    // Free what did load (GPU memory) before reporting the first failure.
    await Promise.all(sessions.map((s) => (s.status === 'fulfilled' ? s.value?.release() : undefined)));
    throw (failed as PromiseRejectedResult).reason;
  }
  const [global, tile, decoder, draft] = sessions.map((s) => (s as PromiseFulfilledResult<TensorSession | undefined>).value);
  const model = new PageModel(runtime, { ...m, imageToken: m.tokenizer.image }, decoder!, draft);
  return { kind: 'page', runtime, packName: m.name, pack: m, graphs: { global: global!, tile: tile!, model }, detokenize };
}

export async function closePagePackEngine(e: PagePackEngine): Promise<void> {
  await Promise.all([e.graphs.global.release(), e.graphs.tile.release(), e.graphs.model.release()]);
}

export async function ocrPagePack(e: PagePackEngine, image: PageImage, page: number, opts: PagePackOptions): Promise<PageResult> {
  const t0 = performance.now();
  opts.signal?.throwIfAborted();
  opts.onProgress?.('recognize', 0, 1);
  const r = await readPage(e.runtime, e.pack, e.graphs, image, { k: opts.k, detokenize: e.detokenize, signal: opts.signal });
  opts.onProgress?.('recognize', 1, 1);
  const total = performance.now() - t0;
  return {
    page,
    markdown: r.markdown,
    regions: r.regions,
    figures: [],
    stats: pageStats(r.stats, e.runtime.backend, { total, detect: 0, encoder: r.encoderMs, layout: 0 }),
    // A page model gives boxes per region only: each region is one line of the text layer.
    textLines: { width: image.width, height: image.height, lines: regionLines(r.regions) },
  };
}

/**
 * Runs the decoder at T = 1 and T = K + 1 and the draft before the engine reports ready, so kernel
 * compilation is not paid on the first page and a backend that cannot run them fails here. The vision
 * graphs run once per page and are left to the first page (a 1024 view is minutes on software WebGPU).
 */
export async function warmUpPagePack(e: PagePackEngine, k: number): Promise<void> {
  const D = e.pack.hiddenSize;
  const memory = { batch: 1, embeds: new Float32Array(D), count: 1, imageStart: 1 };
  const prompt = [e.pack.tokenizer.bos, e.pack.tokenizer.image];
  const kk = draftLength(k, Boolean(e.graphs.model.draft), e.pack.maxDraft);
  // eos = vocabSize: an id the model cannot emit, so both call shapes run whatever it writes.
  await decodeBatch(e.graphs.model, memory, 1, { k: kk, prompt, stop: { eos: e.pack.vocabSize, maxTokens: kk + 3 } });
}
