import { describe, expect, it } from 'vitest';
import { lineTexts } from './read-boxes';

describe('lineTexts', () => {
  it('joins a line’s pieces, as sure and as finished as its least sure piece', () => {
    const read = { texts: ['The first', ' half', 'One piece'], confidence: [0.9, 0.6, 0.8], ended: [true, false, true], steps: [20, 10, 20] };
    expect(lineTexts(read, [0, 0, 1], 2, false)).toEqual({ texts: ['The first half', 'One piece'], confidence: [0.6, 0.8], ended: [false, true], steps: [30, 20] });
  });

  it('cuts the runaway run of a piece read past what its width holds, or to its length bound', () => {
    // old_scans 60_pg1: a two-page spread's "-7-", 9 memory steps wide, read as 20 characters.
    const read = { texts: ['-7-------------------', 'a rule ------', 'unfinished ------'], confidence: [0.5, 0.9, 0.5], ended: [true, true, false], steps: [9, 30, 40] };
    expect(lineTexts(read, [0, 1, 2], 3, false).texts).toEqual(['-7-', 'a rule ------', 'unfinished -']);
    // A formula recognizer's LaTeX is the formula check's to judge.
    expect(lineTexts(read, [0, 1, 2], 3, true).texts).toEqual(read.texts);
  });
});
