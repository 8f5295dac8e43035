import { describe, expect, it } from 'vitest';
import type { PageImage } from '../../protocol/page';
import { markedShare, UNREAD_MARKS } from './unread-marks';

/** A page of grey `paper` with grain, and dark strokes over the given share of its rows' middle. */
function page(paper: number, stroke: (x: number, y: number) => boolean, border = 0): PageImage {
  const width = 400;
  const height = 500;
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < border || y < border || x >= width - border || y >= height - border;
      const v = edge ? 10 : stroke(x, y) ? 40 : paper + (((x * 7 + y * 13) % 11) - 5) * 3;
      pixels.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, pixels, dpi: 0 };
}

describe('markedShare', () => {
  it('finds a blank sheet unmarked, on white or tinted paper, dark scanner borders and all', () => {
    expect(markedShare(page(250, () => false))).toBe(0);
    expect(markedShare(page(190, () => false, 12))).toBeLessThan(UNREAD_MARKS);
  });

  it('measures strokes against the paper they are on, so a faded scan counts like a clean one', () => {
    // Loops of pen, 3 px wide, every 40 px: about 3 % of the page.
    const pen = (x: number, y: number) => y % 40 < 3 && x > 60 && x < 340 && Math.floor(x / 30) % 3 !== 2;
    for (const paper of [250, 200]) {
      const share = markedShare(page(paper, pen));
      expect(share).toBeGreaterThan(0.03);
      expect(share).toBeLessThan(0.06);
    }
  });
});
