import { describe, expect, it } from 'vitest';
import { inlineMath, mathLetter } from './inline-math';

describe('mathLetter', () => {
  it('maps each alphabet of the Mathematical Alphanumeric Symbols to its LaTeX', () => {
    expect(['𝑥', '𝐀', '𝒙', '𝒜', '𝔤', '𝔸', '𝖺', '𝚡', 'ℎ', 'ℝ', '𝛼', '𝛤', '𝜕', '𝝅', '𝟏', '𝟙', '𝑖'].map(mathLetter)).toEqual([
      'x', '\\mathbf{A}', '\\boldsymbol{x}', '\\mathcal{A}', '\\mathfrak{g}', '\\mathbb{A}', '\\mathsf{a}', '\\mathtt{x}', 'h', '\\mathbb{R}',
      '\\alpha', '\\Gamma', '\\partial', '\\boldsymbol{\\pi}', '\\mathbf{1}', '\\mathbb{1}', 'i',
    ]);
    expect(['x', 'α', '1', '='].map(mathLetter)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('inlineMath', () => {
  it('turns runs of math letters, with the operators between them, into $…$', () => {
    expect(inlineMath('Some inline math, let 𝑥 and 𝑦 satisfy 𝑥 > 𝑦.')).toBe('Some inline math, let $x$ and $y$ satisfy $x > y$.');
    expect(inlineMath('for all 𝑥, 𝑦 ∈ ℝ, we have')).toBe('for all $x, y \\in \\mathbb{R}$, we have');
    expect(inlineMath('𝑓(𝑥) = 2𝑥 + 1 holds')).toBe('$f(x) = 2x + 1$ holds');
    expect(inlineMath('where 𝛼 + 𝛽 = 𝜋 and 𝐯 ∈ 𝔤')).toBe('where $\\alpha + \\beta = \\pi$ and $\\mathbf{v} \\in \\mathfrak{g}$');
  });

  it('leaves brackets, operators and numbers that belong to the prose outside', () => {
    expect(inlineMath('(see 𝑥).')).toBe('(see $x$).');
    expect(inlineMath('𝑥, 3 apples')).toBe('$x$, 3 apples');
    expect(inlineMath('the value 𝑥 − which')).toBe('the value $x$ − which');
  });

  it('returns text with no math letters unchanged', () => {
    for (const t of ['x > y and 3 + 4 = 7', 'α-helix (π-stacking)', '']) expect(inlineMath(t)).toBe(t);
  });
});
