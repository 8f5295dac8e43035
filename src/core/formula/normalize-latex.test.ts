import { describe, expect, it } from 'vitest';
import { latexPieces, normalizeLatex } from './normalize-latex';

describe('normalizeLatex', () => {
  const cases: [string, string][] = [
    ['x^2_i', 'x_{i}^{2}'],
    ['x_i^2', 'x_{i}^{2}'],
    ['\\dfrac12', '\\frac {1}{2}'],
    ['\\tfrac{a}{b+c}', '\\frac {a}{b+c}'],
    ['{a}+b\\,', 'a+b'],
    ['a \\le b \\ge c \\ne d', 'a\\leq b\\geq c\\neq d'],
    ['\\left\\lbrace x \\right\\rbrace', '\\left \\{x\\right \\}'],
    ['\\left\\vert x \\right\\vert', '\\left |x\\right |'],
    ['\\sqrt[3]{x+1}', '\\sqrt [3]{x+1}'],
    ['\\sqrt2', '\\sqrt {2}'],
    ['\\operatorname{sin} x', '\\sin x'],
    ['\\operatorname{rank} A', '\\operatorname {rank}A'],
    ['\\begin{pmatrix} a & b \\\\ c & d \\\\ \\end{pmatrix}', '\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}'],
    ['{}^{14}C', '{}^{14}C'],
    ['{a+b}^2', '{a+b}^{2}'],
    ["f'(x)", "f'(x)"],
    ['\\sum\\limits_{i=1}^n i^2', '\\sum _{i=1}^{n}i^{2}'],
    ['$$E=mc^2$$', 'E=mc^{2}'],
    ['\\[ a \\]', 'a'],
    ['a^{b^c}', 'a^{b^{c}}'],
    ['\\int_0^\\infty e^{-x}\\,dx', '\\int _{0}^{\\infty }e^{-x}dx'],
    ['\\displaystyle\\frac{\\partial f}{\\partial x}', '\\frac {\\partial f}{\\partial x}'],
    ['x \\to \\infty', 'x\\rightarrow \\infty'],
    ['\\bm{\\mu}', '\\boldsymbol {\\mu }'],
    ['\\text{ if } x', '\\text {if}x'],
    ['a \\ldots b', 'a\\dots b'],
  ];
  for (const [src, want] of cases) {
    it(`${src} → ${want}`, () => expect(normalizeLatex(src)).toBe(want));
  }

  it('is idempotent and its pieces concatenate back to it', () => {
    for (const [src] of cases) {
      const n = normalizeLatex(src);
      expect(normalizeLatex(n)).toBe(n);
      expect(latexPieces(n).join('').trimEnd()).toBe(n);
    }
  });

  it('gives control words their space as part of the piece', () => {
    expect(latexPieces('\\frac {a}{b}')).toEqual(['\\frac ', '{', 'a', '}', '{', 'b', '}']);
    expect(latexPieces('\\begin{matrix}a\\end{matrix}')).toEqual(['\\begin{matrix}', 'a', '\\end{matrix}']);
  });

  it('survives unbalanced input', () => {
    expect(normalizeLatex('\\frac{a')).toBe('\\frac {a}{}');
    expect(normalizeLatex('a}}+b')).toBe('a+b');
    expect(normalizeLatex('x^')).toBe('x^{}');
  });
});
