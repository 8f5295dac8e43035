import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { layoutPage } from './layout-page';
import { strayInk } from './table-ink';
import type { TextLine } from './types';

function page(w: number, h: number): PageImage {
  return { width: w, height: h, pixels: new Uint8ClampedArray(w * h * 4).fill(255), dpi: 0 };
}
function fill(img: PageImage, [x0, y0, x1, y1]: BBox) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.pixels.fill(0, (y * img.width + x) * 4, (y * img.width + x) * 4 + 3);
}
/** A chart's curve: a diagonal stroke 3 px thick across [x0, x1] × [y0, y1]. */
function curve(img: PageImage, x0: number, y0: number, x1: number, y1: number) {
  for (let x = x0; x < x1; x++) {
    const y = Math.round(y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
    fill(img, [x, y, x + 1, y + 3]);
  }
}

/** Three rows of three aligned cells, as tick values and labels beside a plot would be, inked where their boxes are. */
function cells(img: PageImage): TextLine[] {
  const lines: TextLine[] = [];
  ['Dose 10 mg 12.5', 'Dose 20 mg 31.0', 'Dose 40 mg 58.25', 'Dose 80 mg 77.75'].forEach((t, r) => {
    t.split(' mg ').forEach((part, c) => {
      const b: BBox = [100 + c * 300, 100 + r * 40, 100 + c * 300 + part.length * 12, 124 + r * 40];
      fill(img, [b[0] + 2, b[1] + 6, b[2] - 2, b[3] - 6]);
      lines.push({ bbox: b, text: part });
    });
  });
  return lines;
}

describe('stray ink in a table region', () => {
  it('counts ink outside text boxes and rules only', () => {
    const img = page(400, 200);
    fill(img, [20, 20, 120, 40]); // a word
    fill(img, [10, 100, 390, 102]); // a rule
    const text: BBox[] = [[18, 18, 122, 42]];
    const rules: BBox[] = [[10, 99, 390, 103]];
    expect(strayInk(img, [0, 0, 400, 200], text, rules)).toBe(0);
    curve(img, 50, 150, 350, 190);
    expect(strayInk(img, [0, 0, 400, 200], text, rules)).toBeGreaterThan(0.01);
  });

  it('takes a heading row set white on a dark band across the table for the table’s own ink, not a chart’s', () => {
    // A table printed from HTML (th { background: #2f3e55; color: white }): the band runs the table's width.
    const img = page(400, 200);
    const heads: BBox[] = [[30, 14, 110, 36], [170, 14, 250, 36], [290, 14, 370, 36]];
    fill(img, [0, 10, 400, 40]);
    for (const [x0, y0, x1, y1] of heads) for (let y = y0 + 4; y < y1 - 4; y++) for (let x = x0; x < x1; x++) if ((x + y) % 3) img.pixels.fill(255, (y * 400 + x) * 4, (y * 400 + x) * 4 + 3);
    expect(strayInk(img, [0, 0, 400, 200], heads, [])).toBe(0);
    // A bar of a chart is no band: it leaves most of the region's width white.
    fill(img, [0, 100, 150, 130]);
    expect(strayInk(img, [0, 0, 400, 200], heads, [])).toBeGreaterThan(0.01);
  });

  it('keeps aligned cells a table on a clean page, and not over a chart’s curves', () => {
    const clean = page(1000, 400);
    const lines = cells(clean);
    expect(layoutPage(lines, clean).some((b) => b.type === 'table')).toBe(true);
    const chart = page(1000, 400);
    cells(chart);
    for (let k = 0; k < 4; k++) curve(chart, 100, 110 + 30 * k, 800, 250 - 20 * k);
    expect(layoutPage(lines, chart).some((b) => b.type === 'table')).toBe(false);
  });
});
