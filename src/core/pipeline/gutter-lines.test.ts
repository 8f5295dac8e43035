import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { grownBox } from '../layout/geometry';
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

  describe('on the boxes as a detector grows them (unclip ratio 1.5)', () => {
    // Two columns whose ink stands 17 px apart (left to 280, right from 297), twelve rows: each line's ink is 12 px
    // tall, and its box is grown by ~8.6 px on every side, as the detector grows it, so the two columns' boxes
    // overlap across the gutter.
    const ratio = 1.5;
    const bars = (x0: number, x1: number, y: number): BBox[] => [...wordsOf(x0, x1 - 30, y), [x1 - 30, y + 6, x1, y + 18]];
    const core = (x0: number, x1: number, y: number): BBox => [x0, y + 6, x1, y + 18];
    /** Row 4 is one box across both columns; its halves' ink ends at `leftEnd` and starts at `rightStart`. */
    const merged = 4;
    const detected = () =>
      rows.flatMap((y, k) =>
        k === merged ? [{ bbox: grownBox(core(20, 560, y), ratio) }] : [{ bbox: grownBox(core(20, 280, y), ratio) }, { bbox: grownBox(core(297, 560, y), ratio) }],
      );
    const ink = (leftEnd: number, rightStart: number) =>
      rows.flatMap((y, k) => [...bars(20, k === merged ? leftEnd : 280, y), ...bars(k === merged ? rightStart : 297, 560, y)]);
    const halves = (out: { bbox: BBox }[]) => out.slice(2 * merged, 2 * merged + 2).map((l) => l.bbox);

    it('finds the gutter on their cores and cuts a line run across it', () => {
      const lines = detected();
      const image = page(610, 460, ink(280, 297));
      expect(lines[0]!.bbox[2]).toBeGreaterThan(lines[1]!.bbox[0]);
      // On the grown boxes there is no gutter to find.
      expect(splitAtGutters(lines, image)).toEqual(lines);
      const out = splitAtGutters(lines, image, ratio);
      expect(out).toHaveLength(lines.length + 1);
      const [left, right] = halves(out);
      expect(left![2]).toBeGreaterThan(280);
      expect(left![2]).toBeLessThan(297);
      expect(right![0]).toBeGreaterThan(280);
      expect(right![0]).toBeLessThan(297);
    });

    it('cuts it across a rule printed down the gutter, where its left half runs on into the gutter', () => {
      // The run-on line's left half ends at 286 and its right half starts indented, at 303: ink over a third of the
      // gutter's band. A 1 px rule runs down the gutter at x 289, with paper on each side of it in that line.
      const lines = detected();
      const rule: BBox = [289, 40, 290, 420];
      const out = splitAtGutters(lines, page(610, 460, [...ink(286, 303), rule]), ratio);
      expect(out).toHaveLength(lines.length + 1);
      const [left, right] = halves(out);
      expect(left![2]).toBeGreaterThan(286);
      expect(right![0]).toBeLessThan(303);
      expect(left![2]).toBeLessThanOrEqual(right![0] + 1);
      // Without the rule, paper that wide beside ink in the gutter's band may be a display line's word space.
      expect(splitAtGutters(lines, page(610, 460, ink(286, 303)), ratio)).toEqual(lines);
    });
  });

  it('finds the gutter where a third of the rows were run across it, from the many lines that stop and start at it', () => {
    // 30 rows of two columns (ink 20–280 and 297–560); the detector ran every third row across the gutter.
    const ratio = 1.5;
    const ys = Array.from({ length: 30 }, (_, k) => 20 + 30 * k);
    const bars = (x0: number, x1: number, y: number): BBox[] => [...wordsOf(x0, x1 - 30, y), [x1 - 30, y + 6, x1, y + 18]];
    const across = (k: number) => k % 3 === 1;
    const lines = ys.flatMap((y, k) =>
      (across(k) ? [[20, 560]] : [[20, 280], [297, 560]]).map(([x0, x1]) => ({ bbox: grownBox([x0!, y + 6, x1!, y + 18], ratio) })),
    );
    const image = page(610, 940, ys.flatMap((y) => [...bars(20, 280, y), ...bars(297, 560, y)]));
    const out = splitAtGutters(lines, image, ratio);
    expect(out).toHaveLength(2 * ys.length);
    expect(out.every((l) => l.bbox[2] < 297 || l.bbox[0] > 280)).toBe(true);
  });

  it('leaves a page of one column alone', () => {
    const boxes = rows.map((y): BBox => [16, y, 594, y + 24]);
    const image = page(610, 460, rows.flatMap((y) => wordsOf(20, 590, y)));
    expect(splitAtGutters(boxes.map((bbox) => ({ bbox })), image)).toHaveLength(boxes.length);
  });
});
