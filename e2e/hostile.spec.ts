// Hostile inputs: whatever a file holds, the app never goes blank, never navigates away, and each file
// ends in a page or a message naming it; the next file still converts. Equivalents of the reproductions
// in shared/hostile/ are made here; the originals run too where that folder exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { documentItem, dropFiles, fixture, openApp, preferWasm } from './helpers';
import { closeServer, startLoopback } from '../test/support/loopback-server';
import { makePdf } from '../test/support/pdf-maker';

type Dropped = { name: string; mimeType: string; buffer: Buffer };

/** Page text nesting `x^{` 1,050 levels inside one `$…$`, over lines that read like prose (nest-sup.pdf). */
function nestingBombPdf(): Buffer {
  // 71 lines of 6.5 pt text fit the page; every line is on it, the closing `$` too.
  const words = 'alpha bravo charlie delta';
  const lines = ['The nested value is $x^{'];
  for (let i = 0; i < 35; i++) lines.push(`${'x^{'.repeat(30)} ${words}`);
  for (let i = 0; i < 35; i++) lines.push(`${'}'.repeat(30)} ${words}`);
  lines.push('}$ and the text goes on.');
  const content = `BT /F1 6.5 Tf 9.4 TL 20 782 Td\n${lines.map((l) => `(${l}) '`).join('\n')}\nET`;
  return makePdf([{ width: 612, height: 792, content }]);
}

/** A page with a long unbroken line and a page of 5,000 tiny lines (inj-longline.pdf, scaled down). */
function longLinePdf(): Buffer {
  const long = 'A long line of text that never ends '.repeat(3000);
  const first = `BT /F1 10 Tf 16 TL 50 740 Td (The committee met on Tuesday.) ' ET\nBT /F1 8 Tf 50 600 Td (${long}) Tj ET`;
  const dense = `BT /F1 0.6 Tf 0.15 TL 2 790 Td\n${Array.from({ length: 5000 }, (_, i) => `(line ${i} of the dense page) '`).join('\n')}\nET`;
  return makePdf([
    { width: 612, height: 792, content: first },
    { width: 612, height: 792, content: dense },
  ]);
}

/** HTML, Markdown links, KaTeX \href/\url and a page marker in page text (inj-all.pdf). */
function injectionPdf(): Buffer {
  const lines = [
    '<map name="m"><area shape="rect" coords="0,0,9999,9999" href="https://evil.example/"></map><img usemap="#m" src="x">',
    '<a href="https://evil.example/" target="_top">top</a> <form action="https://evil.example/"><button>go</button></form>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/"> <base href="https://evil.example/">',
    '[click](javascript:alert\\(1\\)) <img src=x onerror=alert\\(1\\)> <script>alert\\(1\\)</script>',
    '$\\\\href{javascript:alert\\(1\\)}{x}$ and $\\\\url{https://evil.example/}$ and $a<b$',
    '<!-- page 99 --> <svg><a href="https://evil.example/"><rect width="999" height="999"/></a></svg>',
  ];
  const content = `BT /F1 9 Tf 14 TL 30 760 Td\n${lines.map((l) => `(${l}) '`).join('\n')}\nET`;
  return makePdf([{ width: 612, height: 792, content }]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = ~0;
  for (const byte of body) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(~c >>> 0, 8 + data.length);
  return out;
}

/** A valid PNG header claiming 30000×30000 pixels, with (almost) no pixel data (claim-30000.png). */
function pngClaiming(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(16))), pngChunk('IEND', Buffer.alloc(0))]);
}

const garbagePdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) & 255))]);
const emptyWebp = () => Buffer.from('RIFF\x04\x00\x00\x00WEBP', 'latin1');

/** From now on: records (and dismisses) any script dialog, and every navigation of the app's own frame. */
function watch(page: Page): { navigations: string[]; dialogs: string[] } {
  const seen = { navigations: [] as string[], dialogs: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.navigations.push(frame.url());
  });
  return seen;
}

/** The app is there: its header, and the documents opened so far. */
async function expectAppAlive(page: Page, names: string[]): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
  for (const name of names) await expect(documentItem(page, name)).toBeVisible();
}

/** The file ends in a page (drawn, or saying why not) or in a message on its entry; `name` is on that entry. */
async function expectSettled(page: Page, name: string, timeout: number): Promise<void> {
  const item = documentItem(page, name);
  await expect(item).toContainText(name);
  await expect(item.getByRole('alert').or(item.getByText(/(PDF|PNG|JPEG|WEBP) · \d+ pages?/))).toBeVisible({ timeout });
  if ((await item.getByRole('alert').count()) > 0) return;
  if (/· 0 pages/.test((await item.textContent()) ?? '')) return expect(item).toContainText('no pages');
  await item.locator('.doc__title').click();
  await expect(page.getByTestId('page-image').or(page.getByText(/could not be drawn/))).toBeVisible({ timeout });
}

test.describe('hostile inputs', () => {
  let origin = '';
  let server: Server;

  test.beforeAll(async () => {
    const app = `http://127.0.0.1:${process.env.PAGEMARK_E2E_PORT}/`;
    ({ origin, server } = await startLoopback({
      '/docs/nest.pdf': { cors: true, body: nestingBombPdf() },
      '/docs/100%.pdf': { cors: true, body: readFileSync(fixture('multipage.pdf')) },
      '/frame.html': { cors: true, body: Buffer.from(`<!doctype html><title>framer</title><iframe src="${app}" width="800" height="600"></iframe>`), type: 'text/html' },
    }));
  });
  test.afterAll(() => closeServer(server));

  test('a formula nested 1,050 levels deep shows as text; the app and the other documents stay', async ({ page }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await preferWasm(page);
    await openApp(page);
    const seen = watch(page);
    await dropFiles(page, [{ name: 'nest.pdf', mimeType: 'application/pdf', buffer: nestingBombPdf() }]);
    await dropFiles(page, [{ name: 'multipage.pdf', mimeType: 'application/pdf', buffer: readFileSync(fixture('multipage.pdf')) }]);
    await expect(documentItem(page, 'multipage.pdf')).toContainText('PDF · 3 pages');
    await documentItem(page, 'nest.pdf').locator('.doc__title').click();
    // The page's own text (preview, then result) renders; the formula is shown as its TeX.
    const pane = page.getByTestId('markdown-pane');
    await expect(pane).toContainText('The nested value is', { timeout: 90_000 });
    await expect(pane.locator('.math-unreadable').first()).toContainText('x^{x^{x^{');
    await expect(page.getByTestId('pane-error')).toHaveCount(0);
    await expectAppAlive(page, ['multipage.pdf', 'nest.pdf']);
    await documentItem(page, 'multipage.pdf').locator('.doc__title').click();
    await expect(page.getByRole('img', { name: 'Page 1 of multipage.pdf' })).toBeVisible();
    expect(errors.filter((e) => /call stack/i.test(e))).toEqual([]);
    expect(seen).toEqual({ navigations: [], dialogs: [] });
  });

  test('the nesting bomb through ?src= does not blank the app', async ({ page }) => {
    test.setTimeout(120_000);
    await preferWasm(page);
    await openApp(page, `?src=${encodeURIComponent(`${origin}/docs/nest.pdf`)}`);
    await expect(documentItem(page, 'nest.pdf')).toContainText('PDF · 1 page');
    await expect(page.getByTestId('markdown-pane')).toContainText('The nested value is', { timeout: 90_000 });
    await expectAppAlive(page, ['nest.pdf']);
  });

  test('a ?src= link with a stray % opens, named as written', async ({ page }) => {
    await openApp(page, `?src=${origin}/docs/100%.pdf`);
    await expect(documentItem(page, '100%.pdf')).toContainText('PDF · 3 pages');
  });

  test('a ?src= link that cannot be opened says so', async ({ page }) => {
    await openApp(page, `?src=${encodeURIComponent('http://127.0.0.1:1/%zz.pdf')}`);
    await expect(page.getByRole('alert')).toContainText('Could not load');
  });

  test('no other site can frame the app', async ({ page, request }) => {
    const headers = (await request.get('./')).headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    await page.goto(`${origin}/frame.html`);
    await page.waitForTimeout(3000);
    const framed = page.frames().find((f) => f !== page.mainFrame())!;
    expect(framed).toBeTruthy();
    // Refused: the frame holds the browser's error page, not the app.
    expect(await framed.getByRole('button', { name: 'Open files…' }).count()).toBe(0);
    expect(framed.url()).not.toMatch(/^http:\/\/127\.0\.0\.1/);
  });

  test('each hostile file ends in a page or a message naming it; no blank app, no navigation; the next file converts', async ({ page }) => {
    test.setTimeout(600_000);
    await preferWasm(page);
    await openApp(page);
    const seen = watch(page);
    const files: Dropped[] = [
      { name: 'nest.pdf', mimeType: 'application/pdf', buffer: nestingBombPdf() },
      { name: 'longline.pdf', mimeType: 'application/pdf', buffer: longLinePdf() },
      { name: 'garbage.pdf', mimeType: 'application/pdf', buffer: garbagePdf() },
      { name: 'empty.webp', mimeType: 'image/webp', buffer: emptyWebp() },
      { name: 'claim-30000.png', mimeType: 'image/png', buffer: pngClaiming(30000) },
      { name: 'injection.pdf', mimeType: 'application/pdf', buffer: injectionPdf() },
    ];
    const opened: string[] = [];
    for (const file of files) {
      await dropFiles(page, [file]);
      opened.push(file.name);
      await expectSettled(page, file.name, 60_000);
      await expectAppAlive(page, opened);
    }
    // The injection page: nothing that runs, loads or navigates made it into the pane.
    await documentItem(page, 'injection.pdf').locator('.doc__title').click();
    const pane = page.getByTestId('markdown-pane');
    await expect(pane).toContainText('evil.example', { timeout: 60_000 });
    expect(await pane.locator('map, area, form, meta, base, script, svg, iframe, [target="_top"], [target="_self"]').count()).toBe(0);
    await pane.click({ position: { x: 20, y: 20 } });

    const good = makePdf([{ width: 595, height: 842, text: 'Still converts after all that.', fontSize: 18 }]);
    await dropFiles(page, [{ name: 'after.pdf', mimeType: 'application/pdf', buffer: good }]);
    await expect(documentItem(page, 'after.pdf').getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 300_000 });
    await documentItem(page, 'after.pdf').locator('.doc__title').click();
    await expect(page.getByTestId('markdown-rendered')).toContainText('Still converts after all that.');
    await expectAppAlive(page, [...opened, 'after.pdf']);
    expect(seen).toEqual({ navigations: [], dialogs: [] });
  });

  const ORIGINALS = new URL('../../shared/hostile/', import.meta.url);
  // operator_list_cycle.pdf crashes the tab after ~90 s and deep-q.pdf fails its page only after 90 s: both
  // are pdf.js limits, fixed on the CLI / core side (pdf.js 6, a per-page limit); they take far over 60 s here.
  const SLOW = new Set(['operator_list_cycle.pdf', 'deep-q.pdf']);
  const originals = existsSync(ORIGINALS) ? readdirSync(ORIGINALS).filter((f) => /\.(pdf|png|webp|jpe?g)$/i.test(f) && !SLOW.has(f)) : [];

  test('the reproductions in shared/hostile/ each end in a page or a message, the UI stays responsive', async ({ page }) => {
    test.skip(originals.length === 0, 'shared/hostile/ is not here');
    test.setTimeout(900_000);
    await page.addInitScript(() => {
      const w = window as unknown as { longestTask: number };
      w.longestTask = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longestTask = Math.max(w.longestTask, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await preferWasm(page);
    await openApp(page);
    const seen = watch(page);
    const opened: string[] = [];
    for (const name of originals) {
      const buffer = readFileSync(new URL(name, ORIGINALS));
      const mimeType = name.endsWith('.pdf') ? 'application/pdf' : name.endsWith('.png') ? 'image/png' : 'image/webp';
      await page.evaluate(() => ((window as unknown as { longestTask: number }).longestTask = 0));
      await dropFiles(page, [{ name, mimeType, buffer }]);
      opened.push(name);
      await expectSettled(page, name, 120_000);
      await expectAppAlive(page, opened);
      if (name === 'inj-longline.pdf') {
        // Its pages' text is shown (preview or result) without holding the UI thread for seconds (it was 6–20 s).
        await expect(page.getByTestId('markdown-pane')).toContainText('The committee met on Tuesday', { timeout: 180_000 });
        const longest = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
        expect(longest).toBeLessThan(3000);
      }
    }
    expect(seen).toEqual({ navigations: [], dialogs: [] });
  });
});
