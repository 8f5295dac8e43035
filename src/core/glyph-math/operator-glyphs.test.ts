import { describe, expect, it } from 'vitest';
import { operatorGlyphs, type TextOpCodes } from './operator-glyphs';

const OPS: TextOpCodes = {
  save: 10, restore: 11, transform: 12, paintFormXObjectBegin: 74, paintFormXObjectEnd: 75, beginText: 31, setFont: 37,
  setTextMatrix: 42, moveText: 40, setLeadingMoveText: 41, nextLine: 43, setLeading: 36, setCharSpacing: 32, setWordSpacing: 33,
  setHScale: 34, setTextRise: 38, showText: 44, showSpacedText: 45, nextLineShowText: 46, nextLineSetSpacingShowText: 47,
};
// A page 792 points high at scale 1: y flips.
const VT = [1, 0, 0, -1, 0, 792];
const fonts = { F1: { name: 'ABCDEF+CMMI10' }, F2: { name: 'ABCDEF+CMR7' } };
const g = (unicode: string, width = 500) => ({ unicode, width, isSpace: unicode === ' ' });

describe('operatorGlyphs', () => {
  it('places each glyph by its font width, raises a glyph set with a text rise, and restores spacing with the graphics state', () => {
    const list = { fnArray: [] as number[], argsArray: [] as unknown[] };
    const op = (fn: number, args: unknown[] | null = null) => (list.fnArray.push(fn), list.argsArray.push(args));
    op(OPS.beginText);
    op(OPS.setFont, ['F1', 10]);
    op(OPS.setTextMatrix, [[1, 0, 0, 1, 100, 700]]);
    op(OPS.showText, [[g('x', 572)]]);
    op(OPS.setFont, ['F2', 7]);
    op(OPS.setTextRise, [4]);
    op(OPS.showText, [[g('2')]]);
    op(OPS.setTextRise, [0]);
    op(OPS.save);
    op(OPS.setCharSpacing, [5]);
    op(OPS.restore);
    op(OPS.setFont, ['F1', 10]);
    op(OPS.showText, [[-1000, g('y')]]);
    const glyphs = operatorGlyphs(list, OPS, (id) => fonts[id as keyof typeof fonts], VT);
    expect(glyphs.map((x) => [x.ch, x.cls, x.size, +x.x0.toFixed(2), +x.x1.toFixed(2), x.base])).toEqual([
      ['x', 'italic', 10, 100, 105.72, 92],
      ['2', 'roman', 7, 105.72, 109.22, 88],
      // After the script, a kern of one em (TJ −1000) and no character spacing left over from the q … Q.
      ['y', 'italic', 10, 119.22, 124.22, 92],
    ]);
  });
});
