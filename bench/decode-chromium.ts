// Runs the decode benchmark in Debian's headless Chromium (WASM EP) through the Vite dev server, on the
// same fixture pages the Node run reads (rendered here, passed as lossless PNGs).
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { FIXTURE_PAGES, renderFirstPage } from '../test/support/line-corpus';
import type { DecodeBenchResult } from './decode-summary';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function benchChromium(packDir: string, batch: number, maxLines: number, repeats: number): Promise<DecodeBenchResult> {
  const pages: string[] = [];
  for (const f of FIXTURE_PAGES) {
    const img = await renderFirstPage(f);
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    const data = ctx.createImageData(img.width, img.height);
    data.data.set(img.pixels);
    ctx.putImageData(data, 0, 0);
    pages.push((await canvas.encode('png')).toString('base64'));
  }
  const server = await createServer({
    root,
    configFile: `${root}/vite.config.ts`,
    logLevel: 'error',
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: { ignored: ['**/*'] } },
    optimizeDeps: { include: ['comlink', 'onnxruntime-web'] },
  });
  await server.listen();
  const browser = await chromium.launch({
    executablePath: process.env.PAGEMARK_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.resolvedUrls!.local[0]}bench/browser/decode-bench.html`);
    await page.waitForFunction(() => document.title === 'ready', null, { timeout: 120_000 });
    const packUrl = `/${relative(root, packDir)}/pack.json`;
    return (await page.evaluate(
      ([packUrl, pages, o]) => (globalThis as unknown as { runDecodeBench: (...a: unknown[]) => Promise<unknown> }).runDecodeBench(packUrl, pages, o),
      [packUrl, pages, { batch, maxLines, repeats }] as const,
    )) as DecodeBenchResult;
  } finally {
    await browser.close();
    await server.close();
  }
}
