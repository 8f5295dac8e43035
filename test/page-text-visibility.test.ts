// A PDF page's own text is only what the page shows (src/core/text-layer/drawn-text.ts through readPageText):
// text under a later opaque box or picture, and text in an invisible render mode, is left out, line by line or
// character by character; text under a highlight, or drawn twice (once visibly), stays.
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { readPageText } from '../src/core/text-layer/page-text';
import { makePdf } from './support/pdf-maker';
import { hiddenTextPdf, INVISIBLE, PROSE, redactionPdf, textLines, WHITE, writePdf } from './support/hostile-pdfs';

async function pageLines(pdf: Buffer): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    const { lines } = await readPageText(page, page.getViewport({ scale: 1 }).transform, pdfjs.OPS);
    return lines.map((l) => l.text ?? '');
  } finally {
    await doc.destroy();
  }
}

/** One page whose content stream is `content` (font /F1). */
const page = (content: string) => makePdf([{ width: 612, height: 792, content }]);

describe('page text: only what the page shows', () => {
  it('leaves out a line covered by a black box drawn after it, and keeps the others', async () => {
    const lines = await pageLines(redactionPdf());
    expect(lines.join('\n')).not.toMatch(/123-45|Social security/);
    expect(lines).toEqual(expect.arrayContaining(PROSE));
    expect(lines).toContain('Copies of the minutes were sent to every department head.');
  });

  it('cuts a line around a box that covers part of it', async () => {
    // "Account 4711 0815 closed": a box over the number only (x ≈ 97–140 pt at 12 pt Helvetica).
    const lines = await pageLines(page(`${textLines(['Account 4711 0815 closed today'])}\n0 0 0 rg 96 735 60 20 re f`));
    expect(lines.join(' ')).not.toMatch(/4711|0815/);
    expect(lines.join(' ')).toMatch(/Account/);
    expect(lines.join(' ')).toMatch(/closed today/);
  });

  it('keeps text that a box drawn before it lies under, and text under a translucent or multiplied fill', async () => {
    expect(await pageLines(page(`0.9 0.9 0.9 rg 45 735 480 18 re f 0 0 0 rg\n${textLines(['Shaded cell text'])}`))).toEqual(['Shaded cell text']);
    expect(await pageLines(makePdf([{ width: 612, height: 792, content: textLines(['Highlighted words']), highlights: [[45, 735, 300, 755]] }]))).toEqual(['Highlighted words']);
    const translucent = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /ExtGState << /T 6 0 R >> >> /Contents 4 0 R >>',
      ((s: string) => `<< /Length ${s.length} >>\nstream\n${s}\nendstream`)(`${textLines(['Under a veil'])}\n/T gs 0 0 1 rg 45 735 480 18 re f`),
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Type /ExtGState /ca 0.3 >>',
    ]);
    expect(await pageLines(translucent)).toEqual(['Under a veil']);
  });

  it('keeps text under a picture painted through a soft mask (a glow beside a heading, issue14297.pdf p1)', async () => {
    // A transparency group (a form XObject) painted with a luminosity soft mask over the line's first words.
    const stream = (dict: string, data: string) => `<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream`;
    const masked = (soft: boolean) =>
      writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /ExtGState << /G1 6 0 R >> /XObject << /Fm 7 0 R >> >> /Contents 4 0 R >>',
        stream('', `${textLines(['Consolidated statement of income'])}\n${soft ? '/G1 gs ' : ''}/Fm Do`),
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        '<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G 8 0 R >> >>',
        stream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency >>', '0 0 1 rg 40 735 60 20 re f'),
        stream('/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency /CS /DeviceGray >>', '0.2 g 40 735 60 20 re f'),
      ]);
    expect(await pageLines(masked(true))).toEqual(['Consolidated statement of income']);
    // The same fill without the mask is opaque and hides the words under it.
    expect((await pageLines(masked(false))).join(' ')).not.toMatch(/Consolidated/);
  });

  it('leaves out a line in invisible render mode among visible ones (white text is the ink check’s)', async () => {
    const lines = await pageLines(hiddenTextPdf());
    expect(lines).not.toContain(INVISIBLE);
    expect(lines).toEqual([...PROSE, WHITE]);
  });

  it('keeps text drawn twice, once invisibly and once visibly, at the same place', async () => {
    const twice = `BT 3 Tr /F1 12 Tf 50 700 Td (Printed twice) Tj ET\nBT 0 Tr /F1 12 Tf 50 700 Td (Printed twice) Tj ET\n${textLines(PROSE)}`;
    expect(await pageLines(page(twice))).toContain('Printed twice');
  });
});
