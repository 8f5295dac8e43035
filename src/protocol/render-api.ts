// The render worker's API (pdf.js and image decoding), as the UI sees it through the comlink bridge.
import type { DocumentKind, RenderTarget } from './document';
import type { OwnTextLine, PageImage, PagePartial } from './page';

export type { DocumentKind, RenderTarget };

/** A page image's size and resolution, without its pixels. */
export type PageSize = Omit<PageImage, 'pixels'>;


export type OpenFailure =
  | 'password-required'
  | 'password-wrong'
  | 'empty'
  | 'corrupt'
  | 'unsupported';

export type OpenResult =
  | { ok: true; docId: number; pageCount: number }
  | { ok: false; reason: OpenFailure; message: string };


export interface RenderApi {
  /** pdfjsBase: absolute URL of the folder holding cmaps/, standard_fonts/, wasm/, iccs/. */
  configure(pdfjsBase: string): void;
  open(bytes: ArrayBuffer, kind: DocumentKind, password?: string): Promise<OpenResult>;
  /**
   * Everything the engine needs of one page, from one visit to it. Its pixels are posted on `pixels` (one
   * PageImage, transferred, before this call returns) for the engine worker at the port's other end, so they go
   * from worker to worker and never through the page's thread; what comes back here is small: the image's size,
   * and for a PDF when asked, its own text lines in those pixels and a first Markdown of them laid out here.
   * `onOwnText` hears that first Markdown as soon as the text is read, before the page is drawn: the page's
   * words are on screen while it renders. The one returned, laid out once the pixels say which lines show
   * (white or clipped text is left out), replaces it. A page found to have no text of its own is heard of too,
   * without a preview: the page side starts the model then.
   */
  readPage(docId: number, page: number, target: RenderTarget, options: ReadPageOptions, pixels: MessagePort, onOwnText?: (first: FirstMarkdown) => void): Promise<PageForReading>;
  /** Whether a PDF page draws text of its own, an invisible OCR layer included (false for images). */
  hasOwnText(docId: number, page: number): Promise<boolean>;
  /** A compressed picture of the page for display or thumbnails. */
  renderPreview(docId: number, page: number, longSide: number): Promise<Blob>;
  close(docId: number): Promise<void>;
}

export interface ReadPageOptions {
  /** Read a PDF page's own text (the setting "Text of PDFs"). */
  ownText: boolean;
  /** The preview drops running heads, and keeps line-end hyphens, as the result will. */
  dropHeaders: boolean;
  keepHyphens: boolean;
}

export interface PageForReading {
  /** The size of the image posted on the pixels port (of the page's box for a blank page, which posts none). */
  size: PageSize;
  /**
   * A PDF page's own text lines, in the image's pixels. None for images, and none when the page's text is an
   * OCR layer drawn invisibly over a scan (core/text-layer/invisible-text.ts) or could not be read.
   */
  ownText?: OwnTextLine[];
  /** The own text laid out as a partial page (core/pipeline/text-preview.ts), shown until the page is read. */
  preview?: PagePartial;
  /** A PDF page that paints nothing (core/page-render/blank-page.ts): not drawn, no pixels posted. */
  blank?: true;
}

/** A PDF page's own text laid out before the page is drawn (none when it has none), with the size its pixels will have. */
export interface FirstMarkdown {
  preview?: PagePartial;
  size: PageSize;
}

/** What the page side asks of the render worker: its API without the one-time setup. */
export type PageRenderer = Omit<RenderApi, 'configure'>;
