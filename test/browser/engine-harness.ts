// Drives the real engine worker from a page, the way src/bridges/engine-bridge.ts does, for the browser
// tests and the Chromium decode benchmark (served by the Vite dev server).
import * as Comlink from 'comlink';
import type { EngineApi, EngineEvent, EngineSettings, PackSource } from '../../src/protocol/engine-api';
import type { PageImage, PageResult } from '../../src/protocol/page';

async function pageImage(url: string): Promise<PageImage> {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  return { width: data.width, height: data.height, pixels: data.data, dpi: 100 };
}

interface RunOptions {
  pack: PackSource;
  image: string;
  settings: EngineSettings;
  /** Cancel the page this many ms after it starts (cancel test). */
  cancelAfterMs?: number;
}

async function runEngine(o: RunOptions): Promise<{ backend: string; result?: PageResult; error?: string; events: EngineEvent[]; ms: number }> {
  const worker = new Worker(new URL('../../workers/engine/engine.worker.ts', import.meta.url), { type: 'module' });
  const api = Comlink.wrap<EngineApi>(worker);
  const events: EngineEvent[] = [];
  try {
    const { backend } = await api.init(o.pack, o.settings, Comlink.proxy((e: EngineEvent) => void events.push(e)));
    const image = await pageImage(o.image);
    const t0 = performance.now();
    if (o.cancelAfterMs !== undefined) setTimeout(() => void api.cancel(), o.cancelAfterMs);
    try {
      const result = await api.ocrPage({ image, page: 1, settings: o.settings });
      return { backend, result, events, ms: performance.now() - t0 };
    } catch (e) {
      return { backend, error: `${(e as Error).name}: ${(e as Error).message}`, events, ms: performance.now() - t0 };
    }
  } finally {
    worker.terminate();
  }
}

(globalThis as unknown as { runEngine: typeof runEngine }).runEngine = runEngine;
document.title = 'ready';
