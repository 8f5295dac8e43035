import { describe, expect, it } from 'vitest';
import { latexSymbols, symbolAgreement, textSymbols } from './formula-symbols';

describe('latexSymbols', () => {
  it('lists the letters and digits KaTeX draws, function names spelled out, Greek as letters', () => {
    expect(latexSymbols('\\frac{\\operatorname{Im}c(x,y)}{\\operatorname{Re}c(x,y)}')).toEqual(['I', 'm', 'c', 'x', 'y', 'R', 'e', 'c', 'x', 'y']);
    expect(latexSymbols('\\Delta h\\approx\\frac{\\lambda}{\\Delta\\theta\\sin\\theta}')).toEqual(['Δ', 'h', 'λ', 'Δ', 'θ', 's', 'i', 'n', 'θ']);
    expect(latexSymbols('\\sqrt[3]{x}+\\sum_{k=1}^{n}k^{2}')).toEqual(expect.arrayContaining(['3', 'x', 'k', '1', 'n', '2']));
  });
  it('is undefined for LaTeX KaTeX does not parse', () => {
    expect(latexSymbols('\\frac{1}{')).toBeUndefined();
  });
});

describe('textSymbols', () => {
  it('reads a formula’s glyphs as the same symbols, whichever form of a letter the font drew', () => {
    // Symbol's ∆ (U+2206) and ϕ, Unicode math italic 𝑥, against KaTeX's \Delta, \varphi and x.
    expect(textSymbols('∆ϕ(𝑥, y) = 2')).toEqual(latexSymbols('\\Delta\\varphi(x,y)=2'));
  });
});

describe('symbolAgreement', () => {
  it('is the share of symbols both hold, counted with repeats', () => {
    expect(symbolAgreement(['a', 'b', 'b'], ['b', 'a', 'b'])).toBe(1);
    expect(symbolAgreement(['a', 'b', 'c'], ['a', 'b', 'd'])).toBeCloseTo(2 / 3);
    expect(symbolAgreement(['x'], [])).toBe(0);
  });
});
