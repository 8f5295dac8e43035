// npm run bench in Chromium, page side: Pagemark (in its own worker, as in the app) and tesseract.js (eng,
// its own worker) read the same PNG page images in one run, taking turns page by page. tesseract.js and its
// data are served by the bench server from node_modules (no CDN): see bench/bench-server.ts.
import * as Comlink from 'comlink';
import type TesseractModule from 'tesseract.js';
import type { BrowserPageRun, PagesBenchWorker } from './pages-bench.worker';

export interface PagesBenchOptions {
  packUrl: string;
  /** Base64 PNGs, one per page. */
  pages: string[];
  /** Base64 PDFs and page numbers of the same pages, rendered once by the app's render code, timed only. */
  pdfs?: Array<{ data: string; page: number }>;
  ks: number[];
  backend: 'wasm' | 'webgpu';
  threads: number;
  /**
   * Also run pagemark-k{best}-inline: the same pack in a second worker with no encoder workers, its engine encoding
   * lines itself on the WASM threads the app gave it before it had encoder workers.
   */
  inlineEncoder?: boolean;
  /** Line encoder workers; -1 or unset: the app's choice. */
  encoderWorkers?: number;
  tesseract: boolean;
  /** Also run pagemark-pdf-text: the largest K, offered each page's own text (read from `pdfs`). */
  ownText: boolean;
  /** Read the first page once before timing (both systems), as the Node run does. */
  warmUpPage: boolean;
}

export interface PagesBenchRecord {
  system: string;
  index: number;
  seconds: number;
  chars: number;
  pagemark?: Omit<BrowserPageRun, 'seconds'>;
}

type Tesseract = typeof TesseractModule;
const TESSERACT = '/bench-assets/tesseract';

async function openTesseract() {
  const url = `${TESSERACT}/tesseract.js/tesseract.esm.min.js`;
  const T = ((await import(/* @vite-ignore */ url)) as { default: Tesseract }).default;
  const t0 = performance.now();
  const worker = await T.createWorker('eng', T.OEM.LSTM_ONLY, {
    workerPath: `${TESSERACT}/tesseract.js/worker.min.js`,
    corePath: `${TESSERACT}/core/`,
    langPath: `${TESSERACT}/eng/4.0.0_best_int`,
    cacheMethod: 'none',
    workerBlobURL: false,
  });
  return { worker, loadMs: performance.now() - t0 };
}

async function runPagesBench(o: PagesBenchOptions) {
  const pages = o.pages.map((b) => Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
  const raw = new Worker(new URL('./pages-bench.worker.ts', import.meta.url), { type: 'module' });
  const pagemark = Comlink.wrap<PagesBenchWorker>(raw);
  const rawInline = o.inlineEncoder ? new Worker(new URL('./pages-bench.worker.ts', import.meta.url), { type: 'module' }) : null;
  const inlineMark = rawInline && Comlink.wrap<PagesBenchWorker>(rawInline);
  const tess = o.tesseract ? await openTesseract() : null;
  try {
    let t0 = performance.now();
    const engine = await pagemark.open(new URL(o.packUrl, location.href).href, o.backend, o.threads, Math.max(...o.ks), o.encoderWorkers ?? -1);
    const openMs = performance.now() - t0;
    if (inlineMark) await inlineMark.open(new URL(o.packUrl, location.href).href, o.backend, o.threads, Math.max(...o.ks), 0);
    // Warm-up on the first page for both systems, as the Node run does.
    t0 = performance.now();
    if (o.warmUpPage) await pagemark.ocr(pages[0]!, 1, Math.max(...o.ks));
    await pagemark.settle();
    const warmUpMs = performance.now() - t0;
    if (tess && o.warmUpPage) await tess.worker.recognize(new Blob([pages[0]! as BlobPart], { type: 'image/png' }));
    const renders = [];
    for (const p of o.pdfs ?? []) renders.push(await pagemark.render(Uint8Array.from(atob(p.data), (c) => c.charCodeAt(0)), p.page));
    const ownText = o.ownText && (o.pdfs?.length ?? 0) === pages.length;
    if (ownText) await pagemark.openTexts(o.pdfs!.map((p) => ({ data: Uint8Array.from(atob(p.data), (c) => c.charCodeAt(0)), page: p.page })));
    const inline = `pagemark-k${Math.max(...o.ks)}-inline`;
    const systems = [...o.ks.map((k) => `pagemark-k${k}`), ...(o.inlineEncoder ? [inline] : []), ...(ownText ? ['pagemark-pdf-text'] : []), ...(tess ? ['tesseract.js'] : [])];
    const records: PagesBenchRecord[] = [];
    for (const [i, png] of pages.entries()) {
      // Rotate the order per page so no system always runs first or last.
      for (const system of systems.map((_, j) => systems[(i + j) % systems.length]!)) {
        if (system === 'tesseract.js') {
          const t = performance.now();
          const r = await tess!.worker.recognize(new Blob([png as BlobPart], { type: 'image/png' }));
          records.push({ system, index: i, seconds: (performance.now() - t) / 1000, chars: r.data.text.length });
        } else {
          const { seconds, ...rest } =
            system === 'pagemark-pdf-text'
              ? await pagemark.ocr(png, i + 1, Math.max(...o.ks), i)
              : system === inline
                ? await inlineMark!.ocr(png, i + 1, Math.max(...o.ks))
                : await pagemark.ocr(png, i + 1, Number(system.slice('pagemark-k'.length)));
          records.push({ system, index: i, seconds, chars: rest.markdown.length, pagemark: rest });
        }
        console.log(`${system} page ${i}: ${records.at(-1)!.seconds.toFixed(2)} s`);
      }
    }
    return { engine, openMs, warmUpMs, tesseractLoadMs: tess?.loadMs ?? null, renders, records };
  } finally {
    await Promise.all([pagemark.close(), inlineMark?.close()]).catch(() => {});
    raw.terminate();
    rawInline?.terminate();
    await tess?.worker.terminate();
  }
}

(globalThis as unknown as { runPagesBench: typeof runPagesBench }).runPagesBench = runPagesBench;
document.title = 'ready';
