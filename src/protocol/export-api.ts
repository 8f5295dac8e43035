// The export worker's API (searchable PDFs with pdf-lib, off the page's thread). Types only.
import type { PageOutcome, SearchablePdfReport } from '../core/searchable-pdf/layer-plan';
import type { DocumentKind } from './render-api';

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
