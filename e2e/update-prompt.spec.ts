import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { offlineCopyInstalled, openApp, packKeptOffline, visitAgain } from './helpers';

const swPath = fileURLToPath(new URL('../dist/sw.js', import.meta.url));
const prompt = (page: Page) => page.getByText('A new version of Pagemark is ready.');

/**
 * "Deploys" a new service worker (any byte change makes it a new version) until the returned function puts the
 * old one back: kept for the whole test, since a reloaded page checks for an update again and a file put back
 * would be one more new version. `hold` keeps the new worker installed and waiting before it takes over, as a
 * loaded machine or an old worker still busy does: a number of milliseconds, 'until told' (`letTakeOver`), or
 * `{ asks: n }`: it takes over at its n-th skipWaiting(), the first being its own as it installs (lost, as Chromium
 * can lose it behind a busy worker), the others those a tab asks for.
 */
function deployNewVersion(hold: number | 'until told' | { asks: number } = 0): () => void {
  const original = readFileSync(swPath, 'utf8');
  if (!original.includes('self.skipWaiting()')) throw new Error('dist/sw.js no longer calls self.skipWaiting()');
  // Every skipWaiting() the worker makes (its own as it installs, and the ones tabs ask for) goes through this.
  const held =
    hold === 'until told'
      ? `self.addEventListener('message', (e) => { if (e.data === '${takeOver}') heldSkip(); }); self.skipWaiting = async () => {};`
      : typeof hold === 'object'
        ? `self.asked = 0; self.skipWaiting = async () => { if (++self.asked >= ${hold.asks}) heldSkip(); };`
        : // Taken `hold` ms after it is installed (self.serviceWorker: the worker running this script).
          `self.skipWaiting = async () => { if (self.held) return; self.held = setInterval(() => { if (self.serviceWorker.state === 'installed') { clearInterval(self.held); setTimeout(heldSkip, ${hold}); } }, 50); };`;
  const deployed = hold === 0 ? original : `const heldSkip = self.skipWaiting.bind(self); ${held}\n${original}`;
  writeFileSync(swPath, `${deployed}\n// deployed ${Date.now()}\n`);
  return () => writeFileSync(swPath, original);
}

const takeOver = 'take over now';

/** Lets a new version deployed 'until told' take over. */
const letTakeOver = (page: Page) =>
  page.evaluate(async (message) => (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage(message), takeOver);

async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
}

/** Where the service workers stand, as this tab sees them; `controls`: the active one serves this tab. */
const workers = (page: Page) =>
  page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const c = navigator.serviceWorker.controller;
    return { installing: Boolean(r?.installing), waiting: Boolean(r?.waiting), active: r?.active?.state ?? null, controls: c !== null && c === r?.active };
  });
const newestServes = { installing: false, waiting: false, active: 'activated', controls: true };

/** Marks the tab's page: the mark is gone once the page has been reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { tabMark: string }).tabMark = 'this page'));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { tabMark?: string }).tabMark === 'this page');

/** Clicks Reload in the prompt and waits until the page is a new one showing the app. */
async function clickReload(page: Page): Promise<void> {
  await mark(page);
  await page.getByRole('button', { name: 'Reload' }).click();
  // An evaluation the reload cuts short throws: the old page is going.
  await expect.poll(() => marked(page).catch(() => true)).toBe(false);
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
}

test('a new version that is slow to take over: the tab is offered it until it runs it, and reloaded only when its user asks', async ({ page }) => {
  await openApp(page);
  await offlineCopyInstalled(page);
  await expect(prompt(page)).toHaveCount(0);

  const restore = deployNewVersion(2000);
  try {
    await mark(page);
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    // Installed and still waiting: the old version serves the tab, which is not reloaded under its user.
    expect(await workers(page)).toMatchObject({ waiting: true, controls: true });
    expect(await marked(page)).toBe(true);

    await clickReload(page);
    await expect.poll(() => workers(page)).toEqual(newestServes);
    // A reload served by the old version, before the new one took over, is offered the new one again.
    await page.waitForTimeout(1000);
    if ((await prompt(page).count()) > 0) await clickReload(page);
    await expect.poll(() => workers(page)).toEqual(newestServes);
    // Running the new version, the tab is offered nothing more (a take-over would offer itself within a render).
    await page.waitForTimeout(1000);
    await expect(prompt(page)).toHaveCount(0);
  } finally {
    restore();
  }
});

test('a new version is offered in every open tab, and no tab is reloaded but the one whose Reload was clicked', async ({ page, context }) => {
  await openApp(page);
  await offlineCopyInstalled(page);
  const other = await context.newPage();
  await openApp(other);
  await offlineCopyInstalled(other);

  const restore = deployNewVersion(2000);
  try {
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(other)).toBeVisible();
    await mark(other);

    await clickReload(page);
    await expect.poll(() => workers(page)).toEqual(newestServes);
    await expect.poll(() => workers(other)).toEqual(newestServes);
    await page.waitForTimeout(1000);
    expect(await marked(other)).toBe(true);
    await expect(prompt(other)).toBeVisible();

    await clickReload(other);
    await page.waitForTimeout(1000);
    await expect(prompt(other)).toHaveCount(0);
  } finally {
    restore();
  }
});

test('a new version left waiting after its install is asked again by the open tab, and takes over without reloading it', async ({ page }) => {
  await openApp(page);
  await offlineCopyInstalled(page);
  const restore = deployNewVersion({ asks: 2 });
  try {
    await mark(page);
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    await expect.poll(() => workers(page)).toEqual(newestServes);
    expect(await marked(page)).toBe(true);
    await clickReload(page);
    await page.waitForTimeout(1000);
    await expect(prompt(page)).toHaveCount(0);
  } finally {
    restore();
  }
});

test('a new version left waiting is asked to take over even when its prompt is put off', async ({ page }) => {
  await openApp(page);
  await offlineCopyInstalled(page);
  // Its own skipWaiting and the tab's first asks (a second apart) are lost: the prompt is put off before it goes.
  const restore = deployNewVersion({ asks: 8 });
  try {
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'Later' }).click();
    await page.waitForTimeout(500);
    await expect(prompt(page)).toHaveCount(0);
    expect(await workers(page)).toMatchObject({ waiting: true });
    // A navigation would wait for a worker left waiting; asked on, it takes over.
    await expect.poll(() => workers(page)).toEqual(newestServes);
  } finally {
    restore();
  }
});

test('a new version put off at once is not offered again as it is reported twice and takes over; a newer one is', async ({ page }) => {
  await openApp(page);
  await offlineCopyInstalled(page);
  let restore = deployNewVersion({ asks: 3 });
  try {
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    await page.getByRole('button', { name: 'Later' }).click();
    // The version put off is asked on and takes over: neither that nor registerSW's second report of it offers it.
    await expect.poll(() => workers(page)).toEqual(newestServes);
    await page.waitForTimeout(1500);
    await expect(prompt(page)).toHaveCount(0);

    // A newer version (the old worker's bytes, changed again) is offered.
    restore();
    restore = deployNewVersion();
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
  } finally {
    restore();
  }
});

test('a new version taking over while the model pack is being kept: the reload shows the app, and the pack is kept whole after', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  await offlineCopyInstalled(page);
  // A later visit, served by the installed worker: the model is idle, so the app starts keeping its pack.
  await visitAgain(page);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith('pagemark-pack:'))), { timeout: 60_000 }).toBe(true);

  const restore = deployNewVersion();
  try {
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    await clickReload(page);
    // The keep stopped with the old version's page and starts again on this one: the pack ends up whole.
    await packKeptOffline(page);
  } finally {
    restore();
  }
});

test('a new version taking over while the tab keeps the model pack: the keep goes on, and the pack is kept whole without a reload', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  await offlineCopyInstalled(page);
  const restore = deployNewVersion('until told');
  try {
    // A later visit, served by the installed worker: the model is idle, so the app starts keeping its pack.
    const keeping = page.waitForRequest((r) => new URL(r.url()).pathname.includes('/models/pocket/') && !r.url().endsWith('.json'), { timeout: 60_000 });
    await visitAgain(page);
    await checkForUpdate(page);
    await expect(prompt(page)).toBeVisible();
    await keeping;
    await mark(page);
    // The new version takes over while the first pack file is downloading.
    await letTakeOver(page);
    await expect.poll(() => workers(page)).toEqual(newestServes);
    await packKeptOffline(page, 120_000);
    expect(await marked(page)).toBe(true);
  } finally {
    restore();
  }
});
