import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { UNSURE_TEXT, blockConfidence, markUnsureText } from './unsure-text';

const block = (type: Block['type'], lines: number[]): Block => ({ type, bbox: [0, 0, 1, 1], lines });

describe('markUnsureText', () => {
  it('marks handwriting read as letter soup and leaves typed lines as text (old_scans 12_pg1, 15_pg1)', () => {
    const texts = ['Coll-/ce, 22.2.14 mor Plurcing Norkerel', 'Cer busolam', 'Very sincerely yours,', 'Confirming my telegram,'];
    const blocks = [block('paragraph', [0, 1]), block('paragraph', [2, 3])];
    const out = markUnsureText(blocks, texts, [0.41, 0.43, 0.9, 0.91]);
    expect(out[0]).toEqual({ ...blocks[0], unsure: true });
    expect(out[1]).toBe(blocks[1]);
  });

  it('weighs each line by its length: a long sure line outweighs a short doubtful one', () => {
    const texts = ['2.', 'There is a great chain of world events coming together here'];
    expect(blockConfidence([0, 1], texts, [0.2, 0.9])).toBeGreaterThan(UNSURE_TEXT);
    expect(markUnsureText([block('paragraph', [0, 1])], texts, [0.2, 0.9])[0]!.unsure).toBeUndefined();
    // The plain mean (0.55) would have marked it.
    expect((0.2 + 0.9) / 2).toBeLessThan(UNSURE_TEXT);
  });

  it('marks lists, tables and headings too, but not figures, formulas or blocks without text', () => {
    const texts = ['lin they din a luck', 'x^2', '', 'ham>'];
    const blocks = [block('list', [0]), block('table', [0]), block('heading', [0]), block('formula', [1]), block('paragraph', [2]), block('figure', [3])];
    const out = markUnsureText(blocks, texts, [0.3, 0.3, 0.3, 0.3]);
    expect(out.map((b) => b.unsure ?? false)).toEqual([true, true, true, false, false, false]);
  });

  it('keeps a block read exactly at the threshold as text', () => {
    expect(markUnsureText([block('paragraph', [0])], ['word'], [UNSURE_TEXT])[0]!.unsure).toBeUndefined();
  });
});
