// Export → Searchable PDF in the built app (WASM backend): a scanned page gets the Markdown's text as an
// invisible layer, a typed page keeps its own; pdftotext reads the downloaded file back.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { plainText } from '../src/core/searchable-pdf/plain-text';
import { documentItem, dropFiles, openApp, preferWasm } from './helpers';

const FONT = new URL('../public/fonts/DejaVuSans.ttf', import.meta.url).pathname;

/** Page 1: a picture of two lines of type (a scan, no text of its own); page 2: typed text. */
async function scanThenTyped(): Promise<Buffer> {
  GlobalFonts.registerFromPath(FONT, 'ScanSans');
  const canvas = createCanvas(1275, 600);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1275, 600);
  ctx.fillStyle = '#111';
  ctx.font = '44px ScanSans';
  ctx.fillText('Scanned minutes of the meeting', 100, 200);
  ctx.fillText('The budget was approved in May', 100, 290);
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(canvas.toBuffer('image/png'));
  doc.addPage([612, 288]).drawImage(picture, { x: 0, y: 0, width: 612, height: 288 });
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 288]).drawText('Typed appendix page', { x: 72, y: 200, size: 18, font: helvetica });
  return Buffer.from(await doc.save());
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

const words = (t: string) => t.split(/\s+/).filter(Boolean);

test('exports a searchable PDF: the scan gets the Markdown as its text, the typed page keeps its own', async ({ page }) => {
  test.setTimeout(300_000);
  await preferWasm(page);
  await openApp(page);
  await dropFiles(page, [{ name: 'minutes.pdf', mimeType: 'application/pdf', buffer: await scanThenTyped() }]);
  await expect(documentItem(page, 'minutes.pdf').getByTestId('doc-progress')).toContainText('2 of 2 pages converted', { timeout: 240_000 });

  const markdown = (await download(page, 'Document .md')).bytes.toString('utf8');
  const scanned = plainText(markdown.split(/<!-- page \d+ -->/)[1]!);
  expect(words(scanned).length).toBeGreaterThan(5);

  const pdf = await download(page, 'Searchable PDF');
  expect(pdf.name).toBe('minutes.searchable.pdf');
  await expect(page.getByTestId('searchable-pdf-status')).toContainText('1 of 2 pages given a text layer; 1 kept their own text (2).');
  const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf.bytes, encoding: 'utf8' }).split('\f');
  expect(words(text[0]!)).toEqual(words(scanned));
  expect(words(text[1]!)).toEqual(['Typed', 'appendix', 'page']);
  expect(execFileSync('pdffonts', ['-'], { input: pdf.bytes, encoding: 'utf8' })).toContain('PGMARK+DejaVuSans');
});
