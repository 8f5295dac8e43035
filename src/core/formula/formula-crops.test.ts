import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import type { Block } from '../layout/types';
import { applyFormulaTexts, formulaCrops } from './formula-crops';

describe('formulaCrops', () => {
  // a paragraph, a two-row display formula (numerator, denominator) with an equation number, a one-line formula
  const boxes: BBox[] = [[10, 10, 500, 30], [200, 50, 260, 70], [190, 72, 270, 92], [480, 60, 500, 80], [150, 120, 300, 140]];
  const texts = ['Some prose here.', 'a+b', 'c', '(3)', 'E=mc2'];
  const blocks: Block[] = [
    { type: 'paragraph', bbox: boxes[0]!, lines: [0] },
    { type: 'formula', bbox: [190, 50, 500, 92], lines: [1, 2, 3] },
    { type: 'formula', bbox: boxes[4]!, lines: [4] },
  ];

  it('reads each formula block as one crop, the union of its boxes without the equation number', () => {
    expect(formulaCrops(blocks, boxes, texts)).toEqual([
      { box: [190, 50, 270, 92], lines: [1, 2] },
      { box: [150, 120, 300, 140], lines: [4] },
    ]);
  });

  it('puts the LaTeX on the first line of the block, empties the others, keeps the number', () => {
    const out = [...texts];
    applyFormulaTexts(out, formulaCrops(blocks, boxes, texts), ['\\frac {a+b}{c}', 'E=mc^{2}']);
    expect(out).toEqual(['Some prose here.', '\\frac {a+b}{c}', '', '(3)', 'E=mc^{2}']);
  });

  it('repairs what KaTeX could not render (an unclosed \\left)', () => {
    const out = [...texts];
    applyFormulaTexts(out, formulaCrops(blocks, boxes, texts), ['\\left (a+b', 'E=mc^{2}']);
    expect(out[1]).toBe('\\left (a+b\\right .');
  });

  it('a lone "(3)" formula line is read, not dropped', () => {
    const b: Block[] = [{ type: 'formula', bbox: boxes[3]!, lines: [3] }];
    expect(formulaCrops(b, boxes, texts)).toEqual([{ box: boxes[3], lines: [3] }]);
  });
});
