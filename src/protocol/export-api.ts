// The export worker's API (searchable PDFs with pdf-lib, off the page's thread). Types only.
import type { PageTextLines } from './page';
import type { DocumentKind } from './document';

/** One page of a document to export, as the conversion left it. */
export interface PageOutcome {
  page: number;
  /** Read, failed, or not read (cancelled, still queued). */
  status: 'done' | 'failed' | 'unread';
  /** The source page draws text of its own. */
  ownText: boolean;
  textLines?: PageTextLines;
}

/** What an export did, page by page and in characters. */
export interface SearchablePdfReport {
  pages: number;
  /** Pages given a text layer. */
  layered: number[];
  /** Pages left as they were, by why. */
  ownText: number[];
  failed: number[];
  unread: number[];
  noText: number[];
  words: number;
  /** Characters the font lacks, written as their compatibility form / left out. */
  substituted: number;
  dropped: number;
}

export interface SearchablePdfJob {
  kind: DocumentKind;
  /** The document's own bytes (transferred). */
  bytes: ArrayBuffer;
  /** Absolute URL of the text layer's font (fonts/DejaVuSans.ttf beside index.html). */
  fontUrl: string;
  pages: PageOutcome[];
}

export interface ExportApi {
  searchablePdf(job: SearchablePdfJob): Promise<{ bytes: Uint8Array; report: SearchablePdfReport }>;
}
