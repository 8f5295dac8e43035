// What a document is and how big its pages are drawn: shared by the render worker's API and core, which sizes
// pages (core/page-render/page-scale.ts) and tells file kinds apart (core/ingest/file-kind.ts).

export type DocumentKind = 'pdf' | 'png' | 'jpeg' | 'webp';

/** Size rule for a rendered page. */
export interface RenderTarget {
  /** Long side in pixels the page is scaled to (before the caps). */
  longSide: number;
  /** Upper bound on width × height; a giant page is scaled down to fit. */
  maxPixels: number;
  /** Never render above this resolution (tiny pages would otherwise be upscaled absurdly). */
  maxDpi: number;
}
