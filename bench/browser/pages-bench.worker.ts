// npm run bench in Chromium, Pagemark side: the app's page reader (core/reader) on onnxruntime-web, fed the
// same PNG page images tesseract.js reads. Timed from PNG bytes to Markdown, decoding included.
import * as Comlink from 'comlink';
import { loadPackFromUrl } from '../../src/cache/load-pack-url';
import { PackStore } from '../../src/cache/pack-store';
import { openPageReader, type PageReader } from '../../src/core/reader/page-reader';
import type { PageImage, PageStats } from '../../src/protocol/page';
import { OCR_TARGET } from '../../src/core/page-render/page-scale';
import { encoderWorkerCount, webLineEncoderPool } from '../../workers/engine/line-encoder-pool';
import { loadOrt, OrtWebRuntime, type WebBackend } from '../../workers/engine/ort-session';
import { drawPdfPage, openPdf, pdfPageText } from '../../workers/render/pdf-document';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export interface BrowserPageRun {
  seconds: number;
  /** PNG decode, outside ocrPage's own stages. */
  decodeMs: number;
  /** Reading the page's own text with pdf.js (pagemark-pdf-text only), also outside ocrPage's stages. */
  textMs: number;
  markdown: string;
  regions: number;
  stats: PageStats;
}

async function decodePng(bytes: Uint8Array): Promise<PageImage> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/png' }));
  const { width, height } = bitmap;
  const ctx = new OffscreenCanvas(width, height).getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const d = ctx.getImageData(0, 0, width, height);
  return { width: d.width, height: d.height, pixels: d.data, dpi: 0 };
}

let reader: PageReader | null = null;
/** The PDFs of the pages, open as in the app's render worker, for reading their own text. */
let textDocs: Array<{ doc: PDFDocumentProxy; page: number }> = [];

const api = {
  /**
   * Loads the pack and warms it up; `threads` overrides the app's WASM thread count (0 = the app's), `encoderWorkers`
   * the app's line encoder workers (-1 = the app's, 0 = none: the engine encodes lines itself).
   */
  async open(packUrl: string, backend: WebBackend, threads: number, k: number, encoderWorkers = -1) {
    const workers = backend !== 'wasm' ? 0 : encoderWorkers >= 0 ? encoderWorkers : encoderWorkerCount(navigator.hardwareConcurrency);
    // As the app's engine worker: one thread of its own beside encoder workers (engine.worker.ts).
    const runtime = await OrtWebRuntime.open(backend, threads > 0 ? threads : workers > 0 ? 1 : undefined);
    const pack = await loadPackFromUrl(packUrl, { store: new PackStore(undefined) });
    reader = await openPageReader(runtime, (b, l, g, ext) => runtime.session(b, l, g, ext), pack, webLineEncoderPool(workers), true);
    await reader.warmUp(k);
    return {
      pack: pack.manifest.name,
      backend,
      crossOriginIsolated: globalThis.crossOriginIsolated,
      wasmThreads: (await loadOrt(backend === 'webgpu')).env.wasm.numThreads,
      hardwareConcurrency: navigator.hardwareConcurrency,
      encoderWorkers: workers,
    };
  },

  /** After the warm-up page: pages are timed with the encoder workers up, as in the app after its first scanned page. */
  async settle() {
    const failed = await reader!.started();
    if (failed) throw new Error(`the line encoder workers did not start: ${failed}`);
  },

  /** Opens the pages' PDFs (untimed: in the app a document is open before its pages are read). */
  async openTexts(pdfs: Array<{ data: Uint8Array; page: number }>) {
    for (const p of pdfs) {
      const opened = await openPdf(p.data.slice().buffer, new URL('/pdfjs/', self.location.origin).href);
      if (!opened.doc) throw new Error(`the bench could not open a PDF: ${opened.ok ? '' : opened.message}`);
      textDocs.push({ doc: opened.doc, page: p.page });
    }
  },

  /** Reads a page; with `textOf`, the page's own text from PDF number `textOf` is read and offered too. */
  async ocr(png: Uint8Array, page: number, k: number, textOf = -1): Promise<BrowserPageRun> {
    const t0 = performance.now();
    const image = await decodePng(png);
    const decodeMs = performance.now() - t0;
    let ownText;
    let textMs = 0;
    if (textOf >= 0) {
      const t = performance.now();
      const lines = await pdfPageText(textDocs[textOf]!.doc, textDocs[textOf]!.page, OCR_TARGET);
      textMs = performance.now() - t;
      if (lines.length > 0) ownText = lines;
    }
    const r = await reader!.read(image, { page, k, dropHeaders: false, ...(ownText && { ownText }) });
    return { seconds: (performance.now() - t0) / 1000, decodeMs, textMs, markdown: r.markdown, regions: r.regions.length, stats: r.stats };
  },

  /** The app's own render (pdf.js in a module worker, OCR resolution), timed; the pixels are dropped. */
  async render(pdf: Uint8Array, page: number) {
    const t0 = performance.now();
    const opened = await openPdf(pdf.slice().buffer, new URL('/pdfjs/', self.location.origin).href);
    if (!opened.doc) throw new Error(`the bench could not open a PDF: ${opened.ok ? '' : opened.message}`);
    const t1 = performance.now();
    const { canvas } = await drawPdfPage(opened.doc, page, OCR_TARGET);
    canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const renderMs = performance.now() - t1;
    await opened.doc.destroy();
    return { openMs: t1 - t0, renderMs, width: canvas.width, height: canvas.height };
  },

  async close() {
    for (const { doc } of textDocs) await doc.destroy();
    textDocs = [];
    if (reader) await reader.close();
    reader = null;
  },
};

export type PagesBenchWorker = typeof api;
Comlink.expose(api);
