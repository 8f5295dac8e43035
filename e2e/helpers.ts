// Shared steps for the specs: open files the way a user does, and look at the pixels the app drew.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

export async function openApp(page: Page, query = ''): Promise<void> {
  await page.goto(`./${query}`);
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
}

/** Waits until the service worker has installed the offline copy and controls this tab. */
export async function offlineCopyInstalled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Opens the app again in the same tab (a later visit, served by the installed service worker). */
export async function visitAgain(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pagemark' })).toBeVisible();
}

/** Waits until a model pack is kept whole in the pack store (its manifest goes in last), for offline use. */
export async function packKeptOffline(page: Page, timeout = 180_000): Promise<void> {
  const whole = () =>
    page.evaluate(async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('pagemark-pack:') && (await (await caches.open(key)).match('https://pagemark.invalid/pack.json'))) return true;
      }
      return false;
    });
  await expect.poll(whole, { timeout }).toBe(true);
}

export async function chooseFiles(page: Page, names: string[]): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(names.map(fixture));
}

/** Drops files on the window through a real DataTransfer, as a drag from the desktop does. */
export async function dropFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, data: f.buffer.toString('base64') }));
  await page.evaluate((items) => {
    const dt = new DataTransfer();
    for (const it of items) {
      const bytes = Uint8Array.from(atob(it.data), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], it.name, { type: it.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
  }, payload);
}

export const fileBytes = (name: string, mimeType = 'application/octet-stream') => ({ name, mimeType, buffer: readFileSync(fixture(name)) });

export function documentItem(page: Page, name: string): Locator {
  return page.getByTestId('document').filter({ hasText: name });
}

/** Darkness map of an image, on a coarse grid, computed in the page from the decoded pixels. */
export async function inkStats(image: Locator): Promise<{ width: number; height: number; darkFraction: number }> {
  await expect(image).toBeVisible();
  await image.evaluate((img: HTMLImageElement) => img.decode());
  return image.evaluate((img: HTMLImageElement) => {
    const c = new OffscreenCanvas(img.naturalWidth, img.naturalHeight);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 3 * 128) dark++;
    return { width: c.width, height: c.height, darkFraction: dark / (d.length / 4) };
  });
}

/**
 * Correlation of the ink of the app's page picture with a reference rendering (poppler), over cells
 * a few pixels wide — fine enough that glyph shapes matter, so empty font boxes or blank text fail.
 */
export async function inkCorrelation(image: Locator, referencePng: string, cells = 500): Promise<number> {
  const reference = `data:image/png;base64,${readFileSync(fixture(referencePng)).toString('base64')}`;
  return image.evaluate(
    async (img: HTMLImageElement, { reference, cells }) => {
      const ref = new Image();
      ref.src = reference;
      await ref.decode();
      const grid = (source: HTMLImageElement) => {
        const h = Math.round((cells * source.naturalHeight) / source.naturalWidth);
        const c = new OffscreenCanvas(cells, h);
        const ctx = c.getContext('2d')!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, cells, h);
        ctx.drawImage(source, 0, 0, cells, h);
        const d = ctx.getImageData(0, 0, cells, h).data;
        const out: number[] = [];
        for (let i = 0; i < d.length; i += 4) out.push(255 - (d[i] + d[i + 1] + d[i + 2]) / 3);
        return out;
      };
      const a = grid(img);
      const b = grid(ref);
      const n = Math.min(a.length, b.length);
      const mean = (v: number[]) => v.slice(0, n).reduce((s, x) => s + x, 0) / n;
      const ma = mean(a), mb = mean(b);
      let sab = 0, saa = 0, sbb = 0;
      for (let i = 0; i < n; i++) {
        sab += (a[i] - ma) * (b[i] - mb);
        saa += (a[i] - ma) ** 2;
        sbb += (b[i] - mb) ** 2;
      }
      return sab / Math.sqrt(saa * sbb);
    },
    { reference, cells },
  );
}

/**
 * OCR specs run on the WASM backend: headless Chromium's only WebGPU adapter here is SwiftShader
 * (software), far too slow for whole pages. The WebGPU path has its own tagged spec. `more` sets other
 * settings too.
 */
export async function preferWasm(page: Page, more: Record<string, unknown> = {}): Promise<void> {
  await page.addInitScript((more) => {
    if (!localStorage.getItem('pagemark.settings.v1')) {
      localStorage.setItem('pagemark.settings.v1', JSON.stringify({ backend: 'wasm', k: 3, dropHeaders: false, pack: { kind: 'default' }, ...more }));
    }
  }, more);
}
