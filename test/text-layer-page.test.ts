// A born-digital PDF page read from its own text layer where it matches the page (text-layer-page.ts), on
// the shipped pack and real PDFs through pdf.js: exact text with a fraction of the decoding; a layer whose
// text does not match the pixels, hidden text, and lines the layer lacks are each handled.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSource, type PageSource } from '../cli/page-source';
import type { TextLine } from '../src/core/layout/types';
import { LAYER_DETECT_SIDE, ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { editDistance } from '../src/core/text/edit-distance';
import { openNodeEngine } from '../src/node/page-ocr';
import type { PageImage, PageResult } from '../src/protocol/page';
import { makePdf } from './support/pdf-maker';

const PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));
const PDF = fileURLToPath(new URL('../e2e/fixtures/text-page.pdf', import.meta.url));

const words = (s: string) => s.replace(/[#*\-]/g, ' ').split(/\s+/).filter(Boolean);
const wordError = (ref: string, md: string) => editDistance(words(ref), words(md)) / words(ref).length;
/** `engine` with its detector's input long sides noted in `sides`. */
function notingDetectorSides(engine: PageEngine, sides: number[]): PageEngine {
  const d = engine.detector;
  const run: typeof d.run = (feeds) => {
    sides.push(Math.max(...feeds.x!.dims.slice(2)));
    return d.run(feeds);
  };
  return { ...engine, detector: { inputNames: d.inputNames, outputNames: d.outputNames, run, release: () => d.release() } };
}

/** A US-letter page of `content` (a content stream, font F1) written to a temporary PDF and opened for `use`. */
async function withMadePage(name: string, content: string, use: (src: PageSource, file: string) => Promise<void>): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'pagemark-made-')), name);
  writeFileSync(file, makePdf([{ width: 612, height: 792, content }]));
  const src = await openSource(file);
  try {
    await use(src, file);
  } finally {
    await src.close();
  }
}

// Every letter moved one place on: the layer of a font whose glyphs map to the wrong characters.
const shifted = (t: string) => t.replace(/[a-y]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1));

describe('a born-digital page with its text layer', () => {
  let engine: PageEngine;
  let source: PageSource;
  let page: PageImage;
  let layer: TextLine[];
  let truth: string;
  let ocr: PageResult;

  beforeAll(async () => {
    engine = await openNodeEngine(PACK, 1);
    source = await openSource(PDF);
    page = await source.render(1);
    layer = (await source.textLines(1)).lines;
    truth = execFileSync('pdftotext', [PDF, '-'], { encoding: 'utf8' });
    ocr = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false });
  }, 180_000);
  afterAll(async () => {
    await source?.close();
    if (engine) await closePageEngine(engine);
  });

  it('takes the text from the layer: exact words, a few lines recognized to check it, the same blocks', async () => {
    const sides: number[] = [];
    const r = await ocrPage(notingDetectorSides(engine, sides), page, 1, { k: 3, dropHeaders: false, ownText: layer });
    // The layer's lines cover the page's ink, so they are the layout's lines: the detector does not look at the
    // page (at most at a crop of ink the text does not account for).
    expect(sides.every((s) => s < LAYER_DETECT_SIDE / 2)).toBe(true);
    expect(r.stats.ownText).toMatchObject({ used: true, lines: layer.length, recognized: 0, numberConflicts: [] });
    expect((r.stats.ownText as { detectedArea: number }).detectedArea).toBeLessThan(0.05);
    expect(wordError(truth, r.markdown)).toBeLessThan(0.01);
    expect(wordError(truth, r.markdown)).toBeLessThanOrEqual(wordError(truth, ocr.markdown));
    // Only the lines checked against the page were decoded.
    expect(r.stats.decoderCalls).toBeLessThan(ocr.stats.decoderCalls / 5);
    expect(r.regions.map((x) => x.type)).toEqual(ocr.regions.map((x) => x.type));
  }, 120_000);

  it('recognizes the page as usual when the layer does not read like the page', async () => {
    const sides: number[] = [];
    const r = await ocrPage(notingDetectorSides(engine, sides), page, 1, { k: 3, dropHeaders: false, ownText: layer.map((l) => ({ ...l, text: shifted(l.text!) })) });
    expect(r.stats.ownText).toMatchObject({ used: false, reason: expect.stringMatching(/does not match the page/) });
    // Detected whole, at the pack's own size, before the page is recognized.
    expect(sides.at(-1)).toBe(engine.detectorSpec.preprocess.maxSide);
    expect(sides.slice(0, -1).every((s) => s < LAYER_DETECT_SIDE / 2)).toBe(true);
    expect(r.markdown).toBe(ocr.markdown);
  }, 120_000);

  it('drops layer text that puts no ink on the page, and recognizes lines the layer lacks', async () => {
    const hidden: TextLine = { bbox: [20, page.height - 60, 600, page.height - 30], text: 'Hidden words no reader sees' };
    const [first, ...rest] = layer;
    const r = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false, ownText: [...rest, hidden] });
    expect(r.markdown).not.toContain('Hidden words');
    expect(r.stats.ownText).toMatchObject({ used: true, lines: rest.length });
    expect((r.stats.ownText as { recognized: number }).recognized).toBeGreaterThanOrEqual(1);
    // The first line, missing from the layer, is read from the pixels and still opens the page.
    expect(words(r.markdown).slice(0, 3)).toEqual(words(first!.text!).slice(0, 3));
  }, 120_000);

  it('checks the lines stating numbers against the pixels and reports digits that differ, keeping the PDF’s text', async () => {
    const content = [
      'BT /F1 14 Tf 40 740 Td (Payment instructions for the order) Tj ET',
      'BT /F1 14 Tf 40 700 Td (Please transfer the amount to the account below) Tj ET',
      'BT /F1 14 Tf 40 660 Td (IBAN DE00 1234 5678 9012 3456 78) Tj ET',
      'BT /F1 14 Tf 40 620 Td (Thank you for your business and your patience) Tj ET',
    ].join('\n');
    await withMadePage('iban.pdf', content, async (src) => {
      const image = await src.render(1);
      const own = (await src.textLines(1)).lines;
      const same = await ocrPage(engine, image, 1, { k: 3, dropHeaders: false, ownText: own });
      expect(same.stats.ownText).toMatchObject({ used: true, numberConflicts: [] });
      expect((same.stats.ownText as { numbersChecked: number }).numbersChecked).toBeGreaterThanOrEqual(1);
      // The text says DE99 where the page shows DE00.
      const lying = own.map((l) => ({ ...l, text: l.text!.replace('DE00', 'DE99') }));
      const r = await ocrPage(engine, image, 1, { k: 3, dropHeaders: false, ownText: lying });
      const conflicts = (r.stats.ownText as { numberConflicts: { text: string; pixels: string }[] }).numberConflicts;
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]!.text).toContain('DE99');
      expect(conflicts[0]!.pixels).toMatch(/DE\s?[0O]{2}/); // what the page shows (0 or its look-alike O)
      expect(r.markdown).toContain('DE99');
    });
  }, 120_000);

  it('leaves out what it reads with doubt where the PDF has no text: boxes over a margin note set sideways', async () => {
    // As a publisher's "Downloaded from …" runs up the margin of a journal's page: the layer's box for sideways text
    // does not cover the detector's boxes over its ink, so they are read from the pixels, letter by stray letter.
    const content = [
      'BT /F1 9 Tf 330 748 Td (Medical Bulletin, 2015, 113:45-58) Tj ET',
      'BT /F1 18 Tf 60 690 Td (Issues to consider for transition to adulthood) Tj ET',
      'BT /F1 11 Tf 60 650 Td (The majority of girls with the syndrome require oestrogen replacement) Tj ET',
      'BT /F1 11 Tf 60 634 Td (from puberty onwards, which is important for adequate feminization,) Tj ET',
      'BT /F1 7 Tf 0 1 -1 0 590 300 Tm (Downloaded from https://example.org/journal/article by a reader on 24 October 2020) Tj ET',
    ].join('\n');
    await withMadePage('margin.pdf', content, async (src, file) => {
      const r = await ocrPage(engine, await src.render(1), 1, { k: 3, dropHeaders: false, ownText: (await src.textLines(1)).lines });
      expect(r.stats.ownText).toMatchObject({ used: true });
      expect((r.stats.ownText as { doubtful?: number }).doubtful).toBeGreaterThanOrEqual(1);
      // Every word of the page is a word the PDF states: none is a stray reading of the note's ink.
      const stated = new Set(words(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })));
      expect(words(r.markdown).filter((w) => !stated.has(w))).toEqual([]);
    });
  }, 120_000);
});
