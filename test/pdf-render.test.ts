// pdf.js in Node (the CLI's page source) on made PDFs: what a page shows is what the recognizer gets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSource } from '../cli/page-source';
import { makePdf, type MadePage } from './support/pdf-maker';
import { darkAt } from '../src/core/image/ink';
import type { PageImage } from '../src/protocol/page';

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-render-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function render(name: string, page: MadePage): Promise<PageImage> {
  const file = join(tmp, name);
  writeFileSync(file, makePdf([page]));
  const source = await openSource(file, { longSide: 1200, maxPixels: 4e6, maxDpi: 600 });
  try {
    return await source.render(1);
  } finally {
    await source.close();
  }
}

/** Dark pixels in the band [y0, y1) of the page (image rows). */
function darkIn(page: PageImage, y0: number, y1: number): number {
  const dark = darkAt(page);
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < page.width; x++) if (dark(x, y)) n++;
  return n;
}

describe('pdf.js page renders', () => {
  it('show the text under a highlight painted with a Multiply blend (patches/pdfjs-dist+5.6.205.patch)', async () => {
    // Two lines at 14 pt; the highlight covers the second one, as a highlighting tool flattens it into the page.
    const content = 'BT /F1 14 Tf 72 700 Td (The quick brown fox jumps over the lazy dog.) Tj 0 -24 Td (Pack my box with five dozen liquor jugs.) Tj ET';
    const plain = await render('plain.pdf', { width: 400, height: 760, content });
    const marked = await render('highlighted.pdf', { width: 400, height: 760, content, highlights: [[70, 671, 390, 692]] });
    const scale = plain.height / 760;
    const band = [Math.floor((760 - 694) * scale), Math.ceil((760 - 669) * scale)] as const;
    const letters = darkIn(plain, ...band);
    expect(letters).toBeGreaterThan(500);
    // The letters are as dark as without the highlight, and the highlight is there around them.
    expect(darkIn(marked, ...band)).toBeGreaterThanOrEqual(0.9 * letters);
    const [x, y] = [Math.round(385 * scale), Math.round((760 - 680) * scale)]; // right of the text, inside the highlight
    const at = (y * marked.width + x) * 4;
    expect([...marked.pixels.subarray(at, at + 3)]).not.toEqual([...plain.pixels.subarray(at, at + 3)]);
  });

  it('show text drawn after a soft mask was turned off inside a saved state (@napi-rs/canvas ≥ 1.1)', async () => {
    // A white fill inside q … Q while a soft mask is on, then the mask turned off and black text drawn. pdf.js
    // carries the canvas state across its soft-mask layer by reading the context's fillStyle; a canvas whose
    // fillStyle reads back stale after restore() (@napi-rs/canvas 0.1) made the text white on white.
    const text = 'BT /F1 14 Tf 72 700 Td (The quick brown fox jumps over the lazy dog.) Tj ET';
    const plain = await render('plain-text.pdf', { width: 400, height: 760, content: text });
    const masked = await render('soft-mask.pdf', { width: 400, height: 760, softMask: true, content: `/Sm gs q 1 1 1 rg /Sn gs Q /Sn gs ${text}` });
    const scale = plain.height / 760;
    const band = [Math.floor((760 - 718) * scale), Math.ceil((760 - 694) * scale)] as const;
    const letters = darkIn(plain, ...band);
    expect(letters).toBeGreaterThan(500);
    expect(darkIn(masked, ...band)).toBeGreaterThanOrEqual(0.9 * letters);
  });
});
