// The CLI (onnxruntime-node; pdf.js legacy build on @napi-rs/canvas) and the app in Chromium (WASM
// backend; pdf.js on OffscreenCanvas) give the same Markdown for the same file and settings.
//
// Images: both decode to the same pixels, so the whole path is compared, Markdown byte for byte.
// PDFs: the two canvases (Chromium's Skia and @napi-rs/canvas's) still differ on a few glyph edges and
// where content is drawn twice, so the engine input is compared as a measured bound, and the engine
// itself is proven identical on PDF pages by giving the CLI the app's own page images.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { openSource } from '../cli/page-source';
import { editDistance } from '../src/core/text/edit-distance';
import { artifactMissing } from '../test/support/required-artifact';
import { chooseFiles, documentItem, fixture, openApp } from './helpers';

const root = fileURLToPath(new URL('..', import.meta.url));
// The pack the build ships (hash-checked against models/pocket/pack.json at build time).
const shippedPack = join(root, 'dist/models/pocket');
test.skip(artifactMissing(join(shippedPack, 'pack.json'), 'the pocket pack in the build (npm run build)'), 'the build does not ship the pocket pack (npm run build)');

// Not the defaults, so the settings visibly reach both sides.
const SETTINGS = { k: 2, dropHeaders: true } as const;
const PDF = 'multipage.pdf';
const PNG = 'page-image.png';
/** Pixels of a PDF page allowed to differ between the two canvases (measured: 0.006–0.66 % per page). */
const MAX_PDF_PIXEL_DIFF = 0.01;

interface Shot {
  width: number;
  height: number;
  page: number;
  pixels: Buffer;
}

test('CLI and app give the same Markdown for a PNG and for the pages of a PDF', async ({ page }) => {
  test.setTimeout(900_000);
  const out = mkdtempSync(join(tmpdir(), 'pagemark-cli-vs-browser-'));
  // Both recognize every page from its pixels (not the default for PDFs): the two engines are what is compared.
  const cliArgs = ['--pack', shippedPack, '--k', String(SETTINGS.k), '--drop-headers', '--no-own-text'];
  try {
    // The CLI converts while the app does: both files, one .md each in `out`.
    const cli = runCli([fixture(PDF), fixture(PNG), ...cliArgs, '-o', out]);

    await page.addInitScript((s) => {
      localStorage.setItem('pagemark.settings.v1', JSON.stringify({ backend: 'wasm', k: s.k, dropHeaders: s.dropHeaders, pack: { kind: 'default' }, ownText: 'recognize' }));
    }, SETTINGS);
    await capturePageImages(page);
    await openApp(page);
    await chooseFiles(page, [PDF, PNG]);
    await expect(documentItem(page, PDF).getByTestId('doc-progress')).toContainText('3 of 3 pages converted', { timeout: 600_000 });
    await expect(documentItem(page, PNG).getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 120_000 });
    const shots = await engineInputs(page);
    expect(shots.map((s) => s.page).sort()).toEqual([1, 1, 2, 3]);
    const app = { [PDF]: await downloadDocument(page, PDF), [PNG]: await downloadDocument(page, PNG) };
    const { code, stderr } = await cli;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const cliMd = (name: string) => readFileSync(join(out, name.replace(/\.[a-z]+$/, '.md')), 'utf8');

    await test.step('PNG: same engine input, same Markdown', async () => {
      const [mine] = await cliRenders(fixture(PNG));
      expect(pixelDiff(findShot(shots, mine!), mine!.pixels)).toBe(0);
      expect(app[PNG]!.length).toBeGreaterThan(100);
      expect(cliMd(PNG)).toBe(app[PNG]);
    });

    const pdfPages = await cliRenders(fixture(PDF));
    await test.step('PDF: engine input within the measured canvas difference', async () => {
      for (const mine of pdfPages) {
        const diff = pixelDiff(findShot(shots, mine), mine.pixels);
        console.log(`${PDF} page ${mine.page}: ${(100 * diff).toFixed(3)} % of ${mine.width}×${mine.height} pixels differ between the app and the CLI`);
        expect(diff).toBeLessThan(MAX_PDF_PIXEL_DIFF);
      }
      // Reported, not asserted: how far those pixel differences move the text of this recognizer.
      const a = splitPages(cliMd(PDF));
      const b = splitPages(app[PDF]!);
      for (const [n, text] of b.entries()) console.log(`${PDF} page ${n + 1}: character agreement ${(100 * agreement(a[n] ?? '', text)).toFixed(2)} %`);
    });

    await test.step('PDF pages: the CLI given the app’s page images writes the app’s Markdown', async () => {
      const pages = splitPages(app[PDF]!);
      expect(pages).toHaveLength(3);
      const dir = join(out, 'app-pages');
      mkdirSync(dir);
      const files: string[] = [];
      for (let n = 1; n <= 3; n++) {
        const shot = findShot(shots, pdfPages[n - 1]!);
        const file = join(dir, `${PDF}-p${n}.png`);
        writeFileSync(file, await encodePng(shot));
        // PNG is lossless and the CLI does not rescale a 2000-pixel page: the very pixels the app used.
        const [decoded] = await cliRenders(file);
        expect(pixelDiff(shot, decoded!.pixels)).toBe(0);
        files.push(file);
      }
      const r = await runCli([...files, ...cliArgs, '-o', join(out, 'app-pages-md/')]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      for (let n = 1; n <= 3; n++) {
        expect(pages[n - 1]!.length).toBeGreaterThan(50);
        // One page each: `<!-- page 1 -->`, then the page's Markdown exactly as the app wrote it.
        expect(readFileSync(join(out, 'app-pages-md', `${PDF}-p${n}.md`), 'utf8'), `page ${n}`).toBe(`<!-- page 1 -->\n\n${pages[n - 1]}\n`);
      }
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

function runCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'cli/pagemark.mjs'), ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/**
 * Keeps each page image the engine worker receives. The pixels go from the render worker to the engine worker on a
 * port and never pass the page's thread, so the engine worker's ports are watched, from the moment it starts: it
 * loads its pack (seconds) before any page reaches it.
 */
async function capturePageImages(page: Page): Promise<void> {
  page.on('worker', (worker) => {
    if (!/engine/.test(worker.url())) return;
    void worker
      .evaluate(() => {
        const store: Array<{ width: number; height: number; page: number; pixels: Uint8ClampedArray }> = ((self as unknown as { __pageImages: unknown[] }).__pageImages = []);
        // comlink's call message, engine.ocrPage({ image: port, page, … }, listener), comes before its pixels are read.
        let current = 0;
        self.addEventListener('message', (e) => {
          const call = e.data as { path?: string[]; argumentList?: Array<{ value?: { page?: number } }> };
          if (call?.path?.[0] === 'ocrPage') current = call.argumentList?.[0]?.value?.page ?? 0;
        });
        const add = MessagePort.prototype.addEventListener;
        const remove = MessagePort.prototype.removeEventListener;
        const wrapped = new WeakMap<object, EventListener>();
        MessagePort.prototype.addEventListener = function (this: MessagePort, type: string, listener: unknown, options?: unknown) {
          if (type !== 'message' || typeof listener !== 'function') return (add as (...a: unknown[]) => void).call(this, type, listener, options);
          const watch =
            wrapped.get(listener) ??
            function (this: MessagePort, e: Event) {
              const data = (e as MessageEvent).data as { width?: number; height?: number; pixels?: unknown };
              if (data?.pixels instanceof Uint8ClampedArray) store.push({ width: data.width!, height: data.height!, page: current, pixels: data.pixels });
              return (listener as EventListener).call(this, e);
            };
          wrapped.set(listener, watch);
          return (add as (...a: unknown[]) => void).call(this, type, watch, options);
        } as typeof MessagePort.prototype.addEventListener;
        MessagePort.prototype.removeEventListener = function (this: MessagePort, type: string, listener: unknown, options?: unknown) {
          return (remove as (...a: unknown[]) => void).call(this, type, (listener && wrapped.get(listener as object)) ?? listener, options);
        } as typeof MessagePort.prototype.removeEventListener;
      })
      .catch(() => undefined);
  });
}

/** The images the engine read, with their page numbers. */
async function engineInputs(page: Page): Promise<Shot[]> {
  const engine = page.workers().find((w) => /engine/.test(w.url()));
  expect(engine, 'the engine worker is running').toBeDefined();
  const raw = await engine!.evaluate(() =>
    (self as unknown as { __pageImages: Array<{ width: number; height: number; page: number; pixels: Uint8ClampedArray }> }).__pageImages.map(({ pixels, ...size }) => {
      let bin = '';
      for (let i = 0; i < pixels.length; i += 0x8000) bin += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
      return { ...size, b64: btoa(bin) };
    }),
  );
  return raw.map(({ b64, ...s }) => ({ ...s, pixels: Buffer.from(b64, 'base64') }));
}

function findShot(shots: Shot[], mine: { width: number; height: number; page: number }): Shot {
  const shot = shots.find((s) => s.width === mine.width && s.height === mine.height && s.page === mine.page);
  expect(shot, `the app gave the engine a ${mine.width}×${mine.height} image for page ${mine.page}`).toBeDefined();
  return shot!;
}

/** The CLI's page images (its own page source, the same code `pagemark` runs). */
async function cliRenders(file: string): Promise<Array<{ page: number; width: number; height: number; pixels: Uint8ClampedArray }>> {
  const source = await openSource(file);
  try {
    const out = [];
    for (let p = 1; p <= source.pageCount; p++) out.push({ page: p, ...(await source.render(p)) });
    return out;
  } finally {
    await source.close();
  }
}

/** Fraction of pixels whose colour differs at all. */
function pixelDiff(shot: Shot, pixels: Uint8ClampedArray): number {
  expect(shot.pixels.length).toBe(pixels.length);
  let differing = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (shot.pixels[i] !== pixels[i] || shot.pixels[i + 1] !== pixels[i + 1] || shot.pixels[i + 2] !== pixels[i + 2] || shot.pixels[i + 3] !== pixels[i + 3]) differing++;
  }
  return differing / (pixels.length / 4);
}

async function encodePng(shot: Shot): Promise<Buffer> {
  const canvas = createCanvas(shot.width, shot.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(shot.width, shot.height);
  data.data.set(shot.pixels);
  ctx.putImageData(data, 0, 0);
  return canvas.encode('png');
}

async function downloadDocument(page: Page, name: string): Promise<string> {
  await documentItem(page, name).locator('.doc__title').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Document .md' }).click()]);
  expect(file.suggestedFilename()).toBe(name.replace(/\.[a-z]+$/, '.md'));
  return readFileSync((await file.path())!, 'utf8');
}

/** A document .md → each page's Markdown (the app and the CLI both open every page with its marker). */
function splitPages(md: string): string[] {
  const parts = md.split(/^<!-- page \d+ -->\n\n/m);
  expect(parts[0]).toBe('');
  return parts.slice(1).map((p) => p.replace(/\n+$/, ''));
}

/** 1 − edit distance / longer length: how much of the text two readings share, character by character. */
function agreement(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  return 1 - editDistance(a.split(''), b.split('')) / Math.max(a.length, b.length);
}
