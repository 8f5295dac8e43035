// The eval's born-digital check: a page whose text is drawn invisibly (an OCR layer over a scan) is
// not used as ground truth. Small PDFs are written here so each case is exactly what it claims.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { textDrawing } from '../../bench/eval/corpus-pages.mjs';
import { makePdf } from '../support/pdf-maker';

const dir = mkdtempSync(join(tmpdir(), 'pagemark-textdrawing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-page PDF whose page content stream is `content` (Helvetica as F1). */
function writePdf(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, makePdf([{ width: 300, height: 120, content }]));
  return path;
}

const text = (mode: number, s: string, y = 60) => `BT /F1 12 Tf ${mode} Tr 20 ${y} Td (${s}) Tj ET`;

describe('textDrawing', () => {
  it('tells visible text from an invisible (OCR) layer', async () => {
    expect(await textDrawing(writePdf('visible.pdf', text(0, 'Printed words')), 1)).toBe('visible');
    expect(await textDrawing(writePdf('hidden.pdf', text(3, 'Recognized words')), 1)).toBe('invisible');
    expect(await textDrawing(writePdf('clip.pdf', text(7, 'Recognized words')), 1)).toBe('invisible');
    expect(await textDrawing(writePdf('empty.pdf', '0 0 m 100 100 l S'), 1)).toBe('none');
  });

  it('goes by most glyphs, and restores the render mode with the graphics state', async () => {
    const mostlyVisible = `${text(3, 'ab', 90)} ${text(0, 'a much longer printed line', 60)}`;
    expect(await textDrawing(writePdf('mixed.pdf', mostlyVisible), 1)).toBe('visible');
    const restored = `q BT 3 Tr ET Q ${text(0, 'Printed after restore').replace(' 0 Tr', '')}`;
    expect(await textDrawing(writePdf('restored.pdf', restored), 1)).toBe('visible');
    const kept = `BT 3 Tr ET ${text(0, 'Still hidden').replace(' 0 Tr', '')}`;
    expect(await textDrawing(writePdf('kept.pdf', kept), 1)).toBe('invisible');
  });
});
