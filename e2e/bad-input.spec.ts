import { expect, test } from '@playwright/test';
import { documentItem, dropFiles, fileBytes, inkStats, openApp } from './helpers';
import { makePdf } from '../test/support/pdf-maker';

test('each bad file gets a clear message naming it, and the good file still opens', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [
    fileBytes('empty.pdf', 'application/pdf'),
    fileBytes('notes.pdf', 'application/pdf'),
    fileBytes('corrupt.pdf', 'application/pdf'),
    fileBytes('broken.png', 'image/png'),
    fileBytes('multipage.pdf', 'application/pdf'),
  ]);
  await expect(documentItem(page, 'empty.pdf').getByRole('alert')).toContainText('“empty.pdf” is empty (0 bytes)');
  await expect(documentItem(page, 'notes.pdf').getByRole('alert')).toContainText('“notes.pdf” is not a PDF, PNG, JPEG or WebP file');
  await expect(documentItem(page, 'corrupt.pdf').getByRole('alert')).toContainText('damaged or incomplete');
  await expect(documentItem(page, 'broken.png').getByRole('alert')).toContainText('damaged or incomplete');
  await expect(documentItem(page, 'multipage.pdf')).toContainText('PDF · 3 pages');
  await documentItem(page, 'multipage.pdf').getByRole('button', { name: /^multipage\.pdf/ }).click();
  expect((await inkStats(page.getByRole('img', { name: 'Page 1 of multipage.pdf' }))).darkFraction).toBeGreaterThan(0.005);
});

test('a truncated PDF is either recovered or explained, never a hang', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [fileBytes('truncated.pdf', 'application/pdf')]);
  const doc = documentItem(page, 'truncated.pdf');
  await expect(doc).toContainText(/PDF · \d+ page|Cannot be opened/);
  if ((await doc.textContent())!.includes('Cannot be opened')) {
    await expect(doc.getByRole('alert')).toContainText(/damaged or incomplete/);
  } else {
    // Recovered: whatever pages survive are drawn, or say why they cannot be.
    await expect(page.getByTestId('page-image').or(page.getByText(/could not be drawn/))).toBeVisible();
  }
});

test('a 200×200-inch page renders within the pixel budget', async ({ page }) => {
  await openApp(page);
  const side = 200 * 72;
  const giant = makePdf([{ width: side, height: side, text: 'GIANT', fontSize: 2400 }]);
  await dropFiles(page, [{ name: 'poster.pdf', mimeType: 'application/pdf', buffer: giant }]);
  await expect(documentItem(page, 'poster.pdf')).toContainText('PDF · 1 page');
  const ink = await inkStats(page.getByTestId('page-image'));
  expect(Math.max(ink.width, ink.height)).toBeLessThanOrEqual(1600);
  expect(ink.darkFraction).toBeGreaterThan(0.01);
});

test('a 500-page PDF opens at once and draws only the thumbnails in view', async ({ page }) => {
  await openApp(page);
  const pages = Array.from({ length: 500 }, (_, i) => ({ width: 612, height: 792, text: `Page number ${i + 1}`, fontSize: 36 }));
  await dropFiles(page, [{ name: 'long.pdf', mimeType: 'application/pdf', buffer: makePdf(pages) }]);
  await expect(documentItem(page, 'long.pdf')).toContainText('PDF · 500 pages');
  const strip = page.getByRole('navigation', { name: 'Pages of long.pdf' });
  await expect(strip.getByRole('button')).toHaveCount(500);
  await expect(strip.locator('img').first()).toBeVisible();
  expect(await strip.locator('img').count()).toBeLessThan(100);

  const last = strip.getByRole('button', { name: /^Page 500,/ });
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(page.getByText('Page 500 / 500')).toBeVisible();
  expect((await inkStats(page.getByRole('img', { name: 'Page 500 of long.pdf' }))).darkFraction).toBeGreaterThan(0.001);
});
