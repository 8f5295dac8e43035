// npm run bench, the Chromium part: the same page PNGs through Pagemark (onnxruntime-web WASM EP, threads
// on) and tesseract.js in one headless Chromium run; and the WebGPU EP (software adapter) on a small image,
// for correctness and call counts only.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { PagesBenchOptions, PagesBenchRecord } from './browser/pages-bench';
import { launchChromium, startBenchServer } from './bench-server';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface ChromiumPagesRun {
  engine: { pack: string; backend: string; crossOriginIsolated: boolean; wasmThreads: number; hardwareConcurrency: number };
  openMs: number;
  warmUpMs: number;
  tesseractLoadMs: number | null;
  renders: Array<{ openMs: number; renderMs: number; width: number; height: number }>;
  records: PagesBenchRecord[];
}

/** Requests the last bench page sent anywhere but the bench server. */
export const offsite: string[] = [];

async function withBenchPage<T>(args: string[], fn: (page: Page) => Promise<T>): Promise<T> {
  const { url, server } = await startBenchServer();
  const browser = await launchChromium(args);
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('console', (m) => {
      if (!m.text().startsWith('[vite]') && !m.text().startsWith('Failed to load resource')) process.stderr.write(`  [chromium] ${m.text()}\n`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) process.stderr.write(`  [chromium] HTTP ${r.status()} ${r.url()}\n`);
    });
    // Everything, tesseract.js's core and data included, must come from the bench server: any other request is recorded.
    context.on('request', (r) => {
      if (!r.url().startsWith(url) && !/^(data|blob):/.test(r.url())) offsite.push(r.url());
    });
    await page.goto(`${url}bench/browser/pages-bench.html`);
    await page.waitForFunction(() => document.title === 'ready', null, { timeout: 180_000 });
    return await fn(page);
  } finally {
    await browser.close();
    await server.close();
  }
}

const run = (page: Page, o: PagesBenchOptions) =>
  page.evaluate(
    (o) => (globalThis as unknown as { runPagesBench: (o: PagesBenchOptions) => Promise<ChromiumPagesRun> }).runPagesBench(o),
    o,
  );

export function packUrl(packDir: string): string {
  return `/${relative(root, packDir)}/pack.json`;
}

export function benchPagesChromium(
  pngs: Buffer[],
  pdfs: Array<{ data: Buffer; page: number }>,
  o: { packDir: string; ks: number[]; threads: number; inlineEncoder: boolean; encoderWorkers: number; tesseract: boolean; ownText: boolean },
): Promise<ChromiumPagesRun> {
  return withBenchPage([], (page) =>
    run(page, {
      packUrl: packUrl(o.packDir),
      pages: pngs.map((b) => b.toString('base64')),
      pdfs: pdfs.map((p) => ({ data: p.data.toString('base64'), page: p.page })),
      ks: o.ks,
      backend: 'wasm',
      threads: o.threads,
      inlineEncoder: o.inlineEncoder,
      encoderWorkers: o.encoderWorkers,
      tesseract: o.tesseract,
      ownText: o.ownText,
      warmUpPage: true,
    }),
  );
}

export interface WebGpuCheck {
  adapter: string | null;
  image: string;
  byK: Array<{
    k: number;
    sameMarkdownAsWasm: boolean;
    /** What WASM read, for judging the check (the recognizer is under-trained). */
    wasmMarkdown: string;
    webgpu: { backend: string; tokens: number; decoderCalls: number; draftCalls: number; tokensPerPass: number; seconds: number };
    wasm: { tokens: number; decoderCalls: number; draftCalls: number; tokensPerPass: number; seconds: number };
  }>;
  error?: string;
}

/**
 * One small image on WebGPU (SwiftShader here) and on WASM, K=0 and K=3: same Markdown? how many calls?
 * Given up after `limitS` seconds (software WebGPU on a loaded CPU can take minutes).
 */
export function webGpuCheck(png: Buffer, imageName: string, packDir: string, limitS: number, ks = [0, 3]): Promise<WebGpuCheck> {
  return withBenchPage(['--enable-unsafe-webgpu'], async (page) => {
    const adapter = await page.evaluate(async () => {
      const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<{ info?: { vendor?: string; architecture?: string; description?: string } } | null> } }).gpu;
      const a = await gpu?.requestAdapter();
      return a ? [a.info?.vendor, a.info?.architecture, a.info?.description].filter(Boolean).join(' ') || 'unnamed adapter' : null;
    });
    const check: WebGpuCheck = { adapter, image: imageName, byK: [] };
    if (!adapter) return { ...check, error: 'no WebGPU adapter in this Chromium' };
    const base = { packUrl: packUrl(packDir), pages: [png.toString('base64')], ks, threads: 0, inlineEncoder: false, tesseract: false, ownText: false, warmUpPage: false };
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`WebGPU run did not finish within ${limitS} s`)), limitS * 1000);
    });
    try {
      const gpu = await Promise.race([run(page, { ...base, backend: 'webgpu' }), limit]);
      const cpu = await run(page, { ...base, backend: 'wasm' });
      const calls = (r: PagesBenchRecord) => ({
        tokens: r.pagemark!.stats.tokens,
        decoderCalls: r.pagemark!.stats.decoderCalls,
        draftCalls: r.pagemark!.stats.draftCalls,
        tokensPerPass: Math.round(r.pagemark!.stats.tokensPerPass * 1000) / 1000,
        seconds: Math.round(r.seconds * 100) / 100,
      });
      for (const k of ks) {
        const g = gpu.records.find((r) => r.system === `pagemark-k${k}`)!;
        const w = cpu.records.find((r) => r.system === `pagemark-k${k}`)!;
        check.byK.push({
          k,
          sameMarkdownAsWasm: g.pagemark!.markdown === w.pagemark!.markdown,
          wasmMarkdown: w.pagemark!.markdown,
          webgpu: { backend: g.pagemark!.stats.backend, ...calls(g) },
          wasm: calls(w),
        });
      }
    } catch (e) {
      check.error = (e as Error).message;
    } finally {
      clearTimeout(timer);
    }
    return check;
  });
}
