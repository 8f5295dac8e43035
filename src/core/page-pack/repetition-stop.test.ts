import { describe, expect, it } from 'vitest';
import { repetitionCut, trimRepetition } from './repetition-stop';

describe('repetitionCut', () => {
  const rule = { ngram: 3, window: 12 };
  it('finds the newest n-gram recurring inside the window', () => {
    expect(repetitionCut([1, 2, 3, 4, 5, 1, 2, 3], rule)).toBe(5); // drops the second 1 2 3
    expect(repetitionCut([1, 2, 3, 4, 5, 6, 7, 8], rule)).toBeNull();
  });
  it('ignores occurrences that left the window', () => {
    expect(repetitionCut([1, 2, 3, ...Array(20).fill(0).map((_, i) => 10 + i), 1, 2, 3], rule)).toBeNull();
  });
  it('is off for ngram 0', () => {
    expect(repetitionCut([1, 1, 1, 1], { ngram: 0, window: 10 })).toBeNull();
  });
});

describe('trimRepetition', () => {
  it('stops where the first repeated n-gram began', () => {
    expect(trimRepetition([9, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1], { ngram: 3, window: 12 })).toEqual([9, 1, 2, 3]);
  });
  it('leaves loop-free output alone', () => {
    expect(trimRepetition([1, 2, 3, 4, 5], { ngram: 2, window: 10 })).toEqual([1, 2, 3, 4, 5]);
  });
});
