// The render worker's API (pdf.js and image decoding), as the UI sees it through the comlink bridge.
import type { PageImage, PdfTextLine } from './page';

export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'webp';

export type OpenFailure =
  | 'password-required'
  | 'password-wrong'
  | 'empty'
  | 'corrupt'
  | 'unsupported';

export type OpenResult =
  | { ok: true; docId: number; pageCount: number }
  | { ok: false; reason: OpenFailure; message: string };

/** Size rule for a rendered page. */
export interface RenderTarget {
  /** Long side in pixels the page is scaled to (before the caps). */
  longSide: number;
  /** Upper bound on width × height; a giant page is scaled down to fit. */
  maxPixels: number;
  /** Never render above this resolution (tiny pages would otherwise be upscaled absurdly). */
  maxDpi: number;
}

export interface RenderApi {
  /** pdfjsBase: absolute URL of the folder holding cmaps/, standard_fonts/, wasm/, iccs/. */
  configure(pdfjsBase: string): void;
  open(bytes: ArrayBuffer, kind: DocumentKind, password?: string): Promise<OpenResult>;
  /** Full page pixels for OCR; the buffer is transferred. */
  renderPage(docId: number, page: number, target: RenderTarget): Promise<PageImage>;
  /**
   * A PDF page's own text lines, in the pixels of renderPage at the same target. None for images, and none
   * when the page's text is an OCR layer drawn invisibly over a scan (core/text-layer/invisible-text.ts).
   */
  pageText(docId: number, page: number, target: RenderTarget): Promise<PdfTextLine[]>;
  /** Whether a PDF page draws text of its own, an invisible OCR layer included (false for images). */
  hasOwnText(docId: number, page: number): Promise<boolean>;
  /** A compressed picture of the page for display or thumbnails. */
  renderPreview(docId: number, page: number, longSide: number): Promise<Blob>;
  close(docId: number): Promise<void>;
}
