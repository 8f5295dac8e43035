import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { findDrawnBullets, loneBullets, markBoxes } from './bullets';
import { layoutPage } from './layout-page';

function page(w: number, h: number): PageImage {
  return { width: w, height: h, pixels: new Uint8ClampedArray(w * h * 4).fill(255), dpi: 0 };
}
/** A line of text at x 140, as wide as its characters. */
const text = (y: number, t: string) => ({ bbox: [140, y, 140 + t.length * 10, y + 20] as BBox, text: t });
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

  it('takes no line end beside a line for its bullet: the left column’s hyphen across a narrow gutter', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [[140, 100, 600, 120]];
    fill(img, [122, 107, 128, 113]); // as compact as a dot …
    fill(img, [40, 102, 100, 118]); // … but the end of a line of text just before it
    expect([...findDrawnBullets(img, boxes, [0])]).toEqual([]);
  });

  it('finds a bullet in a framed box: the side of the frame left of it is no line end', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [[140, 100, 600, 120]];
    fill(img, [122, 107, 128, 113]);
    fill(img, [110, 60, 112, 260]); // the box's left side, a rule down past the line
    expect([...findDrawnBullets(img, boxes, [0])]).toEqual([0]);
  });

  it('takes no line number in the margin for a bullet: its ink is text the page dropped as furniture', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [[140, 100, 600, 120], [118, 106, 126, 114]];
    fill(img, [120, 107, 125, 113]); // a small "1" of a draft's line numbers, as compact as a dot
    expect([...findDrawnBullets(img, boxes, [0])]).toEqual([0]);
    expect([...findDrawnBullets(img, boxes, [0], [boxes[1]!])]).toEqual([]);
  });

  it('turns lines with drawn bullets into list items', () => {
    const img = page(800, 400);
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

  it('leaves out a box the detector drew around a drawn bullet, read as nothing: the line after it is the item', () => {
    const img = page(800, 400);
    const lines = [
      { bbox: [100, 60, 700, 80] as BBox, text: 'A paragraph of running text that introduces the list below.' },
      text(110, 'first item'),
      { bbox: [116, 111, 134, 127] as BBox, text: '' },
      text(138, 'second item'),
      { bbox: [116, 139, 134, 155] as BBox, text: '.' },
    ];
    fill(img, [122, 117, 128, 123]);
    fill(img, [122, 145, 128, 151]);
    const blocks = layoutPage(lines, img);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list']);
    expect(blocks[1]!.items).toEqual([[1], [3]]);
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

  it('takes no small round letter for a bullet, nor a dot a letter space from its word', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [
      [100, 90, 600, 130], // an "o": a ring, a word space before the next glyph
      [100, 190, 600, 230], // a filled dot a letter space (a third of the glyph height) before it
    ];
    fill(img, [110, 107, 118, 115]);
    for (let y = 108; y < 114; y++) img.pixels.fill(255, (y * 800 + 111) * 4, (y * 800 + 117) * 4);
    fill(img, [130, 100, 140, 122]);
    fill(img, [110, 207, 118, 215]);
    fill(img, [125, 200, 135, 222]);
    expect([...findDrawnBullets(img, boxes, [0, 1])]).toEqual([]);
  });

  it('reads a scan’s speck in the gap as paper, beside a bullet of some size only', () => {
    const img = page(800, 300);
    const boxes: BBox[] = [
      [100, 90, 600, 130], // • 8×8, a one-pixel speck, then text
      [100, 190, 600, 230], // a 2×2 dot, a one-pixel mark, then text: faint print, not a bullet
    ];
    fill(img, [110, 107, 118, 115]);
    fill(img, [121, 111, 122, 112]);
    fill(img, [132, 100, 142, 122]);
    fill(img, [110, 210, 112, 212]);
    fill(img, [115, 211, 116, 212]);
    fill(img, [118, 200, 128, 222]);
    expect([...findDrawnBullets(img, boxes, [0, 1])]).toEqual([0]);
  });
});

describe('bullets boxed alone', () => {
  it('writes a dot boxed before a line as a bullet, not a full stop after one or a dot alone', () => {
    const boxes: BBox[] = [
      [200, 613, 224, 636], // "." just left of a line
      [228, 607, 958, 638],
      [100, 700, 600, 730], // a line, then a "." boxed after it
      [604, 705, 620, 728],
      [200, 800, 224, 823], // a "." with nothing beside it
      [203, 908, 235, 934], // ". ": a grown box overlapping its line's
      [229, 905, 1008, 936],
      [148, 1056, 178, 1074], // ". ": a box grown wider than tall, on a shaded ground (a page printed from HTML)
      [173, 1052, 637, 1081],
    ];
    const texts = ['.', 'The ancient bridge beneath the meadow.', 'The steady engine supports the ladder', '.', '.', '. .', 'The modern volume', '. .', 'The new library'];
    loneBullets(boxes, texts);
    expect(texts).toEqual(['•', 'The ancient bridge beneath the meadow.', 'The steady engine supports the ladder', '.', '.', '•', 'The modern volume', '•', 'The new library']);
  });
});

describe('boxes that are a drawn bullet', () => {
  it('takes a box read as nothing or a dot just before a line whose bullet is drawn for that mark, and no other box', () => {
    const boxes: BBox[] = [
      [173, 1033, 1217, 1062], // a list item whose bullet was found in the pixels
      [158, 1037, 177, 1056], // the detector's box around that bullet, its reading doubted (empty)
      [149, 1040, 162, 1058], // a second box on the same bullet, read "."
      [173, 1100, 900, 1129], // a line without a drawn bullet …
      [150, 1104, 168, 1122], // … and an empty box before it
      [20, 1037, 60, 1056], // an empty box far left of the item
      [120, 1037, 165, 1058], // a word before the item
    ];
    const texts = ['This new sheep examined', '', '.', 'Each short director', '', '', 'Note'];
    expect([...markBoxes(boxes, texts, [0, 1, 2, 3, 4, 5, 6], new Set([0]))].sort()).toEqual([1, 2]);
  });
});
