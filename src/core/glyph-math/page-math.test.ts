// Which lines of a page are prose with inline math, and which are display formulas: page excerpts of
// corpus PDFs (test/fixtures/glyph-math/*.json) as text-layer lines and glyphs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { textItemsToLines } from '../text-layer/text-items';
import type { Rule } from './formula-latex';
import { fontClass, runGlyphs, type Glyph, type GlyphRun } from './glyphs';
import type { LayerLine } from '../text-layer/text-items';
import { pageMath } from './page-math';

interface Fixture {
  vt: number[];
  runs: GlyphRun[];
  rules: Rule[];
  /** The glyphs as the operator list draws them, where the fixture has them (glyph-fixture.mjs --drawn). */
  glyphs?: Glyph[];
}
const fixture = (name: string): Fixture => JSON.parse(readFileSync(new URL(`../../../test/fixtures/glyph-math/${name}.json`, import.meta.url), 'utf8'));
const linesOf = (f: Fixture) =>
  textItemsToLines(
    f.runs.map((r) => ({ str: r.str, transform: r.transform, width: r.width, height: Math.hypot(r.transform[2]!, r.transform[3]!), hasEOL: false })),
    f.vt,
  );
const read = (f: Fixture) => pageMath(linesOf(f), runGlyphs(f.runs, f.vt), f.rules);
/** As the page pipeline reads it: the drawn glyphs, or the runs' glyphs without spaces (the operator list draws none). */
const readDrawn = (f: Fixture) => pageMath(linesOf(f), f.glyphs ?? runGlyphs(f.runs, f.vt).filter((g) => g.ch.trim()), f.rules);

describe('pageMath', () => {
  it('writes inline math of a prose line as $…$: math-font letters, and roman digits with a script and a text fraction', () => {
    // bws_book_ch2.pdf p20: "We did check the sum for n = 1 by hand: 1² = ⅙(1)(2)(3). Thus, the fact",
    // where pdf.js cuts the line into three at the fraction's numerator and denominator.
    const lines = read(fixture('inline-text-fraction'));
    expect(lines.map((l) => l.text)).toEqual(['We did check the sum for $n=1$ by hand: $1^{2}=\\frac{1}{6}(1)(2)(3)$. Thus, the fact']);
  });
  it("leaves a list's bullet set in the math font as the line's marker, not math", () => {
    // bws_book_ch2.pdf p2: LaTeX's itemize draws its "•" in CMSY10
    const lines = read(fixture('itemize-bullet'));
    expect(lines.map((l) => l.text)).toEqual(['• Define what an inductive argument is, as well as classify a presented ar-', 'gument as an inductive one or not.']);
  });
  it('takes the digit before a tightly set "×" into the math run ("a 1 × 1 × 1 cube")', () => {
    // bws_book_ch2.pdf p4: a gap wider than two glyphs touching, and no space glyph between "1" and "×" where
    // the glyphs are the drawn ones (the operator list draws no spaces; pdf.js's text runs insert them)
    expect(readDrawn(fixture('tight-times')).map((l) => l.text)).toEqual(['ber in terms of the previous cubic number. Imagine a $1\\times 1\\times 1$ cube, just one']);
  });
  it('reads a formula and the prose after a fill-in blank as one line with inline math', () => {
    // bws_book_ch2.pdf p5: "2³ = 1³ + 3 + ___. Where are there “holes” now?", the blank a rule on the baseline
    const lines = read(fixture('fill-in-blank'));
    expect(lines.map((l) => l.text)).toEqual(['$2^{3}=1^{3}+3$ + . Where are there “holes” now?']);
    expect(lines.some((l) => l.formula)).toBe(false);
  });
  it('writes a text-style ∑ and a fraction whose denominator pdf.js put on a line of its own into the prose line', () => {
    // bws_book_ch2.pdf p17: "that ∑ₖ₌₁ⁿ k = n(n+1)/2, and to represent …", the "2" under the rule a line apart
    // from both prose runs; the limits at the ∑'s side leave no gap before "k"
    expect(readDrawn(fixture('inline-sum-fraction')).map((l) => l.text)).toEqual([
      'that $\\sum_{k=1}^{n}k=\\frac{n(n+1)}{2}$, and to represent the sum we have in the equation above,',
    ]);
  });
  it('takes tall brackets pdf.js put on lines of their own, and the function name before them, into the inline formula', () => {
    // load_v_error.pdf p7 (PLOS ONE caption): "f (s, t) = sin ( s/(T_p v_p) + t/T_p ). The values …", the brackets
    // in the TeX extension font hanging above the caption's line, "sin" in the caption's bold; the name, a math glyph
    // after it, is math, and so the relation before it joins "f (s, t)" to the formula
    const text = readDrawn(fixture('caption-tall-brackets')).map((l) => l.text).join(' ');
    expect(text).toContain('wave, $f(s,t)=\\sin\\left(\\frac{s}{T_{p}v_{p}}+\\frac{t}{T_{p}}\\right)$. The values of the function');
  });
  it('writes a formula set in display style inside a prose line as inline math of that line', () => {
    // bws_book_ch2.pdf p18: "(2) How did we prove that ∑ₖ₌₁ⁿ k = n(n+1)/2 is correct? …", the ∑'s limits and the
    // fraction's parts on lines of their own above and below the line
    expect(readDrawn(fixture('display-sum-in-line')).map((l) => l.text)).toEqual(['(2) How did we prove that $\\sum_{k=1}^{n}k=\\frac{n(n+1)}{2}$ is correct? How was our method']);
  });
  it("does not take a table's rule for a fraction bar between its small rows", () => {
    // badlines.pdf p8: a booktabs table in 8 pt on a page of 10 pt text, its head "Turns" over "Pr" and the rule
    // under the heads running the table's width; a fraction's bar is about as wide as its parts
    const vt = [1, 0, 0, -1, 0, 800];
    const run = (str: string, x: number, y: number, size: number, font = 'Times-Roman'): GlyphRun => ({ str, font, transform: [size, 0, 0, size, x, y], width: str.length * 0.5 * size });
    const runs = [run('A paragraph of body text set in ten point type, like the page around the table.', 80, 760, 10), run('Turns', 200, 700, 8), run('Pr', 200, 690, 8, 'CMMI8')];
    runs.push(run('More body text of the page in its own size, to give the page its body size.', 80, 640, 10));
    const items = runs.map((r) => ({ str: r.str, transform: r.transform, width: r.width, height: r.transform[3]!, hasEOL: false }));
    const lines = textItemsToLines(items, vt);
    const glyphs = runGlyphs(runs, vt).filter((g) => g.ch.trim());
    const bar = (x0: number, x1: number) => [{ x0, x1, y: 800 - 697 }];
    expect(pageMath(lines, glyphs, bar(75, 520)).map((l) => l.text)).toEqual(lines.map((l) => l.text));
    // The same two lines over a bar as wide as they are do make one line.
    expect(pageMath(lines, glyphs, bar(199, 221)).length).toBeLessThan(lines.length);
  });
  it('reads a short run drawn over the start of its line as part of that line, and touching runs as one formula', () => {
    // not_parsing.pdf p6 (Word): "∆ =" (Symbol) drawn over the start of "θ = 0.007º . If is considered …", θ in Times
    const lines = readDrawn(fixture('word-delta-prefix'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toMatch(/^\$\\Delta\\theta=0\.007\$º \. If is considered/);
  });
  it('gives a line with a text fraction the size of its words, not of the numerator it starts with', () => {
    // a pdflatex paragraph: "… the value of $\\frac{a}{b}$ of this term …", the fraction set in 7 pt in 11 pt text
    const lines = readDrawn(fixture('inline-fraction-line'));
    const fraction = lines.find((l) => l.text?.includes('\\frac{a}{b}'))!;
    const plain = lines.find((l) => l.text?.startsWith('data are well behaved'))!;
    expect(fraction.text).toContain('of this term is small');
    expect(fraction.size).toBeCloseTo(plain.size!, 1);
  });

  it('writes no formula that ends in a relation: "Precision(k) =" beside a fraction of words, numbered (1)', () => {
    // failing_pdf_pg9.pdf p3 (Word): the fraction's numerator and denominator are words, which stay text
    const lines = readDrawn(fixture('word-fraction-of-words'));
    expect(lines.some((l) => l.formula)).toBe(false);
    expect(lines.map((l) => l.text).join(' ')).toContain('Precision(k) =');
  });

  it("does not take a fraction's bar under the line beside a formula for a fill-in blank", () => {
    // failing_pdf_pg9.pdf p3 (Word): "PrecisionAVG =" beside "∑ P(k) × label(k)" over "# of positive instances"
    expect(readDrawn(fixture('word-fraction-bar')).map((l) => l.text)).toEqual([
      'computed using Eq. (2) below:',
      'PrecisionAVG =',
      '$\\sum_{k=1}^{n}P(k)\\times$ label(k)',
      '# of positive instances in test set',
      '(2)',
    ]);
  });
  it('without the rule, the text fraction is not rebuilt and its digits stay text', () => {
    const f = fixture('inline-text-fraction');
    f.rules = [];
    const text = read(f).map((l) => l.text).join(' ');
    expect(text).not.toContain('\\frac');
    expect(text).toContain('$n=1$');
  });
  it('writes a fraction set in a prose line as $\\frac$ though its letters are in the text italic', () => {
    // load_v_error.pdf p5 (PLOS ONE): "the curvature variation DC(s,t)/Dt was computed", the fraction in
    // MinionPro-It at script size over and under a rule, its brackets in the journal's TeX symbol font.
    const lines = read(fixture('inline-fraction-italic'));
    expect(lines.map((l) => l.text)).toEqual(['To fully describe the kinematics, the curvature variation $\\frac{DC(s,t)}{Dt}$ was computed in order to']);
    const f = fixture('inline-fraction-italic');
    f.rules = [];
    expect(read(f).map((l) => l.text).join(' ')).not.toContain('$');
  });
  it("gives a formula the lone operator pdf.js's text content put beside it (Word's misplaced '+')", () => {
    // not_parsing.pdf p4: "a(x,y) = u²(x,y) + r²(x,y)", whose "+" the text content places after the last
    // bracket; the operator list draws it between the terms, where the formula is rebuilt from.
    const g = (ch: string, x0: number, font = 'TimesNewRomanPS-ItalicMT', cls: Glyph['cls'] = 'text'): Glyph => ({ ch, font, cls, size: 20, x0, x1: x0 + 10, base: 100, run: 0 });
    const glyphs = [g('a', 100), g('=', 120, 'SymbolMT', 'symbol'), g('b', 140), g('+', 158, 'SymbolMT', 'symbol'), g('c', 172)];
    const line = (text: string, x0: number, x1: number): LayerLine => ({ text, bbox: [x0, 82, x1, 104] });
    const lines = [line('a = b', 100, 150), line('c', 172, 182), line('+', 179, 191)];
    const out = pageMath(lines, glyphs, []);
    expect(out.map((l) => l.formula?.latex)).toEqual(['a=b+c', 'a=b+c', 'a=b+c']);
  });
  it('takes an inline integral whose sign and upper limit pdf.js set on a line of their own into its prose line', () => {
    // newtx's text-style ∫ hangs from a base above the line (txexs: 1.24 sizes deep), its "1" beside it; the "0" under it
    // is on the prose line's run. The sign's line was left at the end of the paragraph.
    const g = (ch: string, x0: number, base: number, font: string, size = 20, depth?: number): Glyph => ({ ch, font, cls: fontClass(font), size, x0, x1: x0 + 0.5 * size, base, run: 0, ...(depth !== undefined && { depth }) });
    const text = (str: string, x0: number) => [...str].map((ch, k) => g(ch, x0 + 10 * k, 100, 'TeXGyreTermesX-Regular'));
    const glyphs = [
      ...text('the value of', 0),
      g('∫', 126, 82, 'QAVBXN+txexs', 20, 1.24), g('1', 138, 86, 'TeXGyreTermesX-Regular', 14),
      g('0', 133, 108, 'TeXGyreTermesX-Regular', 14), g('f', 146, 100, 'NewTXMI'), g('(', 156, 100, 'CMR10'), g('x', 162, 100, 'NewTXMI'), g(')', 172, 100, 'CMR10'),
      g('d', 184, 100, 'NewTXMI'), g('x', 194, 100, 'NewTXMI'), ...text(' of this term', 204),
    ];
    const line = (t: string, x0: number, x1: number, top: number, bottom: number): LayerLine => ({ text: t, bbox: [x0, top, x1, bottom] });
    const lines = [line('the value of', 0, 120, 84, 104), line('∫ 1', 126, 146, 70, 90), line('0 f(x) dx of this term', 133, 334, 84, 110)];
    const out = pageMath(lines, glyphs, []);
    expect(out.map((l) => l.text)).toEqual(['the value of $\\int_{0}^{1}f(x)dx$ of this term']);
  });
  it("gives a formula the wide accent pdf.js's text content set on a line of its own over it", () => {
    // \widehat{xyz}: the text content gives cmex's hat a line of its own, which holds no glyph of the formula (the
    // formula's glyphs here are its letters; that the hat reads as \widehat is formula-latex's to test). Left
    // unmarked, the line kept the formula's block from being written (a block's lines must all be the formula's).
    const g = (ch: string, x0: number, font = 'CMMI10'): Glyph => ({ ch, font, cls: fontClass(font), size: 20, x0, x1: x0 + 10, base: 100, run: 0 });
    const glyphs = [g('x', 100), g('y', 110), g('z', 120), g('+', 136, 'CMR10'), g('A', 152)];
    const line = (text: string, x0: number, x1: number): LayerLine => ({ text, bbox: [x0, 82, x1, 104] });
    const out = pageMath([line('xyz + A', 100, 162), line('ˆ', 102, 128)], glyphs, []);
    expect(out.map((l) => l.formula?.latex)).toEqual(['xyz+A', 'xyz+A']);
  });
  it('marks the lines of a display formula with the LaTeX from its glyphs', () => {
    // bws_book_ch2.pdf p20: ∑ with limits, k², = ⅙ n(n+1)(2n+1) on lines of their own
    const lines = read(fixture('sum-limits-fraction'));
    const formulas = new Set(lines.map((l) => l.formula?.latex));
    expect([...formulas]).toEqual(['\\sum_{k=1}^{n}k^{2}=\\frac{1}{6}n(n+1)(2n+1)']);
  });
  it('leaves a display formula with glyphs the page hides to the recognizer (a √ path painted over its radicand)', () => {
    const f = fixture('sum-limits-fraction');
    const glyphs = runGlyphs(f.runs, f.vt);
    const covered = glyphs.filter((g) => g.ch === '6');
    const lines = pageMath(linesOf(f), glyphs.filter((g) => !covered.includes(g)), f.rules, covered);
    expect(lines.some((l) => l.formula)).toBe(false);
  });
  it('does not take an ornament set as "===" in a text font for a display formula (long_tiny_text 20_pg39)', () => {
    const vt = [1, 0, 0, -1, 0, 800];
    const run = (str: string, y: number, size: number): GlyphRun => ({ str, font: 'Times-Roman', transform: [size, 0, 0, size, 100, y], width: str.length * 0.5 * size });
    const runs = [run('The quiz returns for a second evening of questions', 700, 10), run('===', 670, 18), run('with the team captains of last year', 640, 10)];
    const items = runs.map((r) => ({ str: r.str, transform: r.transform, width: r.width, height: r.transform[3]!, hasEOL: false }));
    const lines = pageMath(textItemsToLines(items, vt), runGlyphs(runs, vt), []);
    expect(lines.some((l) => l.formula)).toBe(false);
    // "a = b" set the same way is a formula: the rule is about the ornament, not about "=".
    runs[1] = run('a = b', 670, 18);
    const withMath = runs.map((r) => ({ str: r.str, transform: r.transform, width: r.width, height: r.transform[3]!, hasEOL: false }));
    expect(pageMath(textItemsToLines(withMath, vt), runGlyphs(runs, vt), []).some((l) => l.formula)).toBe(true);
  });
  it('leaves a page without math as it was', () => {
    const f = fixture('inline-text-fraction');
    f.runs = f.runs.filter((r) => r.font.includes('CMR10')).map((r) => ({ ...r, str: r.str.replace(/[0-9=]/g, 'x') }));
    const items = f.runs.map((r) => ({ str: r.str, transform: r.transform, width: r.width, height: 10, hasEOL: false }));
    const lines = textItemsToLines(items, f.vt);
    expect(pageMath(lines, runGlyphs(f.runs, f.vt), [])).toEqual(lines);
  });
});
