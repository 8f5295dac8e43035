// What the page pipeline (ocr-page.ts) is asked to do, and what it reports while it works. Types and defaults.
import type { PagePartial } from '../../protocol/page';
import type { LayerLine } from '../text-layer/text-items';

export type PageStage = 'detect' | 'recognize' | 'layout' | 'formula' | 'assemble';

export interface OcrPageOptions {
  /** FastMTP draft length, 0 = greedy. */
  k: number;
  /** Lines decoded together. */
  batchSize?: number;
  dropHeaders: boolean;
  /** Line-end hyphens as printed ("deter- mined") rather than re-joined (assemble-markdown.ts). */
  keepHyphens?: boolean;
  /** Overrides the pack's recognizer splitWidth (0: never split lines). */
  splitWidth?: number;
  signal?: AbortSignal;
  onProgress?: (stage: PageStage, done: number, total: number) => void;
  /**
   * Streams the page while it is read: lines are then read in reading order, a window at a time, and after
   * each window but the last this gets the blocks read so far (partial-page.ts). The result is the same.
   */
  onPartial?: (partial: PagePartial) => void;
  /**
   * A PDF page's own text lines, in the page image's pixels: used instead of recognizing those lines when
   * the text matches the page (text-layer-page.ts).
   */
  ownText?: LayerLine[];
}

export const DEFAULT_BATCH = 8;
