import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { chooseFiles, documentItem, openApp, preferWasm } from './helpers';

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('copy, download .md per page and per document, export a zip', async ({ page, context }) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await preferWasm(page);
  await openApp(page);
  await chooseFiles(page, ['text-page.pdf']);
  await expect(documentItem(page, 'text-page.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 240_000 });

  await page.getByRole('tab', { name: 'Markdown' }).click();
  const shown = (await page.getByTestId('markdown-raw').textContent()) ?? '';
  await page.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);

  const pageMd = await download(page, 'Page .md');
  expect(pageMd.name).toBe('text-page-p1.md');
  expect(pageMd.bytes.toString('utf8')).toBe(copied);

  const docMd = await download(page, 'Document .md');
  expect(docMd.name).toBe('text-page.md');
  const text = docMd.bytes.toString('utf8');
  expect(text.startsWith('<!-- page 1 -->\n\n')).toBe(true);
  expect(text).toContain(copied.trim());

  const zip = await download(page, 'Export .zip');
  expect(zip.name).toBe('text-page.zip');
  const entries = unzipSync(new Uint8Array(zip.bytes));
  expect(strFromU8(entries['text-page.md'])).toBe(text);
  for (const name of Object.keys(entries).filter((n) => n !== 'text-page.md')) {
    expect(name).toMatch(/^figure-p\d+-\d+\.png$/);
    expect([...entries[name].slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }
});
