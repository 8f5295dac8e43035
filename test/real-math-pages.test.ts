// Formulas on real born-digital pages (../shared/corpus-olmocr, read at run time, never committed), read from
// the PDFs' own glyphs, no model:
// - large_prompt_hint2: a journal set in Plantin with its math in Linotype's Mathematical Pi, whose subset
//   names its glyphs by number ("H9273" for χ); pdf.js gives their character codes, so "χ²₁" came out as an
//   invisible control byte with "21" beside it;
// - not_parsing p4–p5: Word formulas in Times and Symbol (glyph by glyph, in no reading order).
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPageText } from '../src/core/text-layer/page-text';
import { pagemark } from './support/run-cli';
import { ownTextMarkdown, sharedDir, sharedFile } from './support/shared-pages';

/** A page's own-text lines as the render worker and the CLI read them: text, and display formulas' LaTeX. */
async function pageText(path: string, pageNo: number): Promise<{ texts: string[]; formulas: string[] }> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(sharedFile(path))), verbosity: 0, fontExtraProperties: true }).promise;
  try {
    const page = await doc.getPage(pageNo);
    const { lines } = await readPageText(page, page.getViewport({ scale: 2 }).transform, pdfjs.OPS);
    return { texts: lines.map((l) => l.text ?? ''), formulas: [...new Set(lines.flatMap((l) => ('formula' in l && l.formula ? [(l.formula as { latex: string }).latex] : [])))] };
  } finally {
    await doc.destroy();
  }
}

describe.skipIf(!sharedDir)('real formulas, from the page’s own glyphs', () => {
  it('names Mathematical Pi glyphs by their glyph names: χ²₁ as LaTeX (large_prompt_hint2)', async () => {
    const md = await ownTextMarkdown('corpus-olmocr/large_prompt_hint2.pdf');
    expect(md).toContain('(logistic regression: $\\chi_{1}^{2}=6.91,n=226,p<0.01$; figure 1d)');
    expect(md).toContain('$\\chi_{1}^{2}=59.7');
    expect(md).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  }, 60_000);

  it('writes a function name whose letters have another row’s glyphs between them in x (not_parsing p4, eq. 4)', async () => {
    const { formulas } = await pageText('corpus-olmocr/not_parsing.pdf', 4);
    expect(formulas).toContain('\\varphi(x,y)=\\tan^{-1}\\left[\\frac{\\operatorname{Im}c(x,y)}{\\operatorname{Re}c(x,y)}\\right],');
  });

  it('stops a fraction’s numerator at the formula’s row above, which runs past the rule (not_parsing p4, eq. 5)', async () => {
    const { formulas } = await pageText('corpus-olmocr/not_parsing.pdf', 4);
    expect(formulas.some((f) => /\\varphi_\{1\}\(x,y\) \\\\ &?=\\tan\^\{-1\}\\frac\{\\operatorname\{Re\}/.test(f))).toBe(true);
  });

  it('aligns a chain of rows at their relations, and keeps the equation number after its full stop out (not_parsing p4, eq. 5)', async () => {
    const { formulas } = await pageText('corpus-olmocr/not_parsing.pdf', 4);
    const eq5 = formulas.find((f) => f.includes('\\Delta\\varphi(x,y)'))!;
    expect(eq5).toMatch(/^\\begin\{aligned\}\\Delta\\varphi\(x,y\)&=\\varphi_\{2\}\(x,y\)-\\varphi_\{1\}\(x,y\) \\\\ &=\\tan/);
    expect(eq5).toMatch(/\.\\end\{aligned\}$/);
  });

  it('keeps a glyph the page draws that pdf.js’s text content leaves out (not_parsing p4, the "+" of eq. 2’s a)', async () => {
    const { formulas } = await pageText('corpus-olmocr/not_parsing.pdf', 4);
    expect(formulas).toContain('a(x_{H},y_{H})=u^{2}(x_{H},y_{H})+r^{2}(x_{H},y_{H})');
  });

  it('takes a lone variable before a relation into inline math, and sets math apart from words but not from punctuation (not_parsing p5)', async () => {
    const { texts } = await pageText('corpus-olmocr/not_parsing.pdf', 5);
    const text = texts.join(' ');
    expect(text).toContain('where $k=2\\pi/\\lambda$. Therefore');
    expect(text).toContain('phases, $\\varphi_{1}$ and $\\varphi_{2}$, which');
  });

  it('checks the text layer against the pixels on prose, not on formula pieces, so a page of Word math keeps its own text (not_parsing p5)', async () => {
    // The default conversion: the layer is used only where a few of its lines, recognized, read the same.
    const r = await pagemark(sharedFile('corpus-olmocr/not_parsing.pdf'), '--drop-headers');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\\Delta h\\approx\\frac{\\lambda}{\\Delta\\theta\\sin\\theta}');
  }, 120_000);

  it('aligns a TeX align* chain at its "=" (bws_book_ch2 p8)', async () => {
    const { formulas } = await pageText('corpus-olmocr/bws_book_ch2.pdf', 8);
    expect(formulas).toContain('\\begin{aligned}(n+1)^{3}&=(n+1)\\cdot(n+1)^{2} \\\\ &=(n+1)\\cdot(n^{2}+2n+1) \\\\ &=(n^{3}+2n^{2}+n)+(n^{2}+2n+1) \\\\ &=n^{3}+3n^{2}+3n+1\\end{aligned}');
  });

  it('gives each of two big operators side by side its own limits (failing_pdf_pg9 p7)', async () => {
    const { formulas } = await pageText('corpus-olmocr/failing_pdf_pg9.pdf', 7);
    expect(formulas).toContain('\\sum_{i=1}^{k}\\sum_{j=1}^{l}||q_{ij}-[R_{2}(c_{ij})+t_{2}]||^{2}');
  });

  it('writes a blackboard-bold letter as \\mathbb inside inline math (bug1937438_mml_from_latex)', async () => {
    const { texts } = await pageText('corpus/pdfs/bug1937438_mml_from_latex.pdf', 1);
    expect(texts).toContain('Some inline mathematics involving $x\\in\\mathbb{R}$.');
  });
});
