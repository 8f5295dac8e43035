// A converted `page` pack (models/seed-tiny: the DeepSeek-OCR / jina-ocr-v1 architecture with random
// weights, sharded ONNX external data, byte-level BPE tokenizer) chosen in Settings — from a URL on
// another origin (CORS) for WASM, as local files for WebGPU (SwiftShader, --enable-unsafe-webgpu).
// Every K must write greedy's Markdown on both backends, the same Markdown the CLI (onnxruntime-node) writes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { documentItem, openApp } from './helpers';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACK = join(ROOT, 'models/seed-tiny');
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-page-pack-'));

/** Another origin serving the pack folder with CORS, like a user's own static host. */
let packServer: Server;
let packUrl = '';
test.beforeAll(async () => {
  packServer = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/seed\//, '');
    if (!readdirSync(PACK).includes(name)) return void res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/octet-stream' }).end(readFileSync(join(PACK, name)));
  });
  await new Promise<void>((r) => packServer.listen(0, '127.0.0.1', r));
  packUrl = `http://127.0.0.1:${(packServer.address() as AddressInfo).port}/seed/`;
});
test.afterAll(async () => {
  await new Promise((r) => packServer?.close(r));
  rmSync(tmp, { recursive: true, force: true });
});

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

/** Opens the app on `backend`, picks seed-tiny from `from`, then reads the page once per K. */
async function readInApp(page: Page, backend: 'wasm' | 'webgpu', from: 'url' | 'files', ks: number[]): Promise<{ markdown: string[]; backend: string[] }> {
  await page.addInitScript((b) => {
    localStorage.setItem('pagemark.settings.v1', JSON.stringify({ backend: b, k: 0, dropHeaders: false, pack: { kind: 'default' } }));
  }, backend);
  await openApp(page);
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await page.getByRole('button', { name: 'Settings' }).click();
  if (from === 'files') {
    await dialog.getByLabel('Choose pack.json and the files it names:').setInputFiles(readdirSync(PACK).map((f) => join(PACK, f)));
    await expect(dialog.getByLabel(/From files on this device/)).toBeChecked();
  } else {
    await dialog.getByLabel(/Model pack URL/).fill(packUrl);
    await dialog.getByRole('button', { name: 'Use' }).click();
    await expect(dialog.getByLabel('From a URL')).toBeChecked();
  }
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
    process.stderr.write(`seed-tiny ${backend} K=${k}: page read in ${((Date.now() - t0) / 1000).toFixed(0)} s${k === ks[0] ? ' (with loading the pack)' : ''}\n`);
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

test('seed-tiny page pack from a URL on WASM: K=0..3 give the CLI’s greedy Markdown', async ({ page }) => {
  test.setTimeout(300_000);
  const greedy = cliMarkdown(0);
  expect(greedy.length).toBeGreaterThan(0);
  const app = await readInApp(page, 'wasm', 'url', [0, 1, 2, 3]);
  expect(app.backend).toEqual(['wasm', 'wasm', 'wasm', 'wasm']);
  for (const [k, md] of app.markdown.entries()) expect(md, `K=${k}`).toBe(greedy);
});

test('seed-tiny page pack from local files on WebGPU (software adapter): K=3 gives greedy’s Markdown @webgpu', async ({ page }) => {
  test.setTimeout(900_000);
  const greedy = cliMarkdown(0);
  const app = await readInApp(page, 'webgpu', 'files', [3]);
  // A WebGPU failure would fall back to WASM and still match: the backend must really be WebGPU.
  expect(app.backend).toEqual(['webgpu']);
  expect(app.markdown[0]).toBe(greedy);
});
