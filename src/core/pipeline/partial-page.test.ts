import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { lineWindows, partialPage, readingOrderOfLines } from './partial-page';

const block = (type: Block['type'], lines: number[]): Block => ({ type, lines, bbox: [0, 0, 10, 10] });

describe('readingOrderOfLines', () => {
  it('takes lines in block order, then lines no block holds, each once', () => {
    const blocks = [block('heading', [3]), block('paragraph', [0, 1]), block('figure', []), block('paragraph', [1, 5])];
    expect(readingOrderOfLines(blocks, 7)).toEqual([3, 0, 1, 5, 2, 4, 6]);
  });
});

describe('lineWindows', () => {
  it('grows windows by half again, counting each line by its pieces and never splitting a line', () => {
    const order = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const pieces = [1, 1, 2, 1, 1, 1, 3, 1, 1, 1];
    // first 4 pieces: lines 0-2 (4); then 6: lines 3-6 (6); then 9: the rest (3).
    expect(lineWindows(order, pieces, 4)).toEqual([[0, 1, 2], [3, 4, 5, 6], [7, 8, 9]]);
  });

  it('gives one window when the page is smaller than the first', () => {
    expect(lineWindows([2, 0, 1], [1, 1, 1], 16)).toEqual([[2, 0, 1]]);
    expect(lineWindows([], [], 16)).toEqual([]);
  });
});

describe('partialPage', () => {
  const blocks = [block('heading', [0]), block('formula', [1]), block('paragraph', [2, 3]), block('paragraph', [4])];

  it('stops at the first block with a line not yet read, showing a paragraph up to that line', () => {
    const texts = ['Title', 'x^2', 'first half', undefined, 'later'];
    expect(partialPage(blocks, texts, { page: 1, dropHeaders: false }).markdown).toBe('## Title\n\nfirst half');
    expect(partialPage(blocks, ['Title', 'x^2', undefined, 'second half', 'later'], { page: 1, dropHeaders: false }).markdown).toBe('## Title');
  });

  it('shows a list or a table only once all of it is read', () => {
    const list: Block = { ...block('list', [0, 1]), items: [[0], [1]] };
    expect(partialPage([list, block('paragraph', [2])], ['- one', undefined, 'after'], { page: 1, dropHeaders: false }).markdown).toBe('');
    expect(partialPage([list], ['- one', '- two'], { page: 1, dropHeaders: false }).markdown).toBe('- one\n- two');
  });

  it('leaves formula blocks out until the formula recognizer has read them', () => {
    const texts = ['Title', 'x^2', 'first half', 'second half', undefined];
    const part = partialPage(blocks, texts, { page: 1, dropHeaders: false });
    expect(part.markdown).toBe('## Title\n\nfirst half second half');
    expect(part.regions.map((r) => r.type)).toEqual(['heading', 'paragraph']);
  });
});
