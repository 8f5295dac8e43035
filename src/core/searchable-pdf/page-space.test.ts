import { describe, expect, it } from 'vitest';
import { pageSpace, visibleBox } from './page-space';
import { placeLine } from './word-placement';

describe('pageSpace', () => {
  it('maps the image corners to the visible area, turned by /Rotate', () => {
    const box: [number, number, number, number] = [50, 80, 450, 580];
    const corners = (rotate: number) => {
      const s = pageSpace({ box, rotate }, rotate % 180 ? 500 : 400, rotate % 180 ? 400 : 500);
      return [s.point(0, 0), s.point(rotate % 180 ? 500 : 400, 0)];
    };
    // Top left of the image, then top right.
    expect(corners(0)).toEqual([[50, 580], [450, 580]]);
    expect(corners(90)).toEqual([[50, 80], [50, 580]]);
    expect(corners(180)).toEqual([[450, 80], [50, 80]]);
    expect(corners(270)).toEqual([[450, 580], [450, 80]]);
    expect(corners(-90)).toEqual(corners(270));
  });

  it('clips the crop box to the media box', () => {
    expect(visibleBox({ x: 0, y: 0, width: 612, height: 792 }, { x: -10, y: 100, width: 300, height: 900 })).toEqual([0, 100, 290, 792]);
    expect(visibleBox({ x: 0, y: 0, width: 612, height: 792 }, { x: 700, y: 0, width: 10, height: 10 })).toEqual([0, 0, 612, 792]);
  });
});

describe('placeLine', () => {
  // A monospaced font: every character 0.5 em.
  const font = { width: (t: string) => t.length * 0.5, ascent: 0.8, descent: -0.2 };
  const space = pageSpace({ box: [0, 0, 100, 100], rotate: 0 }, 100, 100);

  it('shares the box among the words by advance width, the glyphs filling its height', () => {
    const words = placeLine({ bbox: [10, 10, 70, 20], text: 'ab  cd' }, space, font);
    expect(words.map((w) => w.text)).toEqual(['ab', 'cd']);
    // "ab cd " is 3 em; 10 units high → size 10 → 30 units natural, stretched to 60.
    expect(words[0]!.size).toBeCloseTo(10);
    expect(words[0]!.hScale).toBeCloseTo(200);
    expect(words[0]!.matrix).toEqual([1, 0, -0, 1, 10, 82]);
    expect(words[1]!.matrix[4]).toBeCloseTo(10 + 30);
    expect(words[1]!.matrix[4] + words[1]!.length).toBeCloseTo(70 - 10);
  });

  it('skips a line with no text', () => {
    expect(placeLine({ bbox: [10, 10, 70, 20], text: '  ' }, space, font)).toEqual([]);
  });
});
