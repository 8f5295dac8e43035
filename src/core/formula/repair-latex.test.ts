import { describe, expect, it } from 'vitest';
import { normalizeLatex } from './normalize-latex';
import { repairLatex } from './repair-latex';
import { katexParses } from '../../render/katex-parses';

describe('repairLatex', () => {
  const cases: [string, string][] = [
    ['\\left( a', '\\left (a\\right .'],
    ['a \\right)', 'a'],
    ['\\frac{a}{\\left[ b}', '\\frac {a}{\\left [b\\right .}'],
    ['\\begin{pmatrix} a & b', '\\begin{pmatrix}a&b\\end{pmatrix}'],
    ['\\begin{pmatrix} a \\end{bmatrix}', '\\begin{pmatrix}a\\end{pmatrix}'],
    ['a & b', 'ab'],
    // a column separator inside a brace group or an open \left of an environment's cell
    ['\\begin{aligned}x&=\\frac {a}{&b}\\end{aligned}', '\\begin{aligned}x&=\\frac {a}{b}\\end{aligned}'],
    ['\\begin{cases}\\left (a&b\\right .\\end{cases}', '\\begin{cases}\\left (ab\\right .\\end{cases}'],
    ['x^{2', 'x^{2}'],
    ['\\frac{a', '\\frac {a}{}'],
    ['\\left( \\begin{matrix} a \\right)', '\\left (\\begin{matrix}a\\end{matrix}\\right )'],
    ['\\sqrt{x}}+1', '\\sqrt {x}+1'],
    ['\\int_{a}^{t}^{b} f', '\\int _{a}^{t}{}^{b}f'],
    ['x_{1}^{2}_{3}', 'x_{1}{}_{3}^{2}'],
  ];
  for (const [src, want] of cases) {
    it(`${src} → ${want}, which KaTeX renders`, () => {
      expect(katexParses(src)).toBe(false);
      expect(repairLatex(src)).toBe(want);
      expect(katexParses(want)).toBe(true);
    });
  }

  it('leaves well-formed LaTeX as its normal form', () => {
    for (const s of ['\\left (\\frac {a}{b}\\right )^{2}', '\\begin{cases}x&\\text {if}x>0\\\\0&\\end{cases}', '\\sum _{i=1}^{n}i']) {
      expect(repairLatex(s)).toBe(normalizeLatex(s));
    }
  });
});
