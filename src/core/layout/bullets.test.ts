import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { findDrawnBullets } from './bullets';
import { layoutPage } from './layout-page';

function page(w: number, h: number): PageImage {
  return { width: w, height: h, pixels: new Uint8ClampedArray(w * h * 4).fill(255), dpi: 0 };
}
function fill(img: PageImage, [x0, y0, x1, y1]: BBox) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.pixels.fill(0, (y * img.width + x) * 4, (y * img.width + x) * 4 + 3);
}

describe('drawn bullets', () => {
  it('finds a dot left of a line, not a letter run or nothing', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [
      [140, 100, 600, 120], // bullet dot at x 122–128, centred
      [140, 150, 600, 170], // nothing to its left
      [140, 200, 600, 220], // a long dash to its left: not compact
    ];
    fill(img, [122, 107, 128, 113]);
    fill(img, [105, 209, 135, 211]);
    expect([...findDrawnBullets(img, boxes, [0, 1, 2])]).toEqual([0]);
  });

  it('turns lines with drawn bullets into list items', () => {
    const img = page(800, 400);
    const text = (y: number, t: string) => ({ bbox: [140, y, 140 + t.length * 10, y + 20] as BBox, text: t });
    const lines = [
      { bbox: [100, 60, 700, 80] as BBox, text: 'A paragraph of running text that introduces the list below.' },
      text(110, 'first item'),
      text(138, 'second item'),
    ];
    fill(img, [122, 117, 128, 123]);
    fill(img, [122, 145, 128, 151]);
    const blocks = layoutPage(lines, img);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list']);
    expect(blocks[1]!.items).toEqual([[1], [2]]);
  });
});

describe('bullets inside detector boxes', () => {
  it('finds a dot at the start of a box, not a tall letter', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [
      [100, 90, 600, 130], // • then text
      [100, 190, 600, 230], // "I" then text: the first blob is as tall as the glyphs
    ];
    fill(img, [110, 107, 118, 115]); // bullet 8×8, centred on the glyphs' middle (111)
    fill(img, [130, 100, 140, 122]); // glyph 10×22 after a 12-px gap
    fill(img, [145, 100, 155, 122]);
    fill(img, [110, 200, 114, 222]); // "I"
    fill(img, [130, 200, 140, 222]);
    expect([...findDrawnBullets(img, boxes, [0, 1])]).toEqual([0]);
  });
});
