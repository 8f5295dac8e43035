import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { agreesWithPage, claimedFormulas, FORMULA_MIN_CONFIDENCE, sureFormulas, unsureFormulasAsText } from './formula-confidence';

describe('sureFormulas', () => {
  it('keeps readings at or above the bar that ended by themselves', () => {
    const read = { confidence: [0.95, FORMULA_MIN_CONFIDENCE, 0.79, 0.99], ended: [true, true, true, false] };
    expect(sureFormulas(read)).toEqual([true, true, false, false]);
  });
});

describe('unsureFormulasAsText', () => {
  const block = (type: Block['type'], lines: number[]): Block => ({ type, bbox: [0, 0, 1, 1], lines });
  it('turns only the formula blocks of unsure crops into paragraphs', () => {
    const blocks = [block('paragraph', [0]), block('formula', [1, 2]), block('formula', [3]), block('heading', [4])];
    const out = unsureFormulasAsText(blocks, [{ box: [0, 0, 1, 1], lines: [1, 2] }]);
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'paragraph', 'formula', 'heading']);
    expect(out[1]!.lines).toEqual([1, 2]);
    expect(blocks[1]!.type).toBe('formula'); // the layout's own blocks are not changed
  });
});

describe('claimed formulas on a page with its own text', () => {
  // The recognizer's confident reading of ∫ₐᵇ f(x)dx = F(b) − F(a) on a real web page of famous equations.
  const nonsense = '\\int_a^1 ids\\propto -F(b-F)\\cap\\lim_{h\\to0^+}';
  const glyphs = '∫ b a f ( x ) dx = F ( b ) − F ( a )';
  it('refuses a sure reading that writes other letters and digits than the page’s glyphs there', () => {
    expect(agreesWithPage(nonsense, glyphs)).toBe(false);
    expect(agreesWithPage('\\int_{a}^{b}f(x)dx=F(b)-F(a)', glyphs)).toBe(true);
    // Too little text to judge by: the reading stands.
    expect(agreesWithPage('\\alpha', '( )')).toBe(true);
  });
  it('claims only sure readings, and where the page has its own text, only those that agree with it', () => {
    const read = { texts: [nonsense, '\\int_{a}^{b}f(x)dx=F(b)-F(a)', 'x^2'], confidence: [0.95, 0.9, 0.5], ended: [true, true, true] };
    const crops = [{ box: [0, 0, 1, 1] as [number, number, number, number], lines: [0] }, { box: [0, 2, 1, 3] as [number, number, number, number], lines: [1, 2] }, { box: [0, 4, 1, 5] as [number, number, number, number], lines: [3] }];
    const page = [glyphs, '∫ b a f ( x ) dx', '= F ( b ) − F ( a )', 'x 2'];
    expect(claimedFormulas(read, crops, page)).toEqual([false, true, false]);
    expect(claimedFormulas(read, crops)).toEqual([true, true, false]);
  });
});
