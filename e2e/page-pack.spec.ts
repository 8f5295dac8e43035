// A converted `page` pack (models/seed-tiny: the DeepSeek-OCR / jina-ocr-v1 architecture with random
// weights, sharded ONNX external data, byte-level BPE tokenizer) chosen as local files in Settings, run
// by the app on WASM and on WebGPU (SwiftShader, --enable-unsafe-webgpu). Speculative K=3 must write
// greedy's Markdown on both backends, and the CLI (onnxruntime-node) must write the same Markdown.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { documentItem, openApp } from './helpers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACK = join(ROOT, 'models/seed-tiny');
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-page-pack-'));
test.afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A 600×420 page with a heading and text lines: inside one 640 tile, so the app runs the global view only. */
function pagePng(): Buffer {
  const canvas = createCanvas(600, 420);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 600, 420);
  ctx.fillStyle = '#111';
  ctx.font = 'bold 28px sans-serif';
  ctx.fillText('Results of the survey', 40, 60);
  ctx.font = '16px serif';
  for (let i = 0; i < 12; i++) ctx.fillText(`Line ${i + 1}: the quick brown fox jumps over the lazy dog, ${i * 7} times.`, 40, 100 + i * 24);
  return canvas.toBuffer('image/png');
}

const png = pagePng();
const imagePath = join(tmp, 'seed-page.png');
writeFileSync(imagePath, png);

/** Opens the app on `backend`, picks the seed-tiny files as the pack, then reads the page once per K. */
async function readInApp(page: Page, backend: 'wasm' | 'webgpu', ks: number[]): Promise<{ markdown: string[]; backend: string[] }> {
  await page.addInitScript((b) => {
    localStorage.setItem('pagemark.settings.v1', JSON.stringify({ backend: b, k: 0, dropHeaders: false, pack: { kind: 'default' } }));
  }, backend);
  await openApp(page);
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByLabel('Choose pack.json and the files it names:').setInputFiles(readdirSync(PACK).map((f) => join(PACK, f)));
  await expect(dialog.getByLabel(/From files on this device/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  const out = { markdown: [] as string[], backend: [] as string[] };
  for (const k of ks) {
    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog.getByLabel(/Draft tokens per step/).fill(String(k));
    await dialog.getByRole('button', { name: 'Close settings' }).click();
    const name = `page-k${k}.png`;
    await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'image/png', buffer: png });
    const doc = documentItem(page, name);
    const t0 = Date.now();
    await expect(doc.getByTestId('doc-progress')).toContainText('1 of 1 page converted', { timeout: 540_000 });
    process.stderr.write(`seed-tiny ${backend} K=${k}: page read in ${((Date.now() - t0) / 1000).toFixed(0)} s (first page includes loading the pack)\n`);
    await doc.locator('.doc__title').click();
    await page.getByRole('tab', { name: 'Markdown' }).click();
    const raw = page.getByTestId('markdown-raw');
    await expect(raw).toBeVisible();
    out.markdown.push((await raw.textContent()) ?? '');
    out.backend.push((await page.getByTestId('stats').locator('.stat', { hasText: 'Backend' }).locator('dd').textContent()) ?? '');
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
  return out;
}

function cliMarkdown(k: number): string {
  const r = spawnSync(process.execPath, [join(ROOT, 'cli/pagemark.mjs'), '--pack', PACK, '--k', String(k), '--json', imagePath], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout).pages[0].markdown as string;
}

test('seed-tiny page pack from local files: WASM K=0 and K=3 give the CLI’s Markdown', async ({ page }) => {
  test.setTimeout(300_000);
  const greedy = cliMarkdown(0);
  expect(greedy.length).toBeGreaterThan(0);
  const app = await readInApp(page, 'wasm', [0, 3]);
  expect(app.backend).toEqual(['wasm', 'wasm']);
  expect(app.markdown[0]).toBe(greedy);
  expect(app.markdown[1]).toBe(greedy);
});

test('seed-tiny page pack on WebGPU (software adapter): K=3 gives greedy’s Markdown @webgpu', async ({ page }) => {
  test.setTimeout(900_000);
  const greedy = cliMarkdown(0);
  const app = await readInApp(page, 'webgpu', [3]);
  // A WebGPU failure would fall back to WASM and still match: the backend must really be WebGPU.
  expect(app.backend).toEqual(['webgpu']);
  expect(app.markdown[0]).toBe(greedy);
});
