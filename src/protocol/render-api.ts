// The render worker's API (pdf.js and image decoding), as the UI sees it through the comlink bridge.
import type { PageImage, PagePartial, PdfTextLine } from './page';

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
  /**
   * Everything the engine needs of one page, from one visit to it: its pixels (transferred), and for a PDF when
   * asked, its own text lines in those pixels and a first Markdown of them laid out here, off the page's thread.
   */
  readPage(docId: number, page: number, target: RenderTarget, options: ReadPageOptions): Promise<PageForReading>;
  /** Whether a PDF page draws text of its own, an invisible OCR layer included (false for images). */
  hasOwnText(docId: number, page: number): Promise<boolean>;
  /** A compressed picture of the page for display or thumbnails. */
  renderPreview(docId: number, page: number, longSide: number): Promise<Blob>;
  close(docId: number): Promise<void>;
}

export interface ReadPageOptions {
  /** Read a PDF page's own text (the setting "Text of PDFs"). */
  ownText: boolean;
  /** The preview drops running heads as the result will. */
  dropHeaders: boolean;
}

export interface PageForReading {
  image: PageImage;
  /**
   * A PDF page's own text lines, in the image's pixels. None for images, and none when the page's text is an
   * OCR layer drawn invisibly over a scan (core/text-layer/invisible-text.ts) or could not be read.
   */
  ownText?: PdfTextLine[];
  /** The own text laid out as a partial page (core/pipeline/text-preview.ts), shown until the page is read. */
  preview?: PagePartial;
  /** A PDF page that paints nothing (core/page-render/blank-page.ts): not drawn, its image has the page's size and no pixels. */
  blank?: true;
}

/** What the page side asks of the render worker: its API without the one-time setup. */
export type PageRenderer = Omit<RenderApi, 'configure'>;
