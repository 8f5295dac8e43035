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
  it('reads two aligned rows, each with its own ∑ and its fractions: a row’s limits and numerators stay in that row', () => {
    // bws_book_ch2.pdf p11: the second row's ∑ stands beside "n(n+1)" over 2, its base near the numerator's;
    // the first row's lower limit lies just above the second row's "k²"
    expect(latexOf('aligned-sums-fractions')).toBe(
      '\\begin{aligned}(n+1)^{3}-1-n-\\frac{3n(n+1)}{2}&=3\\cdot\\sum_{k=1}^{n}k^{2} \\\\ \\frac{1}{3}(n+1)^{3}-\\frac{1}{3}(n+1)-\\frac{n(n+1)}{2}&=\\sum_{k=1}^{n}k^{2}\\end{aligned}',
    );
  });
  it('reads fractions side by side, each numerator on the row of the one beside it', () => {
    // load_v_error.pdf p6 (PLOS ONE, MinionPro and TeX fonts): DC/Dt = ∂C/∂t + ∂C/∂s ∫ Ė ds′
    const f = fixture('fractions-side-by-side') as unknown as { glyphs: Glyph[]; rules: Rule[] };
    expect(formulaLatex(f.glyphs, f.rules)).toBe("\\frac{DC(s,t)}{Dt}=\\frac{\\partial C(s,t)}{\\partial t}+\\frac{\\partial C(s,t)}{\\partial s}\\int_{0}^{s}\\dot{E}(s',t)ds'");
  });
  it('writes dots set a thin space apart on the baseline as \\ldots', () => {
    // bws_book_ch2.pdf p11: "1, 2, 3, 4, . . . , 100"
    expect(latexOf('ellipsis')).toBe('1,2,3,4,\\ldots,100');
  });
  it('leaves dots that touch as typed', () => {
    // badlines.pdf p4: C_E = {E_1, ..., E_M}, its three CMMI10 full stops set with no space between
    const f = fixture('typed-dots') as unknown as { glyphs: Glyph[]; rules: Rule[] };
    expect(formulaLatex(f.glyphs, f.rules)).toBe('C_{E}=\\{E_{1},...,E_{M}\\}');
  });
  it('gives each fraction of aligned rows its own numerator and denominator, a line apart from the next row’s', () => {
    // bws_book_ch2.pdf p23: "= ⅙ [(2n³ + …)]" under "= ⅙ (n+1)(…)", each ⅙'s 6 just over the next row's 1
    expect(latexOf('aligned-sixths')).toBe(
      '\\begin{aligned}\\frac{1}{6}(n+1)(n+2)(2n+3)&=\\frac{1}{6}(n+1)(2n^{2}+7n+6) \\\\ &=\\frac{1}{6}\\left[(2n^{3}+7n^{2}+6n)+(2n^{2}+7n+6)\\right] \\\\ &=\\frac{1}{3}n^{3}+\\frac{3}{2}n^{2}+\\frac{13}{6}n+1\\end{aligned}',
    );
  });
  it('keeps tall parentheses of the extension font on the row as \\left( … \\right), and writes "· · ·" as \\cdots', () => {
    // bws_book_ch2.pdf p16: "= 2 + ( ∑ k ) − 1", the CMEX10 brackets hang from a base far above the row's
    expect(latexOf('tall-parentheses')).toBe('R(n+1)=2+(2+3+\\cdots+n+(n+1))=2+\\left(\\sum_{k=1}^{n+1}k\\right)-1=1+\\sum_{k=1}^{n+1}k');
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
  it('builds a fraction inside another fraction’s denominator first, as one atom of it', () => {
    // 1 over (1 + 1/x): the outer rule 100–160 at y 100, the inner 136–156 at y 122, x under it
    const glyphs = [g('1', 'CMR10', 125, 93), g('1', 'CMR10', 100, 128), g('+', 'CMR10', 114, 128), g('1', 'CMR10', 141, 118, 14, 7), g('x', 'CMMI10', 141, 137, 14, 8)];
    expect(formulaLatex(glyphs, [{ x0: 100, x1: 160, y: 100 }, { x0: 136, x1: 156, y: 122 }])).toBe('\\frac{1}{1+\\frac{1}{x}}');
  });
  it('sets rows after a lone tall brace as cases, each row cut into its cells', () => {
    // |x| = { x  if x ≥ 0 / −x  1 }, the brace one glyph spanning both rows
    const glyphs = [
      g('{', 'CMEX10', 100, 70, 20, 10),
      g('x', 'CMMI10', 115, 90), g('i', 'CMR10', 150, 90, 20, 5), g('f', 'CMR10', 155, 90, 20, 6), g('x', 'CMMI10', 170, 90), g('≥', 'CMSY10', 185, 90, 20, 14), g('0', 'CMR10', 203, 90, 20, 10),
      g('−', 'CMSY10', 115, 116, 20, 14), g('x', 'CMMI10', 129, 116), g('1', 'CMR10', 170, 116, 20, 10),
    ];
    (glyphs[0] as Glyph & { size: number }).size = 40;
    // ("if" stands a word space before x: the space is the text's, \text{if }, as KaTeX draws it.)
    expect(formulaLatex(glyphs, [])).toMatch(/^\\begin\{cases\}x & \\text\{if \}x\\geq 0 \\\\ -x & 1\\end\{cases\}$/);
  });
  it('reads brackets alone on two rows without failing (overrun_on_pg8: the page lost all its math)', () => {
    const glyphs = [g('(', 'CMR10', 100, 100), g(')', 'CMR10', 110, 100), g('[', 'CMR10', 100, 130), g(']', 'CMR10', 110, 130)];
    expect(() => formulaLatex(glyphs, [])).not.toThrow();
  });
  it('keeps brackets of a row on its baseline inside its cell, and a word space beside a text word in the text', () => {
    // f(x) = { x² sin(1/x)  if x ≠ 0 / 0  if x = 0 }: the parentheses on the first row are its cell's
    const glyphs = [
      g('{', 'CMEX10', 100, 70, 20, 10),
      g('s', 'CMR10', 115, 90, 20, 8), g('(', 'CMR10', 123, 90, 20, 6), g('y', 'CMMI10', 129, 90, 20, 9), g(')', 'CMR10', 138, 90, 20, 6),
      g('i', 'CMR10', 160, 90, 20, 5), g('f', 'CMR10', 165, 90, 20, 6), g('x', 'CMMI10', 180, 90),
      g('0', 'CMR10', 115, 116, 20, 10), g('i', 'CMR10', 160, 116, 20, 5), g('f', 'CMR10', 165, 116, 20, 6), g('z', 'CMMI10', 180, 116),
    ];
    (glyphs[0] as Glyph & { size: number }).size = 40;
    expect(formulaLatex(glyphs, [])).toBe('\\begin{cases}s(y) & \\text{if }x \\\\ 0 & \\text{if }z\\end{cases}');
  });
  it('reads two arrow glyphs run together as one long arrow, and relations a thick space apart as two', () => {
    // TeX's \longleftarrow is ← and − overlapping (\joinrel); "x ← −y" sets them 5mu apart
    const arrow = (gap: number) => [g('y', 'CMMI10', 100, 100), g('←', 'CMSY10', 112, 100, 20, 20), g('−', 'CMSY10', 132 + gap, 100, 20, 15), g('x', 'CMMI10', 152 + gap, 100)];
    expect(formulaLatex(arrow(-3), [])).toBe('y\\longleftarrow x');
    expect(formulaLatex(arrow(6), [])).toBe('y\\leftarrow-x');
    // \implies: "=" of cmr and "⇒" of cmsy; \mapsto: cmsy's stem (code "7", no width) at the arrow's start
    expect(formulaLatex([g('A', 'CMMI10', 100, 100), g('=', 'CMR10', 116, 100, 20, 15), g('⇒', 'CMSY10', 128, 100, 20, 20), g('B', 'CMMI10', 152, 100)], [])).toBe('A\\Longrightarrow B');
    expect(formulaLatex([g('x', 'CMMI10', 100, 100), g('7', 'CMSY10', 114, 100, 20, 0), g('→', 'CMSY10', 114, 100, 20, 20), g('y', 'CMMI10', 138, 100)], [])).toBe('x\\mapsto y');
    // Set by pdfTeX a hair after the stem (Palatino's pages: 0.024 size), it is still the arrow's.
    expect(formulaLatex([g('x', 'CMMI10', 100, 100), g('7', 'CMSY10', 114, 100, 20, 0), g('→', 'CMSY10', 114.5, 100, 20, 20), g('y', 'CMMI10', 138, 100)], [])).toBe('x\\mapsto y');
    // A digit 7 of the text before an arrow is a 7.
    expect(formulaLatex([g('7', 'CMR10', 100, 100, 20, 10), g('→', 'CMSY10', 110, 100, 20, 20), g('y', 'CMMI10', 134, 100)], [])).toBe('7\\to y');
  });
  it('sets a script-size label over an arrow as its \\xrightarrow, and over a relation with \\overset', () => {
    const over = (rel: string, font: string) => [g('X', 'CMMI10', 100, 100), g(rel, font, 118, 100, 20, 20), g('f', 'CMMI7', 125, 88, 14, 6), g('Y', 'CMMI10', 142, 100)];
    expect(formulaLatex(over('→', 'CMSY10'), [])).toBe('X\\xrightarrow{f}Y');
    expect(formulaLatex(over('=', 'CMR10'), [])).toBe('X\\overset{f}{=}Y');
    // A superscript on a relation is raised less: it stays a script.
    const sup = [g('X', 'CMMI10', 100, 100), g('∼', 'CMSY10', 118, 100, 20, 16), g('f', 'CMMI7', 134, 92, 14, 6), g('Y', 'CMMI10', 144, 100)];
    expect(formulaLatex(sup, [])).toBe('X\\sim^{f}Y');
  });
  it("joins newtx's mapsto stem and hook, named ↦ and ↩, with the arrow after them, and a long shaft first", () => {
    const stem = (shaft: boolean) => [
      g('𝑥', 'NewTXMI', 100, 100),
      g('↦', 'txsys', 114, 100, 20, 0),
      ...(shaft ? [g('−', 'txsys', 114, 100, 20, 14)] : []),
      g('→', 'txsys', shaft ? 126 : 114, 100, 20, 20),
      g('𝑦', 'NewTXMI', shaft ? 150 : 138, 100),
    ];
    expect(formulaLatex(stem(false), [])).toBe('x\\mapsto y');
    expect(formulaLatex(stem(true), [])).toBe('x\\longmapsto y');
    expect(formulaLatex([g('𝐴', 'NewTXMI', 100, 100), g('↩', 'NewTXMI', 114, 100, 20, 6), g('→', 'txsys', 119, 100, 20, 20), g('𝐵', 'NewTXMI', 143, 100)], [])).toBe('A\\hookrightarrow B');
  });
  it('reads a rule over and one under all of a formula as \\boxed, and a wide rule over a superscript as no \\overline', () => {
    // \boxed{E = mc^2}: its lid is just over the superscript, much wider than it
    const glyphs = [g('E', 'CMMI10', 100, 100, 20, 15), g('=', 'CMR10', 120, 100, 20, 15), g('m', 'CMMI10', 140, 100, 20, 17), g('c', 'CMMI10', 157, 100, 20, 9), g('2', 'CMR7', 166, 92, 14, 7)];
    const lid = { x0: 92, x1: 180, y: 76 };
    const floor = { x0: 92, x1: 180, y: 106 };
    expect(formulaLatex(glyphs, [lid, floor])).toBe('\\boxed{E=mc^{2}}');
    expect(formulaLatex(glyphs, [lid])).toBe('E=mc^{2}');
  });
});
