import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, inkCorrelation } from './helpers';
import { closeServer, startStaticHost } from '../test/support/loopback-server';

let origin = '';
let server: Server;
const mount = '/demo/pagemark/';

test.beforeAll(async () => {
  ({ origin, server } = await startStaticHost(fileURLToPath(new URL('../dist/', import.meta.url)), mount));
});
test.afterAll(() => closeServer(server));

test('the build works from a sub-path of a plain static host', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(r.url()));
  await page.goto(`${origin}${mount}`);
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf')).toContainText('PDF · 3 pages');
  expect(await inkCorrelation(page.getByTestId('page-image'), 'multipage-p1-reference.png')).toBeGreaterThan(0.7);
  expect(failed).toEqual([]);
});
