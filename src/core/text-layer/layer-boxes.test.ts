import { describe, expect, it } from 'vitest';
import type { TextLine } from '../layout/types';
import type { BBox, PageImage } from '../../protocol/page';
import { JOIN_GAP, layerBoxes } from './layer-boxes';

/** A white page with black rectangles painted on it. */
function page(w: number, h: number, ink: BBox[]): PageImage {
  const pixels = new Uint8ClampedArray(w * h * 4).fill(255);
  for (const [x0, y0, x1, y1] of ink) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) pixels.fill(0, (y * w + x) * 4, (y * w + x) * 4 + 3);
  }
  return { width: w, height: h, pixels, dpi: 144 };
}

const H = 26;
/** A text piece at x0..x1 on the row at y (glyph ink inside its box). */
const piece = (x0: number, x1: number, y = 100, text = 'words'): TextLine => ({ bbox: [x0, y, x1, y + H], text });
const glyphs = (l: TextLine): BBox => [l.bbox[0] + 2, l.bbox[1] + 6, l.bbox[2] - 2, l.bbox[3] - 6];

describe('layerBoxes', () => {
  it('joins the pieces of a row a word space apart, and keeps apart those a gutter apart', () => {
    const a = piece(100, 400);
    const b = piece(400 + 0.4 * H, 700); // a word space
    const c = piece(700 + 3 * H, 1000); // a gutter
    const boxes = layerBoxes([a, b, c], 0.56, page(1200, 300, [a, b, c].map(glyphs)));
    expect(boxes).toHaveLength(2);
    const [left, right] = boxes.sort((p, q) => p.bbox[0] - q.bbox[0]);
    expect(left!.bbox[0]).toBeLessThanOrEqual(100);
    expect(left!.bbox[2]).toBeGreaterThanOrEqual(700);
    expect(left!.bbox[2]).toBeLessThan(c.bbox[0]);
    expect(right!.bbox[0]).toBeGreaterThan(700);
  });

  it("boxes a run set sideways (arXiv's stamp up the margin) around itself, grown by its width, not its length", () => {
    const stamp: TextLine = { bbox: [70, 600, 100, 1400], text: 'arXiv:2107.01234v2 [math.AP] 14 Jul 2021' };
    const [box] = layerBoxes([stamp], 0.56, page(1200, 1600, [glyphs(stamp)])).map((b) => b.bbox);
    expect(box![0]).toBeLessThan(box![2]);
    expect(box![0]).toBeGreaterThan(40);
    expect(box![2]).toBeLessThan(130);
    expect(box![1]).toBeLessThan(620);
    expect(box![3]).toBeGreaterThan(1380);
  });

  it('takes ink the text lacks between two pieces as part of the row (a bracket drawn as a path)', () => {
    const a = piece(100, 300);
    const b = piece(300 + 1.5 * H, 600);
    const bracket: BBox = [300 + 0.7 * H, 102, 300 + 0.7 * H + 3, 100 + H - 2];
    expect(layerBoxes([a, b], 0.56, page(800, 300, [glyphs(a), glyphs(b), bracket]))).toHaveLength(1);
    // Without it the gap is paper and the pieces stay apart.
    expect(layerBoxes([a, b], 0.56, page(800, 300, [glyphs(a), glyphs(b)]))).toHaveLength(2);
  });

  it('does not bridge two cells over dot leaders, a cell border, or a ruling line through the rows', () => {
    // Each would bridge the gap if it were taken for a glyph (no run of paper in it as wide as JOIN_GAP).
    const a = piece(100, 300);
    const b = piece(300 + 1.5 * H, 600);
    const dots: BBox[] = Array.from({ length: 7 }, (_, k) => [303 + 5 * k, 120, 305 + 5 * k, 122]);
    const borders: BBox[] = [[300, 100, 340, 102], [300, 124, 340, 126]];
    const rule: BBox = [300 + 0.7 * H, 40, 300 + 0.7 * H + 2, 200];
    for (const ink of [dots, borders, [rule]]) {
      expect(layerBoxes([a, b], 0.56, page(800, 300, [glyphs(a), glyphs(b), ...ink]))).toHaveLength(2);
    }
  });

  it('joins pieces no further apart than JOIN_GAP line heights, measured on the smaller piece', () => {
    const a = piece(100, 300);
    const near = piece(300 + (JOIN_GAP - 0.1) * H, 600);
    const far = piece(300 + (JOIN_GAP + 0.2) * H, 600);
    expect(layerBoxes([a, near], 0.56, page(800, 300, [a, near].map(glyphs)))).toHaveLength(1);
    expect(layerBoxes([a, far], 0.56, page(800, 300, [a, far].map(glyphs)))).toHaveLength(2);
  });

  it('keeps rows apart, and a subscript on its row', () => {
    const line = piece(100, 300);
    const below = piece(100, 300, 100 + 1.3 * H);
    const sub: TextLine = { bbox: [305, 100 + 0.5 * H, 320, 100 + 1.1 * H], text: 'H' };
    const boxes = layerBoxes([line, below, sub], 0.56, page(800, 300, [line, below, sub].map(glyphs)));
    expect(boxes).toHaveLength(2);
  });
});
