import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import type { Block } from '../layout/types';
import { applyFormulaTexts, formulaCrops, growToInk } from './formula-crops';

describe('formulaCrops', () => {
  // a paragraph, a two-row display formula (numerator, denominator) with an equation number, a one-line formula
  const boxes: BBox[] = [[10, 10, 500, 30], [200, 50, 260, 70], [190, 72, 270, 92], [480, 60, 500, 80], [150, 120, 300, 140]];
  const texts = ['Some prose here.', 'a+b', 'c', '(3)', 'E=mc2'];
  const blocks: Block[] = [
    { type: 'paragraph', bbox: boxes[0]!, lines: [0] },
    { type: 'formula', bbox: [190, 50, 500, 92], lines: [1, 2, 3] },
    { type: 'formula', bbox: boxes[4]!, lines: [4] },
  ];

  it('reads each formula block as one crop, the union of its boxes without the equation number', () => {
    expect(formulaCrops(blocks, boxes, texts)).toEqual([
      { box: [190, 50, 270, 92], lines: [1, 2] },
      { box: [150, 120, 300, 140], lines: [4] },
    ]);
  });

  it('puts the LaTeX on the first line of the block, empties the others, keeps the number', () => {
    const out = [...texts];
    applyFormulaTexts(out, formulaCrops(blocks, boxes, texts), ['\\frac {a+b}{c}', 'E=mc^{2}']);
    expect(out).toEqual(['Some prose here.', '\\frac {a+b}{c}', '', '(3)', 'E=mc^{2}']);
  });

  it('repairs what KaTeX could not render (an unclosed \\left)', () => {
    const out = [...texts];
    applyFormulaTexts(out, formulaCrops(blocks, boxes, texts), ['\\left (a+b', 'E=mc^{2}']);
    expect(out[1]).toBe('\\left (a+b\\right .');
  });

  it('a lone "(3)" formula line is read, not dropped', () => {
    const b: Block[] = [{ type: 'formula', bbox: boxes[3]!, lines: [3] }];
    expect(formulaCrops(b, boxes, texts)).toEqual([{ box: boxes[3], lines: [3] }]);
  });
});

describe('growToInk', () => {
  function page(): PageImage {
    return { width: 400, height: 300, pixels: new Uint8ClampedArray(400 * 300 * 4).fill(255), dpi: 0 };
  }
  function ink(img: PageImage, [x0, y0, x1, y1]: BBox) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.pixels.fill(0, (y * img.width + x) * 4, (y * img.width + x) * 4 + 3);
  }

  it("takes in an integral's upper limit that the boxes cut through, plus a margin of paper", () => {
    const img = page();
    ink(img, [100, 120, 110, 180]); // the integral sign
    ink(img, [112, 108, 118, 120]); // its upper limit, above the detector's box
    ink(img, [130, 140, 200, 160]); // the body
    const box = growToInk(img, [98, 125, 202, 178], []);
    expect(box[1]).toBeLessThan(108);
    expect(box[1]).toBeGreaterThan(108 - 0.12 * 80); // the margin, not more paper
    expect(box[3]).toBeGreaterThanOrEqual(180);
    expect(box[0]).toBeLessThan(100);
  });

  it('stops at the line above and ignores ink past a gap', () => {
    const img = page();
    ink(img, [130, 140, 200, 160]); // the formula
    ink(img, [130, 100, 300, 115]); // a text line above, its own box
    ink(img, [130, 170, 200, 175]); // ink 10 px below: a separate thing
    const box = growToInk(img, [125, 136, 205, 164], [[125, 98, 305, 118]]);
    expect(box[1]).toBeGreaterThanOrEqual(118);
    expect(box[3]).toBeLessThan(170);
  });
});
