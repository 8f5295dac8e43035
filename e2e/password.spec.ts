import { expect, test } from '@playwright/test';
import { chooseFiles, documentItem, inkStats, openApp } from './helpers';

// password.pdf was made with `qpdf --encrypt secret-pass secret-owner 256 -- text-page.pdf password.pdf`.
test('asks for the password of a protected PDF, says when it is wrong, opens with the right one', async ({ page }) => {
  await openApp(page);
  await chooseFiles(page, ['password.pdf']);
  const doc = documentItem(page, 'password.pdf');
  await expect(doc).toContainText('Password needed');
  const field = doc.getByLabel('Password for password.pdf');

  await field.fill('not-it');
  await field.press('Enter');
  await expect(doc.getByRole('alert')).toContainText('not correct');

  await field.fill('secret-pass');
  await doc.getByRole('button', { name: 'Open' }).click();
  await expect(doc).toContainText('PDF · 1 page');
  expect((await inkStats(page.getByTestId('page-image'))).darkFraction).toBeGreaterThan(0.005);
});
