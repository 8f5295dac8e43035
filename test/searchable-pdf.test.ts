// Searchable-PDF export with the real pdf-lib, read back by the real pdf.js and poppler's pdftotext: the text
// comes back as written, each word where its box is (rotated, cropped and UserUnit pages too), pages with their
// own text or that failed are left alone, images become one-page PDFs, non-Latin text and ligatures round-trip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BBox, PageLine, PageTextLines } from '../src/protocol/page';
import { openSearchablePdf, type SearchableSource } from '../src/export/searchable-pdf';
import type { PageOutcome } from '../src/core/searchable-pdf/layer-plan';
import { greyPng, openPdfjs, scanPdf, type ScanPage } from './support/scan-pdfs';

const FONT = new Uint8Array(readFileSync(fileURLToPath(new URL('../public/fonts/DejaVuSans.ttf', import.meta.url))));
const LONG_SIDE = 1000;

/** The page image size the engine would see for each page (pdf.js viewport, long side LONG_SIDE). */
async function imageSizes(bytes: Uint8Array) {
  const doc = await openPdfjs(bytes);
  const sizes = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const vp = page.getViewport({ scale: LONG_SIDE / Math.max(base.width, base.height) });
    sizes.push({ width: Math.round(vp.width), height: Math.round(vp.height) });
  }
  await doc.destroy();
  return sizes;
}

/** Lines at fixed fractions of the page image. */
function linesOn(size: { width: number; height: number }, texts: string[]): PageTextLines {
  const { width: W, height: H } = size;
  const lines: PageLine[] = texts.map((text, i) => ({ text, bbox: [0.1 * W, (0.15 + 0.08 * i) * H, 0.8 * W, (0.15 + 0.08 * i) * H + 0.03 * H] as BBox }));
  return { width: W, height: H, lines };
}

async function exportPdf(source: SearchableSource, outcomes: PageOutcome[]) {
  const w = await openSearchablePdf(source, FONT);
  for (const o of outcomes) await w.addPage(o);
  return w.save();
}

interface TextRun {
  str: string;
  /** Start and end of the run's baseline on the page image (pixels at LONG_SIDE). */
  start: [number, number];
  end: [number, number];
}

/** pdf.js's text items (it joins words set close together into one run). */
async function readRuns(bytes: Uint8Array, n: number): Promise<TextRun[]> {
  const doc = await openPdfjs(bytes);
  const page = await doc.getPage(n);
  const base = page.getViewport({ scale: 1 });
  const vp = page.getViewport({ scale: LONG_SIDE / Math.max(base.width, base.height) });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [a, b, , , e, f] = item.transform as number[];
    const norm = Math.hypot(a!, b!);
    const start = vp.convertToViewportPoint(e!, f!) as [number, number];
    const end = vp.convertToViewportPoint(e! + (item.width * a!) / norm, f! + (item.width * b!) / norm) as [number, number];
    runs.push({ str: item.str, start, end });
  }
  await doc.destroy();
  return runs;
}

const runWords = (runs: TextRun[]) => runs.flatMap((r) => words(r.str));

/** pdftotext's words with their boxes (-bbox), as boxes on the page image of `size`. */
function bboxWords(bytes: Uint8Array, size: { width: number; height: number }): { text: string; box: BBox }[] {
  const xml = pdftotext(bytes, '-bbox', '-cropbox');
  // Words are placed on the page as shown (turned by /Rotate); the page's size is given unturned.
  const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(xml)!;
  let [pw, ph] = [Number(page[1]), Number(page[2])];
  if (pw > ph !== size.width > size.height) [pw, ph] = [ph, pw];
  const [sx, sy] = [size.width / pw, size.height / ph];
  return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[5]!.replace(/&amp;/g, '&'),
    box: [Number(m[1]) * sx, Number(m[2]) * sy, Number(m[3]) * sx, Number(m[4]) * sy],
  }));
}

const words = (t: string) => t.split(/\s+/).filter(Boolean);

/** Every word pdftotext finds lies in the box of the line it was written for, in the same order. */
function expectWordsInBoxes(bytes: Uint8Array, layer: PageTextLines) {
  const expected = layer.lines.flatMap((l) => words(l.text).map((text) => ({ text, box: l.bbox })));
  const found = bboxWords(bytes, layer);
  expect(found.map((w) => w.text)).toEqual(expected.map((w) => w.text));
  found.forEach((w, i) => {
    const box = expected[i]!.box;
    expect(inside([w.box[0], w.box[1]], box, 2) && inside([w.box[2], w.box[3]], box, 2), `"${w.text}" at ${w.box.map(Math.round)} lies in ${box.map(Math.round)}`).toBe(true);
  });
}

const inside = (p: [number, number], b: BBox, slack: number) => p[0] >= b[0] - slack && p[0] <= b[2] + slack && p[1] >= b[1] - slack && p[1] <= b[3] + slack;

function pdftotext(bytes: Uint8Array, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'pagemark-spdf-'));
  const file = join(dir, 'out.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
}


describe('searchable PDF', () => {
  const TEXT = ['Searchable text from a scanned page', 'second line, with punctuation: 42 %'];

  it('writes text that pdf.js and pdftotext read back, each word inside its box', async () => {
    const bytes = await scanPdf([{ width: 612, height: 792 }]);
    const [size] = await imageSizes(bytes);
    const layer = linesOn(size!, TEXT);
    const out = await exportPdf({ kind: 'pdf', bytes }, [{ page: 1, status: 'done', ownText: false, textLines: layer }]);
    expect(out.report.layered).toEqual([1]);
    expect(out.report.words).toBe(words(TEXT.join(' ')).length);

    expectWordsInBoxes(out.bytes, layer);
    const runs = await readRuns(out.bytes, 1);
    expect(runWords(runs)).toEqual(words(TEXT.join(' ')));
    // Each line starts where its box does and fills it, with the space after its last word.
    const line = layer.lines[0]!.bbox;
    expect(runs[0]!.start[0]).toBeCloseTo(line[0], 0);
    const lastEnd = runs.findLast((r) => Math.abs(r.start[1] - runs[0]!.start[1]) < 1)!.end[0];
    expect(lastEnd).toBeLessThanOrEqual(line[2] + 0.5);
    expect(lastEnd).toBeGreaterThan(line[2] - 0.04 * (line[2] - line[0]));

    expect(words(pdftotext(out.bytes))).toEqual(words(TEXT.join(' ')));
    expect(words(pdftotext(out.bytes, '-raw'))).toEqual(words(TEXT.join(' ')));
  });

  it.each<[string, ScanPage]>([
    ['rotated 90°', { width: 612, height: 792, rotate: 90 }],
    ['rotated 270°', { width: 612, height: 792, rotate: 270 }],
    ['rotated 180°', { width: 500, height: 700, rotate: 180 }],
    ['cropped (CropBox offset)', { width: 612, height: 792, crop: [50, 80, 400, 500] }],
    ['with a UserUnit of 2.5', { width: 300, height: 400, userUnit: 2.5 }],
    ['rotated, cropped and scaled at once', { width: 612, height: 792, rotate: 90, crop: [30, 40, 500, 600], userUnit: 1.5 }],
  ])('puts words in their boxes on a page %s', async (_, spec) => {
    const bytes = await scanPdf([spec]);
    const [size] = await imageSizes(bytes);
    const layer = linesOn(size!, TEXT);
    const out = await exportPdf({ kind: 'pdf', bytes }, [{ page: 1, status: 'done', ownText: false, textLines: layer }]);
    expectWordsInBoxes(out.bytes, layer);
    const runs = await readRuns(out.bytes, 1);
    expect(runWords(runs)).toEqual(words(TEXT.join(' ')));
    const boxOf = (r: TextRun) => layer.lines.find((l) => words(l.text).includes(words(r.str)[0]!))!.bbox;
    for (const r of runs) {
      expect(inside(r.start, boxOf(r), 2) && inside(r.end, boxOf(r), 2), `"${r.str}" lies in its line's box`).toBe(true);
      // It reads left to right on the page as shown.
      expect(r.end[0] - r.start[0]).toBeGreaterThan(0);
      expect(Math.abs(r.end[1] - r.start[1])).toBeLessThan(1);
    }
    expect(words(pdftotext(out.bytes))).toEqual(words(TEXT.join(' ')));
  });

  it('runs the text along a line that stands sideways on the page (a page fed in turned)', async () => {
    const bytes = await scanPdf([{ width: 612, height: 792 }]);
    const [size] = await imageSizes(bytes);
    const { width: W, height: H } = size!;
    const bbox: BBox = [0.1 * W, 0.1 * H, 0.13 * W, 0.8 * H];
    const out = await exportPdf({ kind: 'pdf', bytes }, [{ page: 1, status: 'done', ownText: false, textLines: { width: W, height: H, lines: [{ bbox, text: 'reads bottom to top', turns: 1 }] } }]);
    const runs = await readRuns(out.bytes, 1);
    expect(runWords(runs)).toEqual(['reads', 'bottom', 'to', 'top']);
    for (const w of runs) {
      expect(inside(w.start, bbox, 2) && inside(w.end, bbox, 2)).toBe(true);
      expect(w.start[1] - w.end[1]).toBeGreaterThan(0);
    }
  });

  it('leaves a page with its own text, a failed page and an unread page as they were', async () => {
    const bytes = await scanPdf([{ width: 612, height: 792, ownText: 'Born digital words' }, { width: 612, height: 792 }, { width: 612, height: 792 }, { width: 612, height: 792 }]);
    const sizes = await imageSizes(bytes);
    const out = await exportPdf({ kind: 'pdf', bytes }, [
      { page: 1, status: 'done', ownText: true, textLines: linesOn(sizes[0]!, ['Born digital words']) },
      { page: 2, status: 'failed', ownText: false },
      { page: 3, status: 'done', ownText: false, textLines: linesOn(sizes[2]!, ['Page three was read']) },
    ]);
    expect(out.report).toMatchObject({ pages: 4, layered: [3], ownText: [1], failed: [2], unread: [4] });
    const text = pdftotext(out.bytes).split('\f');
    expect(words(text[0]!)).toEqual(['Born', 'digital', 'words']);
    expect(words(text[1]!)).toEqual([]);
    expect(words(text[2]!)).toEqual(['Page', 'three', 'was', 'read']);
    expect(words(text[3]!)).toEqual([]);
    // Pages left alone keep their content streams as they were.
    const [before, after] = await Promise.all([PDFDocument.load(bytes), PDFDocument.load(out.bytes)]);
    for (const n of [0, 1, 3]) {
      const streams = (d: PDFDocument) => String(d.getPage(n).node.Contents()?.toString());
      expect(streams(after)).toBe(streams(before));
    }
  });

  it('makes a one-page PDF of an image, with the picture at its own resolution and its text', async () => {
    const png = greyPng(900, 1200);
    const out = await exportPdf({ kind: 'png', bytes: png }, [{ page: 1, status: 'done', ownText: false, textLines: linesOn({ width: 750, height: 1000 }, TEXT) }]);
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize().height).toBeCloseTo(842, 0);
    expect(pdftotext(out.bytes)).toContain('Searchable text from a scanned page');
    const images = execFileSync('pdfimages', ['-list', '-'], { input: out.bytes, encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+900\s+1200\b/);
  });

  it('round-trips Greek, Cyrillic, accents and ligatures as the Markdown spells them', async () => {
    const bytes = await scanPdf([{ width: 612, height: 792 }]);
    const [size] = await imageSizes(bytes);
    // The Markdown writes "ﬁ" as "fi" (text-fidelity.ts); the layer holds the same.
    const lines = ['Καλημέρα κόσμε', 'Съешь же ещё этих булок', 'office financière naïve'];
    const out = await exportPdf({ kind: 'pdf', bytes }, [{ page: 1, status: 'done', ownText: false, textLines: linesOn(size!, lines) }]);
    expect(out.report).toMatchObject({ dropped: 0, substituted: 0 });
    expect(words(pdftotext(out.bytes))).toEqual(words(lines.join(' ')));
    expect(runWords(await readRuns(out.bytes, 1))).toEqual(words(lines.join(' ')));
  });

  it('counts characters the font lacks instead of failing, and writes compatible forms', async () => {
    const bytes = await scanPdf([{ width: 612, height: 792 }]);
    const [size] = await imageSizes(bytes);
    const out = await exportPdf({ kind: 'pdf', bytes }, [{ page: 1, status: 'done', ownText: false, textLines: linesOn(size!, ['漢字 mixed Ａ 𝑥 text']) }]);
    expect(out.report).toMatchObject({ dropped: 2, substituted: 2, words: 4 });
    expect(words(pdftotext(out.bytes))).toEqual(['mixed', 'A', 'x', 'text']);
  });

  it('embeds only the glyphs it uses', async () => {
    const bytes = await scanPdf([{ width: 612, height: 792 }]);
    const [size] = await imageSizes(bytes);
    const out = await exportPdf({ kind: 'pdf', bytes }, [{ page: 1, status: 'done', ownText: false, textLines: linesOn(size!, TEXT) }]);
    expect(out.bytes.length - bytes.length).toBeLessThan(60_000);
    expect(execFileSync('pdffonts', ['-'], { input: out.bytes, encoding: 'utf8' })).toMatch(/\+DejaVuSans.*CID TrueType.*yes\s+yes\s+yes/);
  });

  it('exports a 100-page scan with results coming in one page at a time, holding no page but the source', async () => {
    const pages = 100;
    const bytes = await scanPdf(Array.from({ length: pages }, () => ({ width: 612, height: 792 })));
    const size = { width: 1545, height: 2000 };
    const w = await openSearchablePdf({ kind: 'pdf', bytes }, FONT);
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    // Each page's result is made only when the one before is written, as the CLI's page loop makes them.
    for (let p = 1; p <= pages; p++) {
      await w.addPage({ page: p, status: 'done', ownText: false, textLines: linesOn(size, Array.from({ length: 40 }, (_, i) => `page ${p} line ${i} of the long scan`)) });
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    const out = await w.save();
    expect(out.report.layered).toHaveLength(pages);
    // 4,000 lines of operators; one page's pixels at the OCR size alone would be 12 MB.
    expect(peak).toBeLessThan(64 * 2 ** 20);
    const text = pdftotext(out.bytes, '-raw').split('\f');
    expect(words(text[99]!).slice(0, 5)).toEqual(['page', '100', 'line', '0', 'of']);
  });
});
