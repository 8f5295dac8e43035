import { expect, test } from '@playwright/test';
import { documentItem, dropFiles, fileBytes, inkStats, openApp } from './helpers';

test('drops PNG, JPEG and WebP images at once; each opens as a one-page document', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [
    fileBytes('page-image.png', 'image/png'),
    fileBytes('page-image.jpg', 'image/jpeg'),
    fileBytes('page-image.webp', 'image/webp'),
  ]);
  for (const [name, kind] of [['page-image.png', 'PNG'], ['page-image.jpg', 'JPEG'], ['page-image.webp', 'WEBP']]) {
    const doc = documentItem(page, name);
    await expect(doc).toContainText(`${kind} · 1 page`);
    await doc.getByRole('button', { name: new RegExp(`^${name.replace('.', '\\.')}`) }).click();
    const ink = await inkStats(page.getByRole('img', { name: `Page 1 of ${name}` }));
    // Images are never upscaled: the 497×702 picture is shown at its own size.
    expect([ink.width, ink.height]).toEqual([497, 702]);
    expect(ink.darkFraction).toBeGreaterThan(0.005);
  }
});

test('works in a narrow window without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 380, height: 800 });
  await openApp(page);
  await dropFiles(page, [fileBytes('page-image.png', 'image/png')]);
  await expect(page.getByTestId('page-image')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
