// Glyph math through the real pdf.js: a page made like a TeX paper's (body text in one font, math letters
// in CMMI10, scripts in CMR7, a fraction bar drawn as a filled rectangle, an equation number) is read by
// the CLI's page source and laid out as its --own-text-only engine does; its display formula comes out as
// LaTeX written from the glyphs, its inline math as $…$.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSource, type PageSource } from '../cli/page-source';
import { makePdf } from './support/pdf-maker';
import { assembleMarkdown } from '../src/core/assemble/assemble-markdown';
import { glyphFormulaBlocks } from '../src/core/glyph-math/formula-blocks';
import type { MathLine } from '../src/core/glyph-math/page-math';
import { layoutPage } from '../src/core/layout/layout-page';

const FONTS = '/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F2 << /Type /Font /Subtype /Type1 /BaseFont /CMMI10 >> /F3 << /Type /Font /Subtype /Type1 /BaseFont /CMR7 >> /F4 << /Type /Font /Subtype /Type1 /BaseFont /CMR10 >> >>';
const CONTENT = [
  'BT /F1 11 Tf 72 700 Td (The value of) Tj /F2 11 Tf ( x) Tj /F1 11 Tf ( is fixed by the equation below, which) Tj ET',
  'BT /F1 11 Tf 72 686 Td (holds for every value we could want here.) Tj ET',
  // x^2 = a/b, centred, with (1) at the right margin.
  'BT /F2 12 Tf 270 640 Td (x) Tj /F3 8 Tf 7 5 Td (2) Tj /F4 12 Tf 10 -5 Td (=) Tj ET',
  'BT /F2 12 Tf 302 648 Td (a) Tj 0 -17 Td (b) Tj ET',
  'q 0 0 0 rg 300 643.5 10 0.5 re f Q',
  'BT /F4 12 Tf 520 640 Td (\\(1\\)) Tj ET',
  'BT /F1 11 Tf 72 600 Td (Text after the equation goes on as usual, in its own paragraph.) Tj ET',
].join('\n');

// A line with inline math and a word drawn invisibly (render mode 3) over its end: the word is not on the
// page, so the line rebuilt from its glyphs must not say it either.
const HIDDEN = [
  'BT /F1 11 Tf 72 700 Td (Let) Tj /F2 11 Tf ( x) Tj /F1 11 Tf ( be the value we want.) Tj ET',
  'BT 3 Tr /F1 11 Tf 150 700 Td (SECRET) Tj ET',
].join('\n');

let dir: string;
let source: PageSource;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'glyph-math-'));
  const pdf = makePdf([{ width: 612, height: 792, content: CONTENT }]).toString('latin1').replace(/\/Resources << \/Font << (?:\/F\d \d+ 0 R ?)+>>/, `/Resources << ${FONTS}`);
  writeFileSync(join(dir, 'math.pdf'), Buffer.from(pdf, 'latin1'));
  source = await openSource(join(dir, 'math.pdf'));
});
afterAll(() => source?.close());

const withFonts = (content: string) => Buffer.from(makePdf([{ width: 612, height: 792, content }]).toString('latin1').replace(/\/Resources << \/Font << (?:\/F\d \d+ 0 R ?)+>>/, `/Resources << ${FONTS}`), 'latin1');

describe('glyph math on a made PDF through pdf.js', () => {
  it('does not bring invisible text into a line it rebuilds', async () => {
    writeFileSync(join(dir, 'hidden.pdf'), withFonts(HIDDEN));
    const hidden = await openSource(join(dir, 'hidden.pdf'));
    try {
      const { lines } = await hidden.textLines(1);
      const text = lines.map((l) => l.text).join(' ');
      expect(text).toContain('$x$');
      expect(text).toBe('Let $x$ be the value we want.');
    } finally {
      await hidden.close();
    }
  });
  it('marks the display formula on its lines with LaTeX from the glyphs and its equation number', async () => {
    const { lines } = await source.textLines(1);
    const formulas = (lines as MathLine[]).flatMap((l) => (l.formula ? [l.formula] : []));
    expect(formulas.length).toBeGreaterThan(0);
    expect(formulas[0]!.latex).toBe('x^{2}=\\frac{a}{b}');
    expect(formulas[0]!.tag).toBe('1');
    expect(lines.find((l) => l.text?.startsWith('The value of'))?.text).toBe('The value of $x$ is fixed by the equation below, which');
  });
  it('writes the formula block as $$…$$ in the page Markdown', async () => {
    const { lines } = await source.textLines(1);
    const image = await source.render(1);
    const blocks = layoutPage(lines, image);
    const texts = lines.map((l) => l.text ?? '');
    glyphFormulaBlocks(blocks, lines.map((l) => l.bbox), texts, lines);
    const md = assembleMarkdown(blocks, texts, { page: 1, dropHeaders: false }).markdown;
    expect(md).toContain('$$\nx^{2}=\\frac{a}{b}');
    expect(md).toContain('The value of $x$ is fixed');
    expect(md).toContain('Text after the equation goes on as usual');
  });
});
