// The inference worker's API, as the UI sees it through the comlink bridge. Types only.
import type { OwnTextLine, PageImage, PagePartial, PageResult } from './page';

export type Backend = 'auto' | 'webgpu' | 'wasm';

export interface EngineSettings {
  backend: Backend;
  /** FastMTP draft length; 0 = plain greedy. */
  k: 0 | 1 | 2 | 3;
  /** Drop running headers, footers and page numbers. */
  dropHeaders: boolean;
  /** A word broken at a line end as printed ("deter- mined") rather than re-joined. */
  keepHyphens: boolean;
}

export type PackSource =
  | { kind: 'default' }
  | { kind: 'url'; url: string }
  | { kind: 'files'; files: File[] };

export type EngineEvent =
  | { type: 'pack-progress'; file: string; loaded: number; total: number }
  | { type: 'pack-verified'; file: string }
  | { type: 'warming-up'; backend: string }
  | { type: 'ready'; backend: string; pack: string }
  | { type: 'fallback'; from: string; to: string; reason: string }
  | { type: 'error'; message: string };

export interface CachedPack {
  name: string;
  version: string;
  bytes: number;
}

export interface EngineApi {
  /** Fetch/verify/cache the pack, create sessions, warm up. Resolves when ready. */
  init(source: PackSource, settings: EngineSettings, onEvent: (e: EngineEvent) => void): Promise<{ backend: string; pack: string }>;
  /**
   * Reads one page. Rejects with an AbortError after cancel(). The page's own events come back on its own call,
   * through `listener` (a comlink proxy).
   */
  ocrPage(request: PageRequest, listener?: PageListener): Promise<EnginePageResult>;
  cancel(): void;
  listCachedPacks(): Promise<CachedPack[]>;
  deleteCachedPack(name: string): Promise<void>;
}

/** One page to read: its pixels and, for a PDF, its own text lines. */
export interface PageRequest {
  /**
   * The pixels (transferred), or in the app a port on which the render worker posts them (render-api readPage):
   * then the page's thread hands the engine a port, never the pixels.
   */
  image: PageImage | MessagePort;
  page: number;
  settings: EngineSettings;
  /** A PDF page's own text lines, used instead of recognizing them where they match the page (lines packs). */
  ownText?: OwnTextLine[];
}

/** The page in flight, as it goes. */
export interface PageListener {
  progress(done: number, total: number, stage: string): void;
  /** The page as far as it is read (lines packs), until its result arrives. */
  partial(partial: PagePartial): void;
}

/** A page's result with its figures cut from the pixels the engine read (PNG, by the names in `figures`). */
export type EnginePageResult = PageResult & { figureImages?: Map<string, Blob> };
