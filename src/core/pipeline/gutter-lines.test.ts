import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { findGutters, splitAtGutters } from './gutter-lines';

/** A white page with black bars where `words` are. */
function page(width: number, height: number, words: BBox[]): PageImage {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x0, y0, x1, y1] of words)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) pixels.set([0, 0, 0], (y * width + x) * 4);
  return { width, height, pixels, dpi: 0 };
}

/** Words of one line from x0 to x1: bars 30 px wide, 8 px apart (a word space). */
function wordsOf(x0: number, x1: number, y: number): BBox[] {
  const out: BBox[] = [];
  for (let x = x0; x + 30 <= x1; x += 38) out.push([x, y + 6, x + 30, y + 18]);
  return out;
}

// Two columns, 20–290 and 320–590 (a 30 px gutter), twelve lines of 24 px each; lines are 24 px tall boxes.
const rows = Array.from({ length: 12 }, (_, k) => 60 + 30 * k);
const columnBoxes = rows.flatMap((y): BBox[] => [
  [16, y, 294, y + 24],
  [316, y, 594, y + 24],
]);

describe('splitAtGutters', () => {
  it('finds the gutter between two columns of lines', () => {
    expect(findGutters(columnBoxes, 610, 24)).toEqual([expect.objectContaining({ x0: expect.any(Number), x1: expect.any(Number) })]);
    const [g] = findGutters(columnBoxes, 610, 24);
    expect(g!.x0).toBeGreaterThanOrEqual(290);
    expect(g!.x1).toBeLessThanOrEqual(320);
  });

  it('cuts a box the detector ran across the gutter into the two columns’ lines', () => {
    const words = rows.flatMap((y) => [...wordsOf(20, 290, y), ...wordsOf(320, 590, y)]);
    const image = page(610, 460, words);
    // The first row's two lines came as one box.
    const lines = [{ bbox: [16, 60, 594, 84] as BBox, angle: 0 }, ...columnBoxes.slice(2).map((bbox) => ({ bbox, angle: 0 }))];
    const out = splitAtGutters(lines, image);
    expect(out).toHaveLength(lines.length + 1);
    const [left, right] = out;
    expect(left!.bbox[0]).toBe(16);
    expect(left!.bbox[2]).toBeGreaterThan(290);
    expect(left!.bbox[2]).toBeLessThan(305);
    expect(right!.bbox[0]).toBeGreaterThan(305);
    expect(right!.bbox[0]).toBeLessThan(320);
    expect(right!.bbox[2]).toBe(594);
    expect(left!.angle).toBe(0);
  });

  it('keeps a line whole that has letters in the gutter or only a word space there', () => {
    const heading: BBox = [100, 20, 500, 44];
    const words = [...rows.flatMap((y) => [...wordsOf(20, 290, y), ...wordsOf(320, 590, y)]), [120, 26, 480, 38] as BBox];
    // The last row is one line of text running across: a word space (8 px) falls in the gutter.
    const last = rows[rows.length - 1]!;
    const runOn = wordsOf(20, 590, last);
    const image = page(610, 460, [...words.filter((w) => w[1] < last), ...runOn]);
    const lines = [heading, ...columnBoxes.slice(0, -2), [16, last, 594, last + 24] as BBox].map((bbox) => ({ bbox }));
    expect(splitAtGutters(lines, image)).toEqual(lines);
  });

  it('leaves a page of one column alone', () => {
    const boxes = rows.map((y): BBox => [16, y, 594, y + 24]);
    const image = page(610, 460, rows.flatMap((y) => wordsOf(20, 590, y)));
    expect(splitAtGutters(boxes.map((bbox) => ({ bbox })), image)).toHaveLength(boxes.length);
  });
});
