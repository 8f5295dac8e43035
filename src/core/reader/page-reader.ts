// One interface for reading a page, whatever the pack: the lines pipeline (detector → recognizer → layout →
// assembly, core/pipeline) and the page model (one pass over the page image, core/page-pack). The engine worker,
// the CLI, the queue's workers and the bench all read pages through it:
//   openPageReader(runtime, createSession, pack) → reader; reader.read(image, request) → PageResult.
import type { LoadedPack } from '../pack/loaded-pack';
import { isPagePack } from '../pack/loaded-pack';
import { closePagePackEngine, ocrPagePack, openPagePackEngine, warmUpPagePack, type ExternalDataFile } from '../page-pack/page-pack-engine';
import { ocrPage, type PageStage } from '../pipeline/ocr-page';
import { closePageEngine, openPageEngine } from '../pipeline/page-engine';
import { warmUp } from '../pipeline/warm-up';
import type { GraphSpec } from '../pack/manifest-types';
import type { LineEncoderFactory } from '../recognize/line-memory';
import type { TensorRuntime, TensorSession } from '../recognize/tensor-runtime';
import type { LayerLine } from '../text-layer/text-items';
import type { PageImage, PagePartial, PageResult } from '../../protocol/page';

/** What to read of one page, and where to report while reading it. */
export interface ReadRequest {
  page: number;
  /** FastMTP draft length for this page; 0 = plain greedy. */
  k: number;
  /** Drop running heads, footers and page numbers (lines packs; page models write their own). */
  dropHeaders: boolean;
  /** Line-end hyphens as printed ("deter- mined") rather than re-joined (lines packs). */
  keepHyphens?: boolean;
  /** A PDF page's own text lines in the image's pixels, used where they match the page (lines packs). */
  ownText?: LayerLine[];
  signal?: AbortSignal;
  onProgress?: (stage: PageStage, done: number, total: number) => void;
  /** The page as far as it is read, while it is read (lines packs). */
  onPartial?: (partial: PagePartial) => void;
  /** Lines packs: overrides the recognizer's split width (0: lines are never read in pieces). */
  splitWidth?: number;
  /** Lines packs: lines decoded together. */
  batchSize?: number;
}

export interface PageReader {
  /** The pack's kind, for messages. */
  readonly kind: 'lines' | 'page';
  readonly packName: string;
  read(image: PageImage, request: ReadRequest): Promise<PageResult>;
  /** Runs every graph once (kernels compiled, a backend that cannot run the pack fails here) for draft length k. */
  warmUp(k: number): Promise<void>;
  /**
   * Settles once what the reader started in the background (a lines pack's line encoder, at open or with a page's
   * many lines) is up, with the reason it could not start, if it could not (the reader then works without it).
   */
  started(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** A session from verified graph bytes; page packs also pass the graph's external-data files. */
export type ReaderSessionFactory = (bytes: Uint8Array, label: string, graph: GraphSpec, externalData?: ExternalDataFile[]) => Promise<TensorSession>;

/**
 * `lineEncoder`: lines packs read line memories on it (several lines at once, off the decoding thread), started
 * with the reader or, `onDemand`, when a page first has many lines to read.
 */
export async function openPageReader(
  runtime: TensorRuntime,
  createSession: ReaderSessionFactory,
  pack: LoadedPack,
  lineEncoder?: LineEncoderFactory,
  onDemand = false,
): Promise<PageReader> {
  if (isPagePack(pack)) {
    const model = await openPagePackEngine(runtime, (b, l, g, ext) => createSession(b, l, g, ext), pack);
    return {
      kind: 'page',
      packName: pack.manifest.name,
      read: (image, r) => ocrPagePack(model, image, r.page, { k: r.k, signal: r.signal, onProgress: r.onProgress }),
      warmUp: (k) => warmUpPagePack(model, k),
      started: async () => undefined,
      close: () => closePagePackEngine(model),
    };
  }
  const lines = await openPageEngine(runtime, createSession, pack, lineEncoder, onDemand);
  return {
    kind: 'lines',
    packName: lines.packName,
    read: (image, { page, ownText, ...options }) => ocrPage(lines, image, page, { ...options, ...(ownText?.length && { ownText }) }),
    warmUp: (k) => warmUp(lines, k),
    started: async () => (await lines.text.lineEncoderReady, lines.text.lineEncoderError),
    close: () => closePageEngine(lines),
  };
}
