import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { mulberry32 } from '../random/mulberry32';
import { blankRuns, chooseCuts, splitWideLine, wordSpaceWidth } from './line-pieces';

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

describe('splitWideLine on a typed line', () => {
  /** A typed line in a 20 px box: 8 px letters 4 px apart, words `spacing` px apart; returns the word spaces. */
  function typed(letters: number[], spacing: number) {
    const boxes: [number, number][] = [];
    const spaces: [number, number][] = [];
    let x = 5;
    letters.forEach((n, w) => {
      if (w > 0) {
        spaces.push([x - 4, x - 4 + spacing]);
        x += spacing - 4;
      }
      for (let i = 0; i < n; i++, x += 12) boxes.push([x, x + 8]);
    });
    return { p: page(x + 5, boxes), spaces, width: x + 5 };
  }

  it('cuts at a word space, not between letters, when the line has more letter gaps than word spaces', () => {
    // Like "Col, Roosevelt, 5-28-14" (old_scans 31_pg1): two wide spaces among many blank columns between letters.
    const { p, spaces, width } = typed([4, 12, 7], 16);
    const pieces = splitWideLine(p, [0, 10, width, 30], OPTS);
    expect(pieces.length).toBeGreaterThan(1);
    for (const b of pieces.slice(1)) expect(spaces.some(([a, z]) => b[0] >= a && b[0] <= z)).toBe(true);
  });
});

describe('wordSpaceWidth', () => {
  const gaps = (widths: number[]) => widths.map((w, i) => ({ start: i * 100, end: i * 100 + w }));

  it('puts the word space above every letter gap on a typed line of long words', () => {
    // "Col, Roosevelt, 5-28-14" (old_scans 31_pg1, 31 px box): two word spaces among fifteen letter gaps
    const w = wordSpaceWidth(gaps([4, 5, 6, 24, 4, 4, 4, 4, 7, 6, 25, 4, 5, 5, 4, 4, 8]), 31);
    expect(w).toBeGreaterThan(8);
    expect(w).toBeLessThan(24);
  });

  it('falls back to the gaps themselves when fewer than two are wide', () => {
    expect(wordSpaceWidth(gaps([5, 6, 5, 7, 6]), 31)).toBeCloseTo(0.6 * 6);
    // a printed line's one wide gap, after a number: its word spaces are the 6 px gaps
    expect(wordSpaceWidth(gaps([17, 6, 7, 6, 6, 6]), 31)).toBeCloseTo(0.6 * 6);
    expect(wordSpaceWidth(gaps([5, 6]), 31)).toBe(Infinity);
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
    const gaps = [10, 95, 130, 170, 205, 290].map((c) => ({ start: c - 2, end: c + 2 }));
    expect(chooseCuts(gaps, 300, 110)).toEqual([95, 205]);
  });

  it('prefers a wide word gap near the target to a narrow letter gap on it', () => {
    const gaps = [
      { start: 98, end: 102 }, // letter spacing right at the target
      { start: 110, end: 122 }, // a word space 16 px further
    ];
    expect(chooseCuts(gaps, 200, 100)).toEqual([116]);
  });

  it('cuts at word spaces only when the middle of the line holds only gaps inside a word (typewriter)', () => {
    // A typed line (old_scans 28_pg1): blank columns around every narrow letter, 6 px; word spaces 25 px. Near the
    // middle only the word "reduction" stands: the cut goes to the spaces around it, not between its t and i
    // ("reduct | ion"), and a third piece keeps every piece within the limit.
    const gap = (c: number, w: number) => ({ start: c - w / 2, end: c + w / 2 });
    const gaps = [gap(40, 6), gap(60, 6), gap(100, 25), gap(140, 6), gap(215, 25), gap(250, 6), gap(280, 6), gap(300, 6), gap(320, 6), gap(350, 6), gap(400, 25), gap(500, 25)];
    expect(chooseCuts(gaps, 600, 300)).toEqual([215, 400]);
  });

  it('plans the whole line, so no piece is left with only letter gaps within reach (typewriter)', () => {
    // Blank runs of a typed line of old_scans 28_pg1 ("cost of living and remedy existing conditions with relation
    // to", 37 px box, pieces up to 278 px), as [start, width]. Cut by cut, the piece after "remedy" found no word
    // space within reach and was cut between t and i: "condit ions".
    const runs = [[18, 5], [43, 5], [89, 30], [163, 25], [207, 7], [255, 7], [329, 25], [420, 29], [586, 28], [681, 6], [728, 6], [803, 24], [918, 5], [964, 7], [1061, 24], [1130, 7], [1182, 25], [1321, 6], [1343, 5], [1395, 26]];
    const gaps = runs.map(([start, w]) => ({ start: start!, end: start! + w! }));
    const word = wordSpaceWidth(gaps, 37);
    const cuts = chooseCuts(gaps, 1466, 278, word);
    expect(cuts.length).toBeGreaterThanOrEqual(5);
    for (const c of cuts) expect(gaps.some((g) => g.end - g.start >= 20 && c > g.start && c < g.end)).toBe(true);
    const edges = [0, ...cuts, 1466];
    for (let i = 1; i < edges.length; i++) expect(edges[i]! - edges[i - 1]!).toBeLessThanOrEqual(1.25 * 278);
  });

  it('cuts at every gap when there are fewer than the pieces the width needs', () => {
    expect(chooseCuts([{ start: 98, end: 102 }], 400, 100)).toEqual([100]);
    expect(chooseCuts([{ start: 98, end: 102 }, { start: 198, end: 202 }], 600, 100)).toEqual([100, 200]);
  });

  it('cuts only at gap centres, in order, on any line', () => {
    const next = mulberry32(7);
    for (let line = 0; line < 300; line++) {
      const width = 50 + Math.floor(next() * 2000);
      const gaps: { start: number; end: number }[] = [];
      for (let x = 5 + next() * 30; x < width - 10; x += 3 + next() * 60) gaps.push({ start: Math.floor(x), end: Math.floor(x) + 1 + Math.floor(next() * 12) });
      const maxWidth = 40 + next() * 300;
      const cuts = chooseCuts(gaps, width, maxWidth);
      const centres = gaps.map((g) => (g.start + g.end) / 2);
      cuts.forEach((c, i) => {
        expect(centres).toContain(c);
        if (i > 0) expect(c).toBeGreaterThan(cuts[i - 1]!);
      });
      if (width > maxWidth && gaps.length > 0) expect(cuts.length).toBeGreaterThan(0);
    }
  });

  it('returns no cut when the width fits', () => {
    expect(chooseCuts([{ start: 40, end: 44 }], 90, 100)).toEqual([]);
  });
});
