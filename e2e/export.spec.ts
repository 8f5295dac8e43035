import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { chooseFiles, documentItem, engineLanded, openApp } from './helpers';

test.fixme(!engineLanded, 'needs workers/engine/engine.worker.ts (the inference worker)');

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test('copy, download .md per page and per document, export a zip', async ({ page, context }) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page);
  await chooseFiles(page, ['multipage.pdf']);
  await expect(documentItem(page, 'multipage.pdf').getByTestId('doc-progress')).toContainText('3 of 3 pages converted', { timeout: 240_000 });

  const raw = (await page.getByTestId('markdown-rendered').textContent()) ?? '';
  expect(raw.length).toBeGreaterThan(10);

  await page.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBeGreaterThan(10);

  const pageMd = await download(page, 'Page .md');
  expect(pageMd.name).toBe('multipage-p1.md');
  expect(pageMd.bytes.toString('utf8')).toBe(copied);

  const docMd = await download(page, 'Document .md');
  expect(docMd.name).toBe('multipage.md');
  const text = docMd.bytes.toString('utf8');
  for (const n of [1, 2, 3]) expect(text).toContain(`<!-- page ${n} -->`);
  expect(text).toContain(copied.trim());

  const zip = await download(page, 'Export .zip');
  expect(zip.name).toBe('multipage.zip');
  const entries = unzipSync(new Uint8Array(zip.bytes));
  expect(strFromU8(entries['multipage.md'])).toBe(text);
  for (const name of Object.keys(entries).filter((n) => n !== 'multipage.md')) {
    expect(name).toMatch(/^figure-p\d+-\d+\.png$/);
    expect([...entries[name].slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  }
});
