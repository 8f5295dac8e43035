// The shipped pocket pack reads real text lines: each text-layer line of born-digital fixture pages,
// cropped from the page as the app renders it and read as the page pipeline reads it (wide lines in
// pieces), against the PDF's own text. A regression guard for the weights, their quantization and the
// line preprocessing; the measured numbers live in training/RESULTS.md (npx tsx training/eval-pack.ts).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { textLayerPages } from '../bench/eval/text-layer.mjs';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { readBoxes } from '../src/core/pipeline/read-boxes';
import { editDistance } from '../src/core/text/edit-distance';
import { openNodeEngine } from '../src/node/page-ocr';
import type { BBox } from '../src/protocol/page';
import { renderFirstPage } from './support/line-corpus';

const PAGES = ['fixtures/pages/issue11913.pdf', 'fixtures/pages/issue13242.pdf', 'fixtures/pages/bug1873345.pdf', 'eval-set/fixtures/bitcoin.pdf'].map(
  (p) => fileURLToPath(new URL(p, import.meta.url)),
);
// Measured 2026-11-30 with the shipped pack: 442–443 edits in 12,291 characters (3.6 %), float or int8 encoder. The
// bound leaves room for float differences between machines, not for a broken reader.
const MAX_CER = 0.05;

const norm = (s: string) => s.normalize('NFKC').replace(/[‐-―]/g, '-').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();

describe('pocket pack on real lines', () => {
  let engine: PageEngine;
  beforeAll(async () => {
    engine = await openNodeEngine(fileURLToPath(new URL('../models/pocket', import.meta.url)));
  }, 120_000);
  afterAll(async () => engine && (await closePageEngine(engine)));

  it('reads the text-layer lines of born-digital pages with a low character error rate', async () => {
    let errors = 0;
    let chars = 0;
    let lines = 0;
    for (const pdf of PAGES) {
      const image = await renderFirstPage(pdf);
      // Text-layer boxes in PDF points, scaled to the rendered page's pixels.
      const [layer] = textLayerPages(pdf, { first: 1, last: 1 });
      const scale = image.width / layer.width;
      const kept = (layer.lines as { bbox: BBox; text: string }[])
        .map((l) => ({ text: l.text, bbox: l.bbox.map((v) => v * scale) as BBox }))
        .filter((l) => norm(l.text).length >= 3 && l.bbox[3] - l.bbox[1] >= 6);
      const read = await readBoxes(engine.text, image, kept.map((l) => l.bbox), { k: 3, dropHeaders: false }, 'recognize', engine.text.spec.preprocess.splitWidth ?? 0);
      kept.forEach((l, i) => {
        const ref = [...norm(l.text)];
        errors += editDistance(ref, [...norm(read.texts[i]!)]);
        chars += ref.length;
      });
      lines += kept.length;
    }
    const cer = errors / chars;
    console.log(`pocket pack: ${lines} lines, ${chars} characters, ${errors} edits, CER ${(100 * cer).toFixed(2)} %`);
    expect(lines).toBeGreaterThan(150);
    expect(cer).toBeLessThan(MAX_CER);
  }, 300_000);
});
