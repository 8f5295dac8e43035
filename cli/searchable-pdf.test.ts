// `pagemark FILE --searchable-pdf OUT.pdf` with the pocket pack: a scanned page gets the Markdown's text as an
// invisible layer in the Markdown's order, a born-digital page keeps its own, a page that fails is left as it was.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { plainText } from '../src/core/searchable-pdf/plain-text';
import { LAYER_FONT } from './searchable-output';
import { pagemark } from '../test/support/run-cli';

const root = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-cli-searchable-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));


const SCANNED = ['Harbour records from the spring', 'Ships arrived every week with grain', 'The ledger was kept by the clerk'];

/** A page picture with a few lines of large type, as a 150 dpi scan of a letter page would hold them. */
function scanPng(lines: string[]): Uint8Array {
  GlobalFonts.registerFromPath(LAYER_FONT, 'LayerTestSans');
  const canvas = createCanvas(1275, 1650);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1275, 1650);
  ctx.fillStyle = '#111';
  ctx.font = '44px LayerTestSans';
  lines.forEach((l, i) => ctx.fillText(l, 120, 220 + i * 90));
  return new Uint8Array(canvas.toBuffer('image/png'));
}

/** Page 1 a scan, page 2 born digital, page 3 one that takes pdf.js far longer than the page limit to draw. */
async function mixedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const scan = await doc.embedPng(scanPng(SCANNED));
  doc.addPage([612, 792]).drawImage(scan, { x: 0, y: 0, width: 612, height: 792 });
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText('Typed words of the second page', { x: 72, y: 700, size: 14, font: helvetica });
  const slow = doc.addPage([612, 792]);
  slow.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(`${'q '.repeat(300_000)}\n${'Q '.repeat(300_000)}`)));
  return doc.save();
}

const words = (t: string) => t.split(/\s+/).filter(Boolean);
/** A reader joins a word hyphenated at a line end, as the Markdown does. */
const dehyphenate = (t: string) => t.replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2');

describe('pagemark --searchable-pdf', () => {
  it('writes the Markdown as the scanned page’s text layer, keeps the typed page’s text and leaves the failed page alone', async () => {
    const input = join(tmp, 'mixed.pdf');
    const source = await mixedPdf();
    writeFileSync(input, source);
    const [md, out] = [join(tmp, 'mixed.md'), join(tmp, 'out', 'mixed.searchable.pdf')];
    const r = await pagemark(input, '-o', md, '--searchable-pdf', out, '--page-timeout', '8');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('page 3 could not be converted');
    expect(r.stderr).toContain('mixed.searchable.pdf: 1 of 3 pages given a text layer; 1 kept their own text (2); 1 failed and left as they were (3).');

    const pages = readFileSync(md, 'utf8').split(/<!-- page \d+ -->/).map(plainText);
    const text = execFileSync('pdftotext', ['-raw', out, '-'], { encoding: 'utf8' }).split('\f');
    // The layer holds the Markdown's words in the Markdown's order.
    expect(words(pages[1]!).length).toBeGreaterThan(10);
    expect(words(dehyphenate(text[0]!))).toEqual(words(pages[1]!));
    expect(words(text[1]!)).toEqual(words('Typed words of the second page'));
    expect(words(text[2]!)).toEqual([]);

    const [before, after] = await Promise.all([PDFDocument.load(source), PDFDocument.load(readFileSync(out))]);
    expect(after.getPageCount()).toBe(3);
    for (const n of [1, 2]) expect(String(after.getPage(n).node.Contents())).toBe(String(before.getPage(n).node.Contents()));
  }, 240_000);

  it.each(['scan.png', 'page-image.webp'])('turns an image (%s) into a one-page searchable PDF', async (name) => {
    const input = join(tmp, name);
    writeFileSync(input, name.endsWith('.png') ? scanPng(SCANNED.slice(0, 1)) : readFileSync(join(root, 'e2e/fixtures', name)));
    const out = join(tmp, `${name}.pdf`);
    const r = await pagemark(input, '--searchable-pdf', out);
    expect(r.code).toBe(0);
    const md = plainText(r.stdout);
    expect(words(md).length).toBeGreaterThan(2);
    expect(words(execFileSync('pdftotext', [out, '-'], { encoding: 'utf8' }))).toEqual(words(md));
    expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBe(1);
  }, 240_000);

  it('takes one input file', async () => {
    const r = await pagemark('a.pdf', 'b.pdf', '--searchable-pdf', join(tmp, 'x.pdf'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--searchable-pdf takes one input file');
  });
});
