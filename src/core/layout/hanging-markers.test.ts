import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { lineUnits } from './hanging-markers';
import type { TextLine } from './types';

const L = (x0: number, y0: number, x1: number, text: string): TextLine => ({ bbox: [x0, y0, x1, y0 + 20] as BBox, text });
const units = (lines: TextLine[]) => lineUnits(lines.map((_, i) => i), (i) => lines[i]!.bbox, lines, 20).map((u) => u.lines);

describe('lineUnits', () => {
  it('reads a hanging marker with the nearest line to its right on its row', () => {
    const lines = [L(100, 100, 120, '12.'), L(136, 100, 600, 'Silk WK. Quantitative descriptions'), L(620, 100, 900, 'a second column'), L(100, 140, 118, '•'), L(140, 138, 500, 'an item')];
    expect(units(lines)).toEqual([[0, 1], [2], [3, 4]]);
  });

  it('leaves a marker alone where no text follows it closely on its row, and text that is no marker', () => {
    const lines = [
      L(100, 100, 120, '3.'),
      L(200, 100, 600, 'two body heights and more away'), // 80 px: past the gap a marker keeps from its text
      L(100, 140, 120, '4.'),
      L(130, 170, 600, 'a row below'),
      L(100, 200, 130, '(1)'), // an equation number is not a marker
      L(140, 200, 600, 'text in the next column'),
    ];
    expect(units(lines)).toEqual([[0], [1], [2], [3], [4], [5]]);
  });
});
