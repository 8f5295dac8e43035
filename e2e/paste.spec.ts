import { expect, test } from '@playwright/test';
import { fileBytes, inkStats, openApp } from './helpers';

test('pasting an image opens it', async ({ page }) => {
  await openApp(page);
  const png = fileBytes('page-image.png').buffer.toString('base64');
  // The paste event as the browser delivers it for a copied screenshot (a file named image.png).
  await page.evaluate((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, png);
  await expect(page.getByTestId('document')).toContainText(/pasted-.*\.png/);
  await expect(page.getByTestId('document')).toContainText('PNG · 1 page');
  expect((await inkStats(page.getByTestId('page-image'))).darkFraction).toBeGreaterThan(0.005);
});
