import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { artifactMissing } from '../test/support/required-artifact';
import { chooseFiles, documentItem, openApp, preferWasm } from './helpers';

// The build ships the first pack present of pocket and test-tiny (build/vite-plugin-packs.ts); the random-weight
// test pack cannot read.
const modelsDir = new URL('../dist/models/', import.meta.url);
const shippedPacks = existsSync(modelsDir) ? readdirSync(modelsDir) : [];
test.fixme(
  artifactMissing(fileURLToPath(new URL('pocket/pack.json', modelsDir)), 'the pocket pack in the build (npm run build)'),
  `the build ships only random-weight test packs (${shippedPacks.join(', ') || 'none'})`,
);

test('drop a PDF → the Markdown pane contains the page’s words, with regions and stats', async ({ page }) => {
  test.setTimeout(300_000);
  // Every line recognized from the pixels, not taken from the PDF's own text (own-text.spec.ts).
  await preferWasm(page, { ownText: 'recognize' });
  await openApp(page);
  await chooseFiles(page, ['text-page.pdf']);
  // The page streams in while it is read: its first lines are on screen while it is still being recognized.
  const partial = page.getByTestId('markdown-partial');
  await expect(page.locator('[data-testid=markdown-pane]:has([data-testid=markdown-partial]):has([role=status])')).toBeVisible({ timeout: 240_000 });
  await expect(partial).toContainText('Lorem ipsum');
  await expect(documentItem(page, 'text-page.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 240_000 });
  await expect(partial).toHaveCount(0);

  const pane = page.getByTestId('markdown-rendered');
  // Words of the page's first lines (pdftotext of the fixture).
  for (const word of ['Lorem', 'ipsum', 'dolor', 'consetetur', 'sadipscing']) await expect(pane).toContainText(word);

  await expect(page.getByTestId('stats')).toContainText(/Tokens\/s\s*\d+/);
  // On WASM with more than one core, the engine reads line memories on encoder workers of its own (one per core, up to 4).
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  expect(page.workers().filter((w) => w.url().includes('line-encoder')).length).toBe(cores > 1 ? Math.min(4, cores) : 0);
  // Recognized text wraps inside the pane, however long its unbroken runs are.
  const scroller = page.locator('.markdown-view__body');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const regions = page.locator('.regions .region');
  expect(await regions.count()).toBeGreaterThan(0);
  // Clicking a region selects its Markdown block; hovering a block outlines its region.
  await regions.first().click();
  await expect(page.locator('.md-block--active')).toHaveCount(1);
  await page.locator('.md-block').first().hover();
  await expect(page.locator('.region--active')).toHaveCount(1);

  await page.getByRole('tab', { name: 'Markdown' }).click();
  await expect(page.getByTestId('markdown-raw')).toContainText('Lorem');
});
