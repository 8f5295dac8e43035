import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { offlineCopyInstalled, openApp, packKeptOffline, visitAgain } from './helpers';

const swPath = fileURLToPath(new URL('../dist/sw.js', import.meta.url));

/** "Deploys" a new service worker (any byte change makes it a new version) and waits for the page to offer it. */
async function deployNewVersion(page: Page): Promise<void> {
  const original = readFileSync(swPath, 'utf8');
  try {
    writeFileSync(swPath, `${original}\n// deployed ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByText('A new version of Pagemark is ready.')).toBeVisible();
  } finally {
    writeFileSync(swPath, original);
  }
}

test('a newly deployed version offers a reload', async ({ page }) => {
  await openApp(page);
  await offlineCopyInstalled(page);
  await expect(page.getByText('A new version of Pagemark is ready.')).toHaveCount(0);

  await deployNewVersion(page);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
  await expect(page.getByText('A new version of Pagemark is ready.')).toHaveCount(0);
});

test('a new version taking over while the model pack is being kept: the reload shows the app, and the pack is kept whole after', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  await offlineCopyInstalled(page);
  // A later visit, served by the installed worker: the model is idle, so the app starts keeping its pack.
  await visitAgain(page);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith('pagemark-pack:'))), { timeout: 60_000 }).toBe(true);

  await deployNewVersion(page);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
  // The keep stopped with the old version's page and starts again on this one: the pack ends up whole.
  await packKeptOffline(page);
});
