import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, inkCorrelation, offlineCopyInstalled, openApp, packKeptOffline, preferWasm, visitAgain } from './helpers';

const builtInPack = fileURLToPath(new URL('../dist/models/pocket/pack.json', import.meta.url));

/** The built-in pack's files as the app's server has them: pack.json and every file it names. */
function packFiles(): string[] {
  const names = new Set<string>(['pack.json']);
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) k === 'file' && typeof x === 'string' ? names.add(x) : walk(x);
  };
  walk(JSON.parse(readFileSync(builtInPack, 'utf8')));
  return [...names].sort();
}

test('after one visit the app reloads, renders and converts with the network off', async ({ page, context }) => {
  test.setTimeout(300_000);
  await preferWasm(page);
  await openApp(page);
  // No document opened, so the model never starts: the service worker installs the app (the shell,
  // onnxruntime-web, pdf.js) and takes control of this tab. A later visit, served by it, keeps the model pack
  // in the pack store while the model stays idle.
  await offlineCopyInstalled(page);
  await visitAgain(page);
  await packKeptOffline(page);
  await expect(page.getByTestId('model-status')).toContainText('Model loads when you open a document');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
  // Still cross-origin isolated (the cached page kept its COOP/COEP headers), so WASM threads work.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf')).toContainText('PDF · 3 pages');
  // pdf.js, its parser worker and its fonts all came from the cache: the glyphs are real.
  expect(await inkCorrelation(page.getByTestId('page-image'), 'multipage-p1-reference.png')).toBeGreaterThan(0.7);

  // The model pack and onnxruntime-web come from the cache too: a page converts offline.
  await expect(documentItem(page, 'multipage.pdf').getByTestId('doc-progress')).toContainText(/^[1-9]\d* of 3 pages converted/, { timeout: 240_000 });
  await expect(page.getByTestId('markdown-pane')).not.toContainText('could not be loaded');
});

test('offline before WebGPU was first used: its runtime is not cached yet, so the page is read on WASM', async ({ page, context }) => {
  test.setTimeout(300_000);
  // WebGPU asked for (the software adapter is there); onnxruntime-web's WebGPU build is cached only on first use.
  await preferWasm(page, { backend: 'webgpu' });
  await openApp(page);
  await offlineCopyInstalled(page);
  await visitAgain(page);
  await packKeptOffline(page);

  await context.setOffline(true);
  await page.reload();
  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf').getByTestId('doc-progress')).toContainText(/^[1-9]\d* of 3 pages converted/, { timeout: 240_000 });
  const status = page.getByTestId('model-status');
  await expect(status).toContainText('ready · wasm');
  await expect(status).toContainText("Using wasm instead of webgpu: WebGPU's runtime did not start");
});

test('a first visit installs its offline copy once the first page is read, not while it is read, and fetches the pack once', async ({ page, context }) => {
  test.setTimeout(240_000);
  // Every request of this visit, the service worker's included (Chromium reports those on the context).
  const fetched = new Map<string, number>();
  context.on('request', (r) => {
    const m = /\/models\/pocket\/([^?#]+)/.exec(r.url());
    if (m) fetched.set(m[1]!, (fetched.get(m[1]!) ?? 0) + 1);
  });
  await preferWasm(page);
  await openApp(page);
  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf')).toContainText('PDF · 3 pages');
  const progress = documentItem(page, 'multipage.pdf').getByTestId('doc-progress');
  // The model is still starting: no page is converted, and nothing is being copied into the cache.
  await expect(progress).not.toContainText(/^[1-9]\d* of 3 pages converted/);
  expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(false);

  await expect(progress).toContainText(/^[1-9]\d* of 3 pages converted/, { timeout: 180_000 });
  await offlineCopyInstalled(page);
  // The engine downloaded the pack into its pack store; the service worker's install did not download it again.
  const files = packFiles();
  expect(files.length).toBeGreaterThan(5);
  expect(Object.fromEntries([...fetched].sort())).toEqual(Object.fromEntries(files.map((f) => [f, 1])));
});

test('installable: a manifest with real PNG icons at the sizes it claims', async ({ page }) => {
  await openApp(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.evaluate(async (u) => (await fetch(u!)).json(), href);
  expect(manifest).toMatchObject({ name: 'Pagemark', display: 'standalone', start_url: '.' });
  for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = new URL(src, new URL('manifest.webmanifest', document.baseURI)).href;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    expect(size).toBe(icon.sizes);
  }
});
