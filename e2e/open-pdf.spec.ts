import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, inkCorrelation, inkStats, openApp } from './helpers';

test('opens a multi-page PDF and draws real glyphs, page by page', async ({ page }) => {
  await openApp(page);
  await chooseFiles(page, ['multipage.pdf']);

  const doc = documentItem(page, 'multipage.pdf');
  await expect(doc).toContainText('PDF · 3 pages');
  await expect(page.getByRole('navigation', { name: 'Pages of multipage.pdf' }).getByRole('button')).toHaveCount(3);

  const image = page.getByTestId('page-image');
  const ink = await inkStats(image);
  // Display rendering: long side 1600 px.
  expect(Math.max(ink.width, ink.height)).toBe(1600);
  expect(ink.darkFraction).toBeGreaterThan(0.005);
  expect(ink.darkFraction).toBeLessThan(0.5);
  // Same shapes as poppler's rendering of the page, on a grid fine enough for glyph shapes: measured
  // 0.84 with real fonts and 0.41 when pdf.js cannot load fonts in the worker (empty boxes).
  expect(await inkCorrelation(image, 'multipage-p1-reference.png', 500)).toBeGreaterThan(0.7);

  // Another page, through its thumbnail.
  await page.getByRole('button', { name: /^Page 3,/ }).click();
  await expect(page.getByText('Page 3 / 3')).toBeVisible();
  const ink3 = await inkStats(page.getByTestId('page-image'));
  expect(ink3.darkFraction).toBeGreaterThan(0.002);

  // Thumbnails are drawn too.
  const thumb = page.getByRole('button', { name: /^Page 2,/ }).locator('img');
  expect((await inkStats(thumb)).darkFraction).toBeGreaterThan(0.002);
});
