import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { blankRuns, chooseCuts, splitWideLine } from './line-pieces';

/** A white page with dark "words" (filled rectangles) at the given x ranges, rows 10..30. */
function page(width: number, words: [number, number][], ink = 0, paper = 255): PageImage {
  const height = 40;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(paper);
  for (const [a, b] of words) {
    for (let y = 12; y < 28; y++) {
      for (let x = a; x < b; x++) {
        const i = (y * width + x) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = ink;
      }
    }
  }
  for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255;
  return { width, height, pixels, dpi: 0 };
}

const OPTS = { maxWidth: 480, targetHeight: 48 }; // a 20 px high box: pieces up to 200 px

describe('splitWideLine', () => {
  it('keeps a line that fits', () => {
    const p = page(300, [[10, 60], [70, 150]]);
    const box: BBox = [5, 10, 160, 30];
    expect(splitWideLine(p, box, OPTS)).toEqual([box]);
  });

  it('cuts a wide line only inside word gaps, into pieces no wider than the limit', () => {
    // 12 words of 40 px with 10 px gaps: 590 px of text in a 20 px high box
    const words: [number, number][] = Array.from({ length: 12 }, (_, i) => [5 + i * 50, 45 + i * 50]);
    const p = page(620, words);
    const box: BBox = [0, 10, 610, 30];
    const pieces = splitWideLine(p, box, OPTS);
    expect(pieces.length).toBe(4); // ceil(610 / 200) pieces of about 150 px
    expect(pieces[0]![0]).toBe(0);
    expect(pieces[pieces.length - 1]![2]).toBe(610);
    for (let i = 1; i < pieces.length; i++) {
      const cut = pieces[i]![0];
      expect(pieces[i - 1]![2]).toBe(cut);
      // the cut lies in a gap, never inside a word
      expect(words.some(([a, b]) => cut > a && cut < b)).toBe(false);
    }
    for (const b of pieces) {
      expect(b[1]).toBe(10);
      expect(b[3]).toBe(30);
      expect(b[2] - b[0]).toBeLessThanOrEqual(200);
    }
  });

  it('does not cut through a word when a wide line has no gap', () => {
    const p = page(620, [[5, 600]]);
    const box: BBox = [0, 10, 610, 30];
    expect(splitWideLine(p, box, OPTS)).toEqual([box]);
  });

  it('ignores letter spacing narrower than a word gap', () => {
    // 1 px gaps between 9 px "letters": 0.05 box heights, below the word-gap minimum
    const letters: [number, number][] = Array.from({ length: 60 }, (_, i) => [5 + i * 10, 14 + i * 10]);
    const p = page(620, letters);
    const box: BBox = [0, 10, 610, 30];
    expect(splitWideLine(p, box, OPTS)).toEqual([box]);
  });

  it('finds gaps on faded ink and grey paper', () => {
    const words: [number, number][] = Array.from({ length: 12 }, (_, i) => [5 + i * 50, 45 + i * 50]);
    const p = page(620, words, 150, 215);
    expect(splitWideLine(p, [0, 10, 610, 30], OPTS).length).toBeGreaterThan(1);
  });
});

describe('blankRuns', () => {
  it('reports interior runs of empty columns at least minWidth wide', () => {
    const ink = [0, 0, 3, 0, 0, 0, 2, 0, 1, 0, 0];
    expect(blankRuns(ink, 2)).toEqual([{ start: 3, end: 6 }]);
    expect(blankRuns(ink, 1)).toEqual([
      { start: 3, end: 6 },
      { start: 7, end: 8 },
    ]);
  });
});

describe('chooseCuts', () => {
  it('cuts near equal fractions of the width', () => {
    const gaps = [10, 95, 110, 190, 205, 290].map((c) => ({ start: c - 2, end: c + 2 }));
    expect(chooseCuts(gaps, 300, 100)).toEqual([95, 205]);
  });

  it('prefers a wide word gap near the target to a narrow letter gap on it', () => {
    const gaps = [
      { start: 98, end: 102 }, // letter spacing right at the target
      { start: 110, end: 122 }, // a word space 16 px further
    ];
    expect(chooseCuts(gaps, 200, 100)).toEqual([116]);
  });

  it('goes past a long word to the nearest word space when the stretch holds only gaps inside words (typewriter)', () => {
    // A typed line (old_scans 28_pg1): blank columns around every narrow letter, 6 px; word spaces 25 px. Near the
    // middle only the word "reduction" stands, so the cut that fell between its t and i ("reduct | ion") moves to
    // the space before it.
    const gap = (c: number, w: number) => ({ start: c - w / 2, end: c + w / 2 });
    const gaps = [gap(40, 6), gap(60, 6), gap(100, 25), gap(140, 6), gap(215, 25), gap(250, 6), gap(280, 6), gap(300, 6), gap(320, 6), gap(350, 6), gap(400, 25), gap(500, 25)];
    expect(chooseCuts(gaps, 600, 300)).toEqual([215]);
  });

  it('returns no cut when the width fits', () => {
    expect(chooseCuts([{ start: 40, end: 44 }], 90, 100)).toEqual([]);
  });
});
