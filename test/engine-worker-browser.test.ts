// The engine worker in real Chromium (Debian's), driven like the app's bridge: a pack from a URL, one
// page on the WASM EP and on the WebGPU EP (SwiftShader, --enable-unsafe-webgpu) must give the same
// Markdown, for a tiny random pack and for the shipped default pack; cancel rejects with an AbortError.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env.PAGEMARK_CHROMIUM ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const PACK = { kind: 'url', url: '/test/fixtures/varied-tiny/pack.json' } as const;
const LINES = '/test/fixtures/pages/issue13242-lines.png';
const PAGE = '/test/fixtures/pages/issue13242-p1.png';

interface Run {
  backend: string;
  error?: string;
  events: { type: string; [k: string]: unknown }[];
  result?: { markdown: string; stats: { backend: string; tokens: number; decoderCalls: number } };
}

describe.skipIf(!existsSync(CHROMIUM))('engine worker in Chromium', () => {
  let server: ViteDevServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // No file watching: other work in the tree must not reload the page mid-test.
    server = await createServer({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: 'error',
      server: { port: 0, host: '127.0.0.1', hmr: false, watch: { ignored: ['**/*'] } },
      optimizeDeps: { include: ['comlink', 'onnxruntime-web'] },
    });
    await server.listen();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--enable-unsafe-webgpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    page = await browser.newPage();
    await page.goto(`${server.resolvedUrls!.local[0]}test/browser/engine-harness.html`);
    await page.waitForFunction(() => document.title === 'ready', null, { timeout: 120_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const run = (o: { pack: unknown; image: string; backend: string; k?: number; cancelAfterMs?: number }): Promise<Run> =>
    page.evaluate(
      (o) =>
        (globalThis as unknown as { runEngine: (x: unknown) => Promise<Run> }).runEngine({
          pack: o.pack,
          image: o.image,
          settings: { backend: o.backend, k: o.k ?? 3, dropHeaders: false },
          cancelAfterMs: o.cancelAfterMs,
        }),
      o,
    );

  let wasm: Run;

  it('reads lines on the WASM EP after fetching, verifying and warming up the pack', async () => {
    wasm = await run({ pack: PACK, image: LINES, backend: 'wasm' });
    expect(wasm.error).toBeUndefined();
    expect(wasm.backend).toBe('wasm');
    expect(wasm.result!.stats.backend).toBe('wasm');
    expect(wasm.result!.stats.tokens).toBeGreaterThan(0);
    expect(wasm.result!.markdown.length).toBeGreaterThan(0);
    const types = wasm.events.map((e) => e.type);
    expect(types.indexOf('warming-up')).toBeLessThan(types.indexOf('ready'));
    expect(wasm.events.some((e) => e.type === 'pack-verified' && e.file === 'decoder.onnx')).toBe(true);
  }, 300_000);

  // Without an adapter these report as skipped, not as passed.
  it('gives the same Markdown on the WebGPU EP', async (ctx) => {
    if (!(await hasAdapter())) return ctx.skip('no WebGPU adapter in this Chromium');
    const gpu = await run({ pack: PACK, image: LINES, backend: 'webgpu' });
    expect(gpu.error).toBeUndefined();
    expect(gpu.backend).toBe('webgpu');
    expect(gpu.result!.stats.backend).toBe('webgpu');
    expect(gpu.result!.stats.tokens).toBeGreaterThan(0);
    expect(gpu.result!.markdown).toBe(wasm.result!.markdown);
    expect(gpu.result!.stats.tokens).toBe(wasm.result!.stats.tokens);
  }, 600_000);

  const hasAdapter = () => page.evaluate(async () => !!(await (navigator as unknown as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter()));

  it('auto uses WebGPU only on a hardware adapter (a software one is slower than WASM)', async () => {
    const adapter = await page.evaluate(async () => {
      type A = { isFallbackAdapter?: boolean; info?: { isFallbackAdapter?: boolean } };
      const a = (await (navigator as unknown as { gpu?: { requestAdapter(): Promise<A | null> } }).gpu?.requestAdapter()) ?? null;
      return a ? { fallback: !!(a.info?.isFallbackAdapter || a.isFallbackAdapter) } : null;
    });
    const r = await run({ pack: PACK, image: LINES, backend: 'auto' });
    expect(r.error).toBeUndefined();
    expect(r.backend).toBe(adapter && !adapter.fallback ? 'webgpu' : 'wasm');
    expect(r.result!.markdown).toBe(wasm.result!.markdown);
  }, 300_000);

  it('cancel rejects the page with an AbortError', async () => {
    const r = await run({ pack: PACK, image: PAGE, backend: 'wasm', cancelAfterMs: 50 });
    expect(r.result).toBeUndefined();
    expect(r.error).toMatch(/^AbortError/);
  }, 300_000);

  it('loads the default pack the build ships', async () => {
    const r = await run({ pack: { kind: 'default' }, image: LINES, backend: 'wasm', k: 0 });
    expect(r.error).toBeUndefined();
    expect(r.events.find((e) => e.type === 'ready')?.pack).toMatch(/^(pocket|test-tiny)$/);
  }, 300_000);

  // The shipped graphs (constant-shape reshapes, 4-D attention, fused drafts) on both EPs, K=3.
  it('the default pack reads the same lines on the WebGPU EP as on WASM', async (ctx) => {
    if (!(await hasAdapter())) return ctx.skip('no WebGPU adapter in this Chromium');
    const cpu = await run({ pack: { kind: 'default' }, image: LINES, backend: 'wasm' });
    const gpu = await run({ pack: { kind: 'default' }, image: LINES, backend: 'webgpu' });
    expect(cpu.error).toBeUndefined();
    expect(gpu.error).toBeUndefined();
    expect(gpu.result!.stats.backend).toBe('webgpu');
    expect(cpu.result!.markdown).toMatch(/Lorem ipsum dolor sit amet/);
    expect(gpu.result!.markdown).toBe(cpu.result!.markdown);
    expect(gpu.result!.stats.tokens).toBe(cpu.result!.stats.tokens);
  }, 900_000);
});
