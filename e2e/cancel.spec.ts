import { expect, test } from '@playwright/test';
import { documentItem, dropFiles, openApp } from './helpers';
import { makePdf } from '../test/support/pdf-maker';

test('cancel stops a long document; resume queues the rest again', async ({ page }) => {
  await openApp(page);
  const pages = Array.from({ length: 60 }, (_, i) => ({ width: 612, height: 792, text: `Line on page ${i + 1}`, fontSize: 24 }));
  await dropFiles(page, [{ name: 'long.pdf', mimeType: 'application/pdf', buffer: makePdf(pages) }]);
  const doc = documentItem(page, 'long.pdf');
  await expect(doc).toContainText('PDF · 60 pages');

  await doc.getByRole('button', { name: 'Cancel' }).click();
  await expect(doc.getByTestId('doc-progress')).toContainText(/cancelled/);
  await expect(doc.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // Nothing is left waiting once the page in flight (if any) has settled.
  await expect(page.getByRole('button', { name: /^Page \d+, (waiting|rendering|recognizing)/ })).toHaveCount(0);

  await doc.getByRole('button', { name: 'Resume' }).click();
  await expect(doc.getByTestId('doc-progress')).not.toContainText('cancelled');
  await expect(doc.getByRole('button', { name: 'Cancel' })).toBeVisible();
});
