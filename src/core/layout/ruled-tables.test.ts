import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { findFigures } from './figures';
import { layoutPage } from './layout-page';
import { findRuledTables } from './ruled-tables';
import { findRulings } from './rulings';

function blankPage(w: number, h: number): PageImage {
  return { width: w, height: h, pixels: new Uint8ClampedArray(w * h * 4).fill(255), dpi: 0 };
}
function fill(img: PageImage, [x0, y0, x1, y1]: BBox, v = 0) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.pixels.fill(v, (y * img.width + x) * 4, (y * img.width + x) * 4 + 3);
}

/** A 3-row × 3-column ruled grid at x 100..700, y 100..250; row 0 has no rule between columns 0 and 1. */
function ruledGrid(): PageImage {
  const img = blankPage(800, 400);
  for (const y of [100, 150, 200, 250]) fill(img, [100, y, 701, y + 2]);
  for (const x of [100, 300, 500, 700]) fill(img, [x, 100, x + 2, 252]);
  fill(img, [300, 102, 302, 150], 255); // erase: merged header cell
  return img;
}

describe('ruled tables', () => {
  it('finds thin rules and ignores filled shapes', () => {
    const img = ruledGrid();
    fill(img, [100, 300, 700, 340]); // a thick bar: not a rule
    const r = findRulings(img);
    expect(r.horizontal.map((h) => Math.floor(h.at))).toEqual([100, 150, 200, 250]);
    expect(r.vertical.length).toBeGreaterThanOrEqual(4);
  });

  it('heads a table with its first row, but not with a row of values: the body going on from the page before', () => {
    const img = blankPage(800, 400);
    for (const y of [100, 150, 200, 250]) fill(img, [100, y, 701, y + 2]);
    for (const x of [100, 300, 500, 700]) fill(img, [x, 100, x + 2, 252]);
    const boxes: BBox[] = [0, 1, 2].flatMap((r) => [0, 1, 2].map((c): BBox => [120 + 200 * c, 115 + 50 * r, 220 + 200 * c, 135 + 50 * r]));
    const headOf = (texts: string[]) => findRuledTables(findRulings(img), boxes, boxes.map((_, i) => i), texts)[0]!.grid.cells.filter((c) => c.header && c.col > 0).map((c) => c.row);
    expect(headOf(['Region', 'Returns', 'Backlog', 'Africa', '304.26', '13.17', 'Nordics', '71.6%', '46.6%'])).toEqual([0, 0]);
    expect(headOf(['Africa', '304.26', '(1,521)', 'Nordics', '71.6%', '46.6%', 'Benelux', '370.98', '1.7%'])).not.toContain(0);
    // Years head their columns.
    expect(headOf(['Item', '2020', '2021', 'Sales', '304.26', '13.17', 'Costs', '71.6', '46.6'])).toEqual([0, 0]);
  });

  it('builds the cell grid with a colspan where an inner rule is missing', () => {
    const img = ruledGrid();
    const boxes: BBox[] = [
      [150, 115, 450, 135], // header spanning columns 0–1
      [550, 115, 650, 135],
      [120, 165, 200, 185],
      [320, 165, 400, 185],
      [520, 215, 600, 235],
    ];
    const [t] = findRuledTables(findRulings(img), boxes, [0, 1, 2, 3, 4]);
    expect(t!.grid.rows).toBe(3);
    expect(t!.grid.cols).toBe(3);
    const at = (r: number, c: number) => t!.grid.cells.find((x) => x.row === r && x.col === c);
    expect(at(0, 0)).toMatchObject({ colSpan: 2, lines: [0], header: true });
    expect(at(0, 1)).toBeUndefined();
    expect(at(1, 1)).toMatchObject({ colSpan: 1, lines: [3], header: false });
    expect(at(2, 2)!.lines).toEqual([4]);
    expect(t!.grid.cells).toHaveLength(8);
  });

  it('does not take a frame around one paragraph for a table', () => {
    const img = blankPage(800, 400);
    for (const y of [100, 250]) fill(img, [100, y, 701, y + 2]);
    for (const x of [100, 700]) fill(img, [x, 100, x + 2, 252]);
    expect(findRuledTables(findRulings(img), [[120, 120, 600, 140]], [0])).toEqual([]);
  });

  it('does not take a single row of framed boxes (a logo and its caption) for a table', () => {
    const img = blankPage(800, 400);
    for (const y of [100, 250]) fill(img, [100, y, 701, y + 2]);
    for (const x of [100, 400, 700]) fill(img, [x, 100, x + 2, 252]);
    expect(findRuledTables(findRulings(img), [[120, 160, 300, 190], [450, 160, 650, 190]], [0, 1])).toEqual([]);
  });

  it('places the ruled table in the page layout when given the page pixels', () => {
    const img = ruledGrid();
    const lines = [
      { bbox: [100, 40, 700, 60] as BBox, text: 'A paragraph above the table that runs long.' },
      { bbox: [150, 115, 450, 135] as BBox, text: 'Head' },
      { bbox: [120, 165, 200, 185] as BBox, text: 'a' },
      { bbox: [520, 215, 600, 235] as BBox, text: 'b' },
    ];
    const blocks = layoutPage(lines, img);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'table']);
  });

  it('takes rules as thick as a scan enlarged for reading draws them, next to text of that size', () => {
    // The same grid at twice the size, its 1 px rules grown to 7 px by the scan's blur and the enlargement.
    const img = blankPage(1600, 800);
    for (const y of [200, 300, 400, 500]) fill(img, [200, y, 1407, y + 7]);
    for (const x of [200, 600, 1000, 1400]) fill(img, [x, 200, x + 7, 507]);
    fill(img, [600, 207, 607, 300], 255); // merged header cell
    const lines = [
      { bbox: [200, 60, 1400, 100] as BBox, text: 'A paragraph above the table that runs long.' },
      { bbox: [300, 232, 900, 272] as BBox, text: 'Head' },
      { bbox: [1100, 232, 1300, 272] as BBox, text: 'Tail' },
      { bbox: [240, 332, 400, 372] as BBox, text: 'a' },
      { bbox: [640, 332, 800, 372] as BBox, text: 'c' },
      { bbox: [1040, 432, 1200, 472] as BBox, text: 'b' },
    ];
    const table = layoutPage(lines, img).find((b) => b.type === 'table');
    expect(table?.table).toMatchObject({ rows: 3, cols: 3 });
    expect(table!.table!.cells.find((c) => c.row === 0 && c.col === 0)).toMatchObject({ colSpan: 2, lines: [1] });
  });
});

describe('figures', () => {
  it('finds a large ink region that is not text, and not the text itself', () => {
    const img = blankPage(800, 1000);
    fill(img, [200, 300, 600, 600], 90); // a picture
    const text: BBox[] = [];
    for (let k = 0; k < 5; k++) {
      const b: BBox = [100, 700 + 30 * k, 700, 716 + 30 * k];
      fill(img, b, 0);
      text.push(b);
    }
    const figs = findFigures(img, text, []);
    expect(figs).toHaveLength(1);
    expect(figs[0]![0]).toBeLessThanOrEqual(200);
    expect(figs[0]![2]).toBeGreaterThanOrEqual(600);
    expect(figs[0]![3]).toBeLessThan(700);
  });

  it('keeps a chart the detector took for one towering text line as a figure, not as text', () => {
    const img = blankPage(800, 1000);
    fill(img, [200, 300, 600, 600], 90); // a chart
    const lines = [0, 1, 2, 3, 4].map((k) => ({ bbox: [100, 700 + 30 * k, 700, 716 + 30 * k] as BBox, text: `Body line ${k} of the page.` }));
    for (const l of lines) fill(img, l.bbox, 0);
    const blocks = layoutPage([...lines, { bbox: [190, 290, 610, 610] as BBox, text: 'f(x) = 9.33' }], img);
    expect(blocks.map((b) => b.type)).toEqual(['figure', 'paragraph']);
    expect(blocks.some((b) => b.lines.includes(5))).toBe(false);
  });

  it('tests ink on the figure page it is given: speckles on a noisy scan are not a figure', () => {
    const img = blankPage(800, 1000);
    const lines = [0, 1, 2, 3, 4].map((k) => ({ bbox: [100, 700 + 30 * k, 700, 716 + 30 * k] as BBox, text: `Body line ${k} of the page.` }));
    for (const l of lines) fill(img, l.bbox, 0);
    const clean = { ...img, pixels: img.pixels.slice() };
    for (let y = 100; y < 500; y += 9) for (let x = 100; x < 700; x += 11) fill(img, [x, y, x + 2, y + 2], 0); // toner speckles
    expect(layoutPage(lines, img).map((b) => b.type)).toContain('figure');
    expect(layoutPage(lines, img, { figureInk: clean }).map((b) => b.type)).toEqual(['paragraph']);
  });
});
