import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { documentItem, fixture, inkStats, openApp } from './helpers';
import { closeServer, startLoopback } from '../test/support/loopback-server';

let origin = '';
let server: Server;

test.beforeAll(async () => {
  ({ origin, server } = await startLoopback({
    '/docs/shared.pdf': { cors: true, body: readFileSync(fixture('multipage.pdf')) },
    '/private.pdf': { cors: false, body: readFileSync(fixture('multipage.pdf')) },
    '/gone.pdf': { cors: true, status: 404 },
  }));
});
test.afterAll(() => closeServer(server));

test('?src= opens a CORS-readable PDF from another origin', async ({ page }) => {
  await openApp(page, `?src=${encodeURIComponent(`${origin}/docs/shared.pdf`)}`);
  await expect(documentItem(page, 'shared.pdf')).toContainText('PDF · 3 pages');
  expect((await inkStats(page.getByTestId('page-image'))).darkFraction).toBeGreaterThan(0.005);
});

test('?src= explains a server that does not allow reading (CORS)', async ({ page }) => {
  await openApp(page, `?src=${encodeURIComponent(`${origin}/private.pdf`)}`);
  await expect(page.getByRole('alert')).toContainText(`Could not load ${origin}/private.pdf`);
  await expect(page.getByRole('alert')).toContainText('CORS');
});

test('?src= reports the HTTP status of a missing file', async ({ page }) => {
  await openApp(page, `?src=${encodeURIComponent(`${origin}/gone.pdf`)}`);
  await expect(page.getByRole('alert')).toContainText('404');
});

test('?src= refuses a non-http link', async ({ page }) => {
  await openApp(page, `?src=${encodeURIComponent('javascript:alert(1)')}`);
  await expect(page.getByRole('alert')).toContainText('Only http and https links');
});
