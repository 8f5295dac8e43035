import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { textPreview } from './text-preview';

/** A white page with ink (every third pixel) in each box, as glyphs would leave. */
function page(inked: BBox[]): PageImage {
  const [width, height] = [400, 300];
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x0, y0, x1, y1] of inked) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x += 3) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return { width, height, pixels, dpi: 0 };
}

describe('textPreview', () => {
  const body = [
    'The first line of a paragraph that runs on',
    'over a second line of the same size and on',
    'to a third, which is as wide as the others',
    'and ends here.',
  ].map((text, i) => ({ bbox: [20, 20 + 18 * i, i === 3 ? 150 : 380, 34 + 18 * i] as BBox, text }));
  const lines = [...body, { bbox: [20, 200, 380, 214] as BBox, text: 'White words nobody sees' }];

  it('lays out the text the page shows as a partial page, hidden lines left out', () => {
    const p = textPreview(lines, page(body.map((l) => l.bbox)), 4, false);
    expect(p).toMatchObject({ page: 4, linesRead: 0, lines: 4 });
    expect(p!.markdown).toBe(body.map((l) => l.text).join(' '));
    expect(p!.regions).toHaveLength(1);
  });

  it('is null when the page shows none of its text', () => {
    expect(textPreview(lines, page([]), 1, false)).toBeNull();
    expect(textPreview([], page([]), 1, false)).toBeNull();
  });
});
