import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openApp } from './helpers';

const swPath = fileURLToPath(new URL('../dist/sw.js', import.meta.url));

test('a newly deployed version offers a reload', async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByText('A new version of Pagemark is ready.')).toHaveCount(0);

  // "Deploy" a new service worker (any byte change makes it a new version), then let the page find it.
  const original = readFileSync(swPath, 'utf8');
  try {
    writeFileSync(swPath, `${original}\n// deployed ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByText('A new version of Pagemark is ready.')).toBeVisible();
  } finally {
    writeFileSync(swPath, original);
  }
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
  await expect(page.getByText('A new version of Pagemark is ready.')).toHaveCount(0);
});
