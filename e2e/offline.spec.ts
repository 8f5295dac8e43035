import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, inkCorrelation, openApp, preferWasm } from './helpers';

test('after one visit the app reloads, renders and converts with the network off', async ({ page, context }) => {
  test.setTimeout(300_000);
  await preferWasm(page);
  await openApp(page);
  // The service worker installs (precaching everything) and takes control of this tab.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

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
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf').getByTestId('doc-progress')).toContainText(/^[1-9]\d* of 3 pages converted/, { timeout: 240_000 });
  const status = page.getByTestId('model-status');
  await expect(status).toContainText('ready · wasm');
  await expect(status).toContainText("Using wasm instead of webgpu: WebGPU's runtime did not start");
});

test('a first visit installs its offline copy once the first page is read, not while it is read', async ({ page }) => {
  test.setTimeout(240_000);
  await preferWasm(page);
  await openApp(page);
  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf')).toContainText('PDF · 3 pages');
  const progress = documentItem(page, 'multipage.pdf').getByTestId('doc-progress');
  // The model is still starting: no page is converted, and nothing is being copied into the cache.
  await expect(progress).not.toContainText(/^[1-9]\d* of 3 pages converted/);
  expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(false);

  await expect(progress).toContainText(/^[1-9]\d* of 3 pages converted/, { timeout: 180_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
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
