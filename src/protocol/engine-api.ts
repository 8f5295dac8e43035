// The inference worker's API, as the UI sees it through the comlink bridge. Types only.
import type { PageImage, PagePartial, PageResult, PdfTextLine } from './page';

export type Backend = 'auto' | 'webgpu' | 'wasm';

export interface EngineSettings {
  backend: Backend;
  /** FastMTP draft length; 0 = plain greedy. */
  k: 0 | 1 | 2 | 3;
  /** Drop running headers, footers and page numbers. */
  dropHeaders: boolean;
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
  | { type: 'page-progress'; page: number; done: number; total: number; stage: string }
  /** The page in flight as far as it is read (lines packs), until its result arrives. */
  | { type: 'page-partial'; partial: PagePartial }
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
   * OCR one page. Rejects with an AbortError after cancel(). `textLayer`: a PDF page's own text lines, used
   * instead of recognizing them where they match the page (lines packs).
   */
  ocrPage(image: PageImage, page: number, settings: EngineSettings, textLayer?: PdfTextLine[]): Promise<PageResult>;
  cancel(): void;
  listCachedPacks(): Promise<CachedPack[]>;
  deleteCachedPack(name: string): Promise<void>;
}
