import { expect, test } from '@playwright/test';
import { openApp } from './helpers';

test('settings are reachable by keyboard and persist across reloads', async ({ page }) => {
  await openApp(page);
  const open = page.getByRole('button', { name: 'Settings' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('WebAssembly (CPU)').check();
  await dialog.getByLabel(/Draft tokens per step/).fill('1');
  await dialog.getByLabel('Drop them').check();
  await expect(dialog.getByText('Draft tokens per step (K): 1')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByLabel('WebAssembly (CPU)')).toBeChecked();
  await expect(dialog.getByLabel('Drop them')).toBeChecked();
  await expect(dialog.getByText('Draft tokens per step (K): 1')).toBeVisible();

  await dialog.getByLabel(/Draft tokens per step/).fill('0');
  await expect(dialog.getByText('0 — plain greedy')).toBeVisible();
});

test('every control has an accessible name', async ({ page }) => {
  await openApp(page);
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button, input, select, textarea, a[href]')]
      .filter((el) => !(el as HTMLElement).closest('dialog:not([open])'))
      .filter((el) => {
        const label = (el as HTMLElement).getAttribute('aria-label') || (el as HTMLElement).textContent?.trim();
        const labelled = (el as HTMLInputElement).labels?.length;
        return !label && !labelled;
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(unnamed).toEqual([]);
});

test('keyboard focus is visible', async ({ page }) => {
  await openApp(page);
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText('Open files…');
  const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth);
  expect(outline).toMatch(/^solid [1-9]/);
});
