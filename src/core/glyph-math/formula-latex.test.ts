// Formula excerpts of corpus PDFs (pdf.js runs with their fonts, and the rules the page draws), rebuilt
// as LaTeX. Fixtures: test/fixtures/glyph-math/*.json, made from ../shared/corpus* (source named in each).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formulaLatex, type Rule } from './formula-latex';
import { fontClass, runGlyphs, type Glyph, type GlyphRun } from './glyphs';
import { parsesInKatex } from './katex-check';

interface Fixture {
  source: string;
  vt: number[];
  runs: GlyphRun[];
  rules: Rule[];
}
const fixture = (name: string): Fixture => JSON.parse(readFileSync(new URL(`../../../test/fixtures/glyph-math/${name}.json`, import.meta.url), 'utf8'));
const latexOf = (name: string, change?: (f: Fixture) => void) => {
  const f = fixture(name);
  change?.(f);
  return formulaLatex(runGlyphs(f.runs, f.vt), f.rules);
};

describe('formulaLatex on corpus excerpts', () => {
  it('raises smaller glyphs set above the baseline as superscripts, and writes mod as an operator', () => {
    // bug2009627.pdf: 𝑛^𝑝 = 𝑛 mod 𝑝 (Latin Modern Math, "mod" in LMRoman)
    expect(latexOf('superscript-mod')).toBe('n^{p}=n\\bmod p');
  });
  it('lowers smaller glyphs set below the baseline as a subscript', () => {
    // issue11045.pdf: X (CMMI12) with "N P" in CMMI8 below its baseline
    expect(latexOf('subscript')).toBe('X_{NP}');
  });
  it('takes a big operator’s limits from above and below it, and a fraction from the stacks around a rule', () => {
    // bws_book_ch2.pdf p20: CMEX10 ∑ with CMMI7/CMR7 limits, 1 over 6 around a filled rule
    expect(latexOf('sum-limits-fraction')).toBe('\\sum_{k=1}^{n}k^{2}=\\frac{1}{6}n(n+1)(2n+1)');
  });
  it('without the rule there is no fraction: the stacked digits are left unsure', () => {
    expect(latexOf('sum-limits-fraction', (f) => (f.rules = []))).toBeUndefined();
  });
  it('puts what lies under a radical’s rule inside \\sqrt (filled rule, Latin Modern Math)', () => {
    // bug1937438_mml_from_latex.pdf: c = √(a² + b²)
    expect(latexOf('radical-scripts')).toBe('c=\\sqrt{a^{2}+b^{2}}');
  });
  it('reads a radical whose overbar is a stroked line (STIX Two Math), with a script inside', () => {
    // bug1937438_af_from_latex.pdf: √(x²) = |x|
    expect(latexOf('radical-stroked')).toBe('\\sqrt{x^{2}}=|x|');
  });
  it('sets rows of glyphs between tall parentheses as a pmatrix', () => {
    // bug2009627.pdf: ( 1 2 / 3 4 ) in Latin Modern Math
    expect(latexOf('matrix')).toBe('\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix}');
  });
  it('puts an accent glyph over the letter under it', () => {
    // not_parsing.pdf p5 (Word, Times): k̂ with a subscript 0
    expect(latexOf('accent')).toBe('\\hat{k}_{0}');
  });
  it('takes CMSY capitals as calligraphic letters', () => {
    // badlines.pdf p4: ℰ_S (CMSY10 E, CMMI7 S)
    expect(latexOf('calligraphic')).toBe('\\mathcal{E}_{S}');
  });
  it('reads a Word formula from the glyphs the operator list draws: Times italic letters, Symbol’s φ, subscripts, a tall bracket', () => {
    // not_parsing.pdf p4: U(x_H, y_H) = u(x_H, y_H) exp[iφ_u(x_H, y_H)], pdf.js runs spaced out by Word's kerning
    const f = JSON.parse(readFileSync(new URL('../../../test/fixtures/glyph-math/word-symbol-phi.json', import.meta.url), 'utf8')) as { glyphs: Glyph[]; rules: Rule[] };
    expect(formulaLatex(f.glyphs, f.rules)).toBe('U(x_{H},y_{H})=u(x_{H},y_{H})\\exp[i\\phi_{u}(x_{H},y_{H})]');
  });
  it('writes only LaTeX that KaTeX parses', () => {
    for (const name of ['superscript-mod', 'subscript', 'sum-limits-fraction', 'radical-scripts', 'radical-stroked', 'matrix', 'accent', 'calligraphic']) {
      expect(parsesInKatex(latexOf(name)!), name).toBe(true);
    }
  });
  it('is unsure of a glyph it cannot name (a Cambria Math glyph pdf.js maps to a private character)', () => {
    expect(latexOf('subscript', (f) => (f.runs[0]!.str = '𢐀'))).toBeUndefined();
  });
});

// Glyphs set by hand as TeX sets them (CMMI/CMR/CMSY/CMEX at 20 px), for constructs the corpus lacks.
const g = (ch: string, font: string, x0: number, base: number, size = 20, w = 0.55 * size): Glyph => ({ ch, font, cls: fontClass(font), size, x0, x1: x0 + w, base, run: 0 });

describe('formulaLatex on hand-set constructs', () => {
  it('takes a small glyph above-left of a radical as its index', () => {
    // ³√x: "3" in CMR7 over the radical's left arm, x under the rule from the radical's right edge
    const glyphs = [g('3', 'CMR7', 100, 92, 14, 7), g('√', 'CMSY10', 104, 84, 20, 16), g('x', 'CMMI10', 122, 100)];
    expect(formulaLatex(glyphs, [{ x0: 120, x1: 134, y: 84 }])).toBe('\\sqrt[3]{x}');
  });
  it('sets rows after a lone tall brace as cases, each row cut into its cells', () => {
    // |x| = { x  if x ≥ 0 / −x  1 }, the brace one glyph spanning both rows
    const glyphs = [
      g('{', 'CMEX10', 100, 70, 20, 10),
      g('x', 'CMMI10', 115, 90), g('i', 'CMR10', 150, 90, 20, 5), g('f', 'CMR10', 155, 90, 20, 6), g('x', 'CMMI10', 170, 90), g('≥', 'CMSY10', 185, 90, 20, 14), g('0', 'CMR10', 203, 90, 20, 10),
      g('−', 'CMSY10', 115, 116, 20, 14), g('x', 'CMMI10', 129, 116), g('1', 'CMR10', 170, 116, 20, 10),
    ];
    (glyphs[0] as Glyph & { size: number }).size = 40;
    expect(formulaLatex(glyphs, [])).toMatch(/^\\begin\{cases\}x & \\mathrm\{if\}x\\geq 0 \\\\ -x & 1\\end\{cases\}$/);
  });
});
