import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, openApp, preferWasm } from './helpers';

test('no request leaves the origin while documents are opened and converted', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL!).origin;
  const offsite: string[] = [];
  page.context().on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('blob:') && !url.startsWith('data:') && new URL(url).origin !== origin) offsite.push(url);
  });
  await preferWasm(page);
  await openApp(page);
  const names = ['text-page.pdf', 'page-image.png'];
  await chooseFiles(page, names);
  for (const name of names) await expect(documentItem(page, name)).toContainText(/(PDF|PNG) · 1 page/);
  await expect(page.getByTestId('page-image')).toBeVisible();

  // The whole conversion: model load, every page of every document.
  for (const name of names) {
    await expect(documentItem(page, name).getByTestId('doc-progress')).toContainText(/^(\d+) of \1 pages? converted/, { timeout: 240_000 });
  }
  expect(offsite).toEqual([]);
});
