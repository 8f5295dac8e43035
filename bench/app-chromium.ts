// npm run bench, the built app in headless Chromium (served with COOP/COEP on 127.0.0.1, WASM backend):
// time from dropping a one-page PDF to its Markdown on screen, cold (nothing cached) and warm (pack in the
// Cache API, app under its service worker); and memory while converting a long PDF page by page.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import { closeServer, startStaticHost } from '../test/support/loopback-server';
import { launchChromium } from './bench-server';
import { ContextMemoryProbe, type ContextMemory } from './context-memory';
import { browserRss } from './process-memory';
import type { OwnTextSetting } from '../src/settings/settings';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the app as `npm run build` does, into its own folder so a concurrent build elsewhere cannot disturb it. */
export async function buildApp(outDir: string): Promise<void> {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  await build({ root, configFile: `${root}/vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

async function withApp<T>(distDir: string, fn: (browser: Browser, origin: string) => Promise<T>): Promise<T> {
  const { origin, server } = await startStaticHost(distDir, '/');
  const browser = await launchChromium();
  try {
    return await fn(browser, origin);
  } finally {
    await browser.close();
    await closeServer(server);
  }
}

/** Settings → Text of PDFs: a page's own text where it matches (the default), or always its pixels. */
async function openApp(page: Page, origin: string, k: number, ownText: OwnTextSetting): Promise<void> {
  await page.addInitScript(
    ({ k, ownText }) => {
      localStorage.setItem('pagemark.settings.v1', JSON.stringify({ backend: 'wasm', k, dropHeaders: false, pack: { kind: 'default' }, ownText }));
    },
    { k, ownText },
  );
  await page.goto(`${origin}/`);
  await page.getByRole('heading', { name: 'Pagemark' }).waitFor();
}

/** Times to the engine being ready, the first Markdown in the pane (streamed or whole) and the whole page. */
export interface DropTimes {
  firstMarkdownMs: number;
  pageDoneMs: number;
  engineReadyMs: number | null;
}

/** Drops a PDF as a desktop drag does; resolves once its first page's Markdown is complete in the pane. */
function dropAndTime(page: Page, name: string, pdf: Buffer): Promise<DropTimes> {
  return page.evaluate(
    ({ name, data }) =>
      new Promise((resolve, reject) => {
        const dt = new DataTransfer();
        dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type: 'application/pdf' }));
        const t0 = performance.now();
        for (const type of ['dragenter', 'dragover', 'drop']) {
          window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }
        let engineReadyMs: number | null = null;
        let firstMarkdownMs: number | null = null;
        // An anonymous callback: tsx would wrap a named local function in a helper the page lacks.
        const timer = setInterval(() => {
          const now = performance.now() - t0;
          if (engineReadyMs === null && document.querySelector('.model-status--ready')) engineReadyMs = now;
          const done = document.querySelector('[data-testid="markdown-rendered"]');
          if (firstMarkdownMs === null && (done || document.querySelector('[data-testid="markdown-partial"]'))) firstMarkdownMs = now;
          if (done) resolve({ firstMarkdownMs: firstMarkdownMs ?? now, pageDoneMs: now, engineReadyMs });
          else if (now > 600_000) reject(new Error('no Markdown within 10 minutes'));
          else return;
          clearInterval(timer);
        }, 10);
      }),
    { name, data: pdf.toString('base64') },
  );
}

export interface FirstMarkdown {
  cold: DropTimes;
  warm: DropTimes;
  cachedPackFiles: number;
}

/**
 * Cold: a fresh profile. Warm: a later visit of the same profile, once the first visit's offline copy is installed
 * (the app installs it after the first page is read): the pack comes from the Cache API, the app from the service worker.
 */
export function firstMarkdown(distDir: string, pdf: Buffer, k: number, ownText: OwnTextSetting): Promise<FirstMarkdown> {
  return withApp(distDir, async (browser, origin) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openApp(page, origin, k, ownText);
    const cold = await dropAndTime(page, 'cold.pdf', pdf);
    const cachedPackFiles = await page.evaluate(async () => {
      let n = 0;
      for (const name of await caches.keys()) if (name.startsWith('pagemark-pack:')) n += (await (await caches.open(name)).keys()).length;
      return n;
    });
    // At most two minutes: a build without a service worker is timed warm without one.
    await page.evaluate(() => Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 120_000))]));
    await page.reload();
    await page.getByRole('heading', { name: 'Pagemark' }).waitFor();
    const warm = await dropAndTime(page, 'warm.pdf', pdf);
    await context.close();
    return { cold, warm, cachedPackFiles };
  });
}

export interface MemorySample {
  s: number;
  pagesDone: number;
  jsHeap: number;
  arrayBuffers: number;
  wasm: number;
  rss: number;
  pss: number;
  largestProcessRss: number;
  contexts: ContextMemory[];
}

/** Converts `pdf` in the app, sampling memory every `everyMs` until all pages are done or `limitS` passes. */
export function memoryRun(distDir: string, pdf: Buffer, o: { pages: number; k: number; ownText: OwnTextSetting; everyMs: number; limitS: number }) {
  return withApp(distDir, async (browser, origin) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const probe = await ContextMemoryProbe.attach(page);
    await openApp(page, origin, o.k, o.ownText);
    const samples: MemorySample[] = [];
    const t0 = performance.now();
    const sample = async () => {
      const text = (await page.getByTestId('doc-progress').first().textContent({ timeout: 1000 }).catch(() => '')) ?? '';
      const contexts = await probe.sample();
      const rss = browserRss();
      const sum = (key: 'jsHeapUsed' | 'arrayBuffers' | 'wasm') => contexts.reduce((a, c) => a + c[key], 0);
      samples.push({
        s: Math.round((performance.now() - t0) / 100) / 10,
        pagesDone: Number(/(\d+) of \d+/.exec(text)?.[1] ?? 0),
        jsHeap: sum('jsHeapUsed'),
        arrayBuffers: sum('arrayBuffers'),
        wasm: sum('wasm'),
        rss: rss.total,
        pss: rss.pss,
        largestProcessRss: rss.largest,
        contexts,
      });
      return samples.at(-1)!;
    };
    await sample();
    await page.evaluate(
      ({ data }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'long.pdf', { type: 'application/pdf' }));
        for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      { data: pdf.toString('base64') },
    );
    let last = await sample();
    while (last.pagesDone < o.pages && last.s < o.limitS) {
      await page.waitForTimeout(o.everyMs);
      last = await sample();
      if (samples.length % 10 === 0) console.error(`memory run: ${last.pagesDone}/${o.pages} pages, ${last.s} s, RSS ${(last.rss / 2 ** 20).toFixed(0)} MiB`);
    }
    await context.close();
    return { pagesRequested: o.pages, pagesDone: last.pagesDone, seconds: last.s, samples };
  });
}
