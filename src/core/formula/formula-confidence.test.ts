import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { FORMULA_MIN_CONFIDENCE, sureFormulas, unsureFormulasAsText } from './formula-confidence';

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
