import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, openApp, preferWasm } from './helpers';
import { closeServer, startLoopback } from '../test/support/loopback-server';

let origin = '';
let server: Server;
test.beforeAll(async () => {
  ({ origin, server } = await startLoopback({}));
});
test.afterAll(() => closeServer(server));

test('a model pack URL that cannot be loaded is reported; pages still show; the default pack comes back', async ({ page }) => {
  test.setTimeout(300_000);
  await preferWasm(page);
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel(/Model pack URL/).fill(`${origin}/missing-pack/`);
  await dialog.getByRole('button', { name: 'Use' }).click();
  await dialog.getByRole('button', { name: 'Close settings' }).click();

  await chooseFiles(page, ['text-page.pdf']);
  await expect(page.getByRole('alert').filter({ hasText: 'The model could not be loaded' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByTestId('page-image')).toBeVisible();

  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByLabel('Built-in pack').check();
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  // A new pack choice reloads the model and the queued page goes on by itself.
  await expect(documentItem(page, 'text-page.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 240_000 });
});
