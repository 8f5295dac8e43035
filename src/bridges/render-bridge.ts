// The page side of the render worker: one worker per tab, started on first use.
import * as Comlink from 'comlink';
import type { DocumentKind, OpenResult, RenderApi, RenderTarget } from '../protocol/render-api';
import type { PageImage, PdfTextLine } from '../protocol/page';

/** OCR resolution: long side ≈ 2000 px, at most 6 MP, at most 600 dpi. */
export const OCR_TARGET: RenderTarget = { longSide: 2000, maxPixels: 6_000_000, maxDpi: 600 };

let worker: Worker | null = null;
let remote: Comlink.Remote<RenderApi> | null = null;

function api(): Comlink.Remote<RenderApi> {
  if (remote) return remote;
  worker = new Worker(new URL('../../workers/render/render.worker.ts', import.meta.url), { type: 'module', name: 'render' });
  remote = Comlink.wrap<RenderApi>(worker);
  // pdf.js data lives beside index.html, wherever the app is hosted.
  void remote.configure(new URL('pdfjs/', document.baseURI).href);
  return remote;
}

export function openDocument(bytes: ArrayBuffer, kind: DocumentKind, password?: string): Promise<OpenResult> {
  return api().open(Comlink.transfer(bytes, [bytes]), kind, password);
}

export function renderPage(docId: number, page: number, target: RenderTarget = OCR_TARGET): Promise<PageImage> {
  return api().renderPage(docId, page, target);
}

export function pageText(docId: number, page: number, target: RenderTarget = OCR_TARGET): Promise<PdfTextLine[]> {
  return api().pageText(docId, page, target);
}

export function hasOwnText(docId: number, page: number): Promise<boolean> {
  return api().hasOwnText(docId, page);
}

export function renderPreview(docId: number, page: number, longSide: number): Promise<Blob> {
  return api().renderPreview(docId, page, longSide);
}

export function closeDocument(docId: number): Promise<void> {
  return api().close(docId);
}
