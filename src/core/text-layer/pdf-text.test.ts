import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { checkLines, layerError, uncoveredBoxes, visibleLines } from './pdf-text';

function pageWithInk(width: number, height: number, inked: BBox[]): PageImage {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x0, y0, x1, y1] of inked) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x += 3) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { width, height, pixels, dpi: 0 };
}

describe('visibleLines', () => {
  it('keeps lines that put ink on the page, clamped to it, and drops blank or empty ones', () => {
    const page = pageWithInk(200, 100, [[10, 10, 90, 20]]);
    const kept = visibleLines(
      [
        { bbox: [8, 8, 92, 22], text: ' drawn ' },
        { bbox: [10, 50, 90, 60], text: 'white on white' },
        { bbox: [5, 9, 95, 21], text: '   ' },
        { bbox: [-20, 10, 60, 20], text: 'half off the page' },
      ],
      page,
    );
    expect(kept).toEqual([
      { bbox: [8, 8, 92, 22], text: 'drawn' },
      { bbox: [0, 10, 60, 20], text: 'half off the page' },
    ]);
  });
});

describe('uncoveredBoxes', () => {
  it('returns the boxes less than half under the layer’s lines', () => {
    const lines = [{ bbox: [0, 0, 100, 10] as BBox }, { bbox: [0, 10, 40, 20] as BBox }];
    const boxes: BBox[] = [
      [0, 0, 100, 10], // covered
      [0, 10, 100, 20], // 40 % covered
      [0, 5, 100, 15], // half by one line, a fifth by the other
      [0, 50, 100, 60], // not at all
    ];
    expect(uncoveredBoxes(boxes, lines)).toEqual([1, 3]);
  });
});

describe('checkLines', () => {
  const line = (y: number, text: string) => ({ bbox: [0, y, 100, y + 10] as BBox, text });
  it('picks wordy lines of moderate length spread down the page', () => {
    const lines = [line(50, 'A middle line of words'), line(0, 'Top line of words'), line(10, '12 345 678 901'), line(90, 'short'), line(70, 'Lower line of words'), line(30, 'Upper middle words')];
    expect(checkLines(lines, 3)).toEqual([1, 0, 4]);
    expect(checkLines(lines, 10)).toEqual([1, 5, 0, 4]);
  });
});

describe('layerError', () => {
  it('counts character edits per layer character, spaces and Unicode forms aside', () => {
    expect(layerError(['ﬁne words'], ['finewords'])).toBe(0);
    expect(layerError(['abcd', 'efgh'], ['abXd', ''])).toBe(5 / 8);
  });
});
