import { describe, expect, it } from 'vitest';
import { layoutFixture as fixture, type LayoutFixture as Fixture } from '../../../test/support/layout-fixture';
import { layoutPage } from './layout-page';
import { readingOrder, type Unit } from './reading-order';
import type { TextLine } from './types';

/** The page's text in reading order, one string per line. */
function readOrder(f: Fixture): string[] {
  const blocks = layoutPage(f.lines, f.size, f.unclipRatio ? { unclipRatio: f.unclipRatio } : {});
  return blocks.flatMap((b) => b.lines).map((i) => f.lines[i]!.text ?? '');
}
const at = (order: string[], start: string) => order.findIndex((t) => t.startsWith(start));

/** A white page of the fixture's size with a photo (solid ink) at `photo`: the figure finder's input. */
function pageWithPhoto(f: Fixture, photo: [number, number, number, number]) {
  const { width, height } = f.size;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = photo[1]; y < photo[3]; y++) pixels.fill(0, (y * width + photo[0]) * 4, (y * width + photo[2]) * 4);
  for (let k = 3; k < pixels.length; k += 4) pixels[k] = 255;
  return { width, height, pixels, dpi: 0 };
}

describe('reading order on real pages', () => {
  it("reads columns on down beside a box set into their foot, a photo under them (20_pg18: a newspaper's letters page)", () => {
    const f = fixture('letters-page-box-p1.json');
    const page = pageWithPhoto(f, [504, 1584, 1040, 1880]);
    const blocks = layoutPage(f.lines, page, { unclipRatio: f.unclipRatio!, figureInk: page });
    expect(blocks.some((b) => b.type === 'figure')).toBe(true);
    const order = blocks.flatMap((b) => b.lines).map((i) => f.lines[i]!.text ?? '');
    const letter = ['It is a scandal that it is', 'an offence to drive below', 'the minimum speed limit', '(i, 2 January). In my', 'opinion, no accidents', 'are caused by slow', 'drivers on motorways.'];
    expect(letter.map((l) => at(order, l))).toEqual(letter.map((_, k) => at(order, letter[0]!) + k));
    // The first column's last letter, read on from its lines above the box's top.
    expect(at(order, 'the word “cops” instead')).toBe(at(order, 'is, to me, disrespectful is') + 1);
    expect(at(order, 'Can I briefly add two')).toBeLessThan(at(order, 'Our commitment'));
  });

  it("keeps a form line's pieces on their row, its amount across the gutter (prefilled_f1040 p2)", () => {
    const f = fixture('form-f1040-p2.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const line = blocks.find((b) => b.lines.some((i) => f.lines[i]!.text === 'Credits from Form: a'));
    expect(line?.lines.map((i) => f.lines[i]!.text).slice(0, 4)).toEqual(['Credits from Form: a', '2439 b', '8839 c', '8801 d']);
  });


  it("reads a story's three columns before the next story's heading, a byline under it (a newspaper page printed from HTML)", () => {
    const order = readOrder(fixture('html-news-short-columns-p1.json'));
    expect(at(order, 'road finished lesson a northern course')).toBe(at(order, 'judge mountain its exam. Each steady') + 1);
    expect(at(order, 'careful model wool surface regional.')).toBeLessThan(at(order, 'Southern union reduced'));
  });

  it('keeps a section number at the left of the text with its heading, a title set wider above (issue6132.pdf p1)', () => {
    const order = readOrder(fixture('issue6132-p1.json'));
    expect(at(order, 'Introduction')).toBe(order.indexOf('1') + 1);
  });

  it('reads notes beside the text after it, under a title set across both (a report page printed from HTML)', () => {
    const order = readOrder(fixture('html-report-notes-p1.json'));
    expect(at(order, 'public share followed 187 court')).toBe(at(order, 'A regional table returned') + 1);
    expect(at(order, 'while Lindqvist the district')).toBe(at(order, 'A early sheep visited') + 1);
    expect(at(order, 'A early sheep visited')).toBeGreaterThan(at(order, 'A annual winter visited'));
  });

  it("reads a story's columns before the next story's heading where its columns end a row or two apart (a newspaper page printed from HTML)", () => {
    const order = readOrder(fixture('html-news-next-story-p2.json'));
    expect(at(order, 'local growth replaced Harlow')).toBeLessThan(at(order, 'Steady survey noted'));
    expect(at(order, 'garden with of Ferreira traffic')).toBeLessThan(at(order, 'Steady survey noted'));
    // Its columns ending two rows apart, the last a row above the middle one.
    const ragged = readOrder(fixture('html-news-ragged-ends-p2.json'));
    expect(at(ragged, 'because after their a formal 12 Novak.')).toBeLessThan(at(ragged, 'Southern letter noted'));
    expect(at(ragged, 'law old of. The recent price')).toBe(at(ragged, 'power its engine Novak for concert') + 1);
  });

  it('keeps the short last line of an item across the columns with it (the same page)', () => {
    const f = fixture('html-news-short-columns-p1.json');
    // The boxes the detector drew around the items' bullets (empty: no text) are left out, as the page's pixels let
    // the layout do (bullets.ts markBoxes).
    const lines = f.lines.filter((l) => l.text);
    const blocks = layoutPage(lines, f.size, { unclipRatio: f.unclipRatio! });
    const texts = (b: { lines: number[] }) => b.lines.map((i) => lines[i]!.text ?? '');
    const item = blocks.find((b) => texts(b).some((t) => t.startsWith('This new sheep examined')));
    expect(texts(item!)).toContain('recent.');
  });

  it('reads a framed box\'s title under two columns with the box, after both columns (a newspaper page printed from HTML)', () => {
    const order = readOrder(fixture('html-news-brief-p1.json'));
    // "In brief" stands under the left column's foot, white across the gap above it, over the box's items.
    expect(at(order, 'journey Tanaka')).toBe(at(order, 'doctor closed policy') + 1);
    expect(at(order, 'In brief')).toBe(at(order, 'share.') + 1);
    expect(at(order, 'A several election')).toBe(at(order, 'In brief') + 1);
  });

  it('reads two columns apart when figure labels end inside a narrow gutter (badlines.pdf p4)', () => {
    const order = readOrder(fixture('badlines-p4.json'));
    // The left column's paragraph runs on line after line, then the right column's algorithm box and text.
    expect(at(order, 'tor. Sharing factors')).toBe(at(order, 'edges” {(v, u)') + 1);
    expect(at(order, 'overall parametrization compact')).toBe(at(order, 'tor. Sharing factors') + 1);
    expect(at(order, 'the nodeRNNs and the edgeRNNs.')).toBeLessThan(at(order, 'Algorithm 1 From'));
    expect(at(order, 'Input G = (V')).toBe(at(order, 'Algorithm 1 From') + 1);
    expect(at(order, 'fect the label of some node')).toBeGreaterThan(at(order, 'Return GR'));
  });

  it('reads the columns of a scanned 1881 newspaper apart, their cores an ink gutter (11 px) apart (old_scans 69_pg1)', () => {
    // The detector's boxes, grown by most of a text height, overlap across the gutter: the columns stand apart
    // only on the boxes' cores, a gutter narrower than half the grown boxes' height.
    const f = fixture('old-newspaper-69-columns.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const gutter = 836;
    const side = (i: number) => (f.lines[i]!.bbox[2] <= gutter + 8 ? 'left' : f.lines[i]!.bbox[0] >= gutter - 8 ? 'right' : 'across');
    // Down to where the detector ran rows across both columns that the rule and paper did not let be cut back,
    // every block is one column's, and the left column is read before the right.
    const within = (i: number) => f.lines[i]!.bbox[3] < 1690;
    const body = blocks.filter((b) => b.lines.every(within) && b.bbox[2] - b.bbox[0] > 200);
    expect(body.flatMap((b) => b.lines).length).toBeGreaterThanOrEqual(70);
    for (const b of body) expect(new Set(b.lines.map(side))).toEqual(new Set([side(b.lines[0]!)]));
    const order = blocks.flatMap((b) => b.lines).filter(within);
    const lastLeft = Math.max(...order.map((i, k) => (side(i) === 'left' ? k : -1)));
    const firstRight = order.findIndex((i) => side(i) === 'right');
    expect(lastLeft).toBeLessThan(firstRight);
  });
});

describe('reading order below a table', () => {
  it('reads two columns of text under a table whose column gap they cross (not_parsing2.pdf p5)', () => {
    const order = readOrder(fixture('not-parsing2-p5.json'));
    expect(at(order, 'geous technique due to')).toBe(at(order, 'industrial production, protein') + 1);
    expect(at(order, 'simple equipment requirements')).toBe(at(order, 'geous technique due to') + 1);
    expect(at(order, 'used purification steps are gel')).toBeLessThan(at(order, 'chromatography, which often'));
    expect(at(order, 'with (NH4)2SO4.')).toBe(at(order, 'chromatography, which often') + 1);
  });
});

describe('reading order under a figure drawn as text', () => {
  it('finds the columns where their lines stand, not from the figure labels above them (repeating_references p3)', () => {
    const order = readOrder(fixture('repeating-references-p3-lines.json'));
    expect(at(order, 'formed as described previously')).toBe(at(order, 'Protoplasts of isolate NAF8') + 1);
    expect(at(order, 'the PCR products were subcloned')).toBeGreaterThan(at(order, 'ing hygromycin B or geneticin'));
    expect(at(order, 'Piscataway, NJ, USA)')).toBe(at(order, 'an AlkPhos Direct Labelling') + 1);
  });
});

describe('reading order of a newspaper page', () => {
  // Two articles one above the other, a white band apart: above, a headline over three columns a narrow gutter
  // (1.2 line heights) apart; below, three columns set further right, their gutters under the others' text: no
  // gutter runs down the whole page, and each article's first gutter has one column on one side, two on the other.
  const lines: Fixture['lines'] = [];
  const column = (article: string, col: number, x: number, top: number, n: number, width: number) => {
    for (let k = 0; k < n; k++) lines.push({ bbox: [x, top + 17 * k, x + width, top + 17 * k + 17], text: `${article} column ${col} line ${k + 1}`, size: 16.9 });
  };
  lines.push({ bbox: [388, 300, 1180, 365], text: 'Headline over three columns', size: 61.8 });
  column('top', 1, 388, 450, 20, 253);
  column('top', 2, 662, 450, 20, 253);
  column('top', 3, 936, 450, 20, 253);
  column('bottom', 1, 430, 1500, 18, 250);
  column('bottom', 2, 700, 1500, 18, 250);
  column('bottom', 3, 970, 1500, 18, 250);
  const page: Fixture = { source: 'made', size: { width: 1240, height: 1900 }, unclipRatio: null, lines };

  it('reads each article column by column, not across its narrow gutters', () => {
    const order = readOrder(page);
    expect(at(order, 'Headline')).toBe(0);
    for (const article of ['top', 'bottom']) {
      const n = article === 'top' ? 20 : 18;
      for (const col of [1, 2, 3]) {
        expect(at(order, `${article} column ${col} line 2`)).toBe(at(order, `${article} column ${col} line 1`) + 1);
        expect(at(order, `${article} column ${col} line ${n}`)).toBe(at(order, `${article} column ${col} line 1`) + n - 1);
      }
      expect(at(order, `${article} column 2 line 1`)).toBe(at(order, `${article} column 1 line ${n}`) + 1);
    }
    expect(at(order, 'bottom column 1 line 1')).toBeGreaterThan(at(order, 'top column 3 line 20'));
  });
});

describe('reading order over a form', () => {
  it('reads two columns a narrow gutter apart above a full-width form, past a speck in the gutter (issue1350.pdf p1)', () => {
    const order = readOrder(fixture('issue1350-p1.json'));
    expect(at(order, 'payment on your behalf.')).toBe(at(order, 'Instructions for merchant: BuyWithMe') + 1);
    expect(at(order, 'Instructions for merchant: BuyWithMe')).toBeLessThan(at(order, '• Limit 1 voucher per person'));
    expect(at(order, 'redeeming your vouchers (name on ID')).toBe(at(order, '* Present valid, government-issued photo ID') + 1);
    expect(at(order, '• Ages 18 and under must have')).toBeGreaterThan(at(order, 'match the purchaser'));
    expect(at(order, 'Before redeeming this voucher')).toBeGreaterThan(at(order, 'must be activated by 03/22/2012.'));
  });
});

describe('right-aligned labels', () => {
  it('reads them in their rows, not as a column of their own (issue11913.pdf p1, a judgment\'s parties)', () => {
    const order = readOrder(fixture('issue11913-p1.json'));
    expect(at(order, '[2001] IESC 63')).toBeLessThan(at(order, 'THE SUPREME COURT'));
    expect(at(order, '326 & 327/00')).toBeLessThan(at(order, 'Keane C.J.'));
    expect(at(order, 'Plaintiff/Respondent')).toBeLessThan(at(order, 'KATHRYN SINNOTT'));
  });
});

describe('a boxed column above a listing whose gutter it crosses', () => {
  // A magazine page (long_tiny_text 20_pg39): a column of prose beside a boxed column, both above a two-column
  // listing; the boxed column's lines cross the listing's gutter, and the page number stands alone above it.
  const unit = (x0: number, y0: number, x1: number, y1: number, line: number): Unit => ({ box: [x0, y0, x1, y1], lines: [line] });
  const units: Unit[] = [];
  let id = 0;
  const pageNumber = id++;
  units.push(unit(470, 100, 500, 125, pageNumber));
  const prose = Array.from({ length: 15 }, () => id++);
  prose.forEach((line, k) => units.push(unit(0, 300 + 20 * k, 230, 310 + 20 * k, line)));
  const boxed = Array.from({ length: 15 }, () => id++);
  // Most boxed lines start left of the gutter below; a few short ones stay right of it.
  boxed.forEach((line, k) => units.push(k % 4 === 3 ? unit(370, 305 + 20 * k, 500, 315 + 20 * k, line) : unit(300, 305 + 20 * k, 500, 315 + 20 * k, line)));
  const listLeft = Array.from({ length: 80 }, () => id++);
  listLeft.forEach((line, k) => units.push(unit(0, 700 + 15 * k, 320, 710 + 15 * k, line)));
  const listRight = Array.from({ length: 80 }, () => id++);
  listRight.forEach((line, k) => units.push(unit(360, 700 + 15 * k, 510, 710 + 15 * k, line)));

  it('reads the prose, then the boxed column, each whole, then the listing column by column', () => {
    const order = readingOrder(units, 10, 5).flatMap((run) => run.flatMap((u) => u.lines));
    const run = (lines: number[]) => order.indexOf(lines[0]!) + lines.length - 1 === order.indexOf(lines[lines.length - 1]!);
    expect(run(prose)).toBe(true);
    expect(run(boxed)).toBe(true);
    expect(run(listLeft)).toBe(true);
    expect(run(listRight)).toBe(true);
    expect(order.indexOf(boxed[14]!)).toBeLessThan(order.indexOf(listLeft[0]!));
    expect(order.indexOf(listLeft[79]!)).toBeLessThan(order.indexOf(listRight[0]!));
  });
});

describe('figures above narrow columns', () => {
  // A newspaper briefing (long_tiny_text 20_pg48): two pictures, overlapping, reach across three columns whose
  // gutters are narrower than a line is high (19 and 14 px at 23 px lines); the third column starts beside the
  // first picture's foot.
  const unit = (x0: number, y0: number, x1: number, y1: number, line: number): Unit => ({ box: [x0, y0, x1, y1], lines: [line] });
  const units: Unit[] = [
    { box: [400, 1000, 912, 1584], lines: [], kind: 'figure' },
    { box: [808, 912, 1176, 1312], lines: [], kind: 'figure' },
  ];
  let id = 0;
  const column = (x0: number, x1: number, top: number, n: number) =>
    Array.from({ length: n }, (_, k) => {
      units.push(unit(x0, top + 18 * k, x1, top + 18 * k + 23, id));
      return id++;
    });
  const third = column(933, 1179, 1500, 19);
  const second = column(669, 917, 1588, 15);
  const first = column(402, 647, 1692, 9);

  it('keeps a picture beside a column out of it (the same page: a tall strip left of the first column)', () => {
    const side: Unit[] = [{ box: [112, 128, 336, 1376], lines: [], kind: 'figure' }];
    const lines = Array.from({ length: 12 }, (_, k) => k);
    lines.forEach((k) => side.push(unit(385, 654 + 18 * k, 648, 654 + 18 * k + 23, k), unit(669, 654 + 18 * k, 917, 654 + 18 * k + 23, 100 + k)));
    // The strip's own quotation under it.
    lines.forEach((k) => side.push(unit(136, 1397 + 18 * k, 314, 1397 + 18 * k + 23, 200 + k)));
    const order = readingOrder(side, 23, 11.5).flatMap((run) => run.flatMap((u) => (u.kind ? [-1] : u.lines)));
    expect(order.slice(order.indexOf(0), order.indexOf(0) + 12)).toEqual(lines);
  });

  it('reads the pictures, then each column whole, left to right', () => {
    const runs = readingOrder(units, 23, 11.5);
    const order = runs.flatMap((run) => run.flatMap((u) => u.lines));
    const whole = (lines: number[]) => order.indexOf(lines[0]!) + lines.length - 1 === order.indexOf(lines[lines.length - 1]!);
    expect(whole(first) && whole(second) && whole(third)).toBe(true);
    expect(order.indexOf(first.at(-1)!)).toBeLessThan(order.indexOf(second[0]!));
    expect(order.indexOf(second.at(-1)!)).toBeLessThan(order.indexOf(third[0]!));
    expect(runs.findIndex((run) => run.some((u) => u.kind === 'figure'))).toBe(0);
  });
});

describe('a table across two columns of text', () => {
  it('reads the columns above it one after the other, then the table (pdftotext_two_column_issue p11)', () => {
    // Cores 12 px tall on a 37 px pitch, the columns 33 px apart, and under them a table as wide as both and taller
    // than the text: its height in every column hid the gutter in the region's projection.
    const line = (x: number, k: number): Unit => ({ box: [x, 160 + 37 * k, x + 560, 172 + 37 * k], lines: [x + k] });
    const left = Array.from({ length: 20 }, (_, k) => line(155, k));
    const right = Array.from({ length: 20 }, (_, k) => line(786, k));
    const table: Unit = { box: [155, 1000, 1362, 1844], lines: [9999], kind: 'table', ref: 0 };
    const order = readingOrder([table, ...right, ...left], 12, 10).flat();
    expect(order).toEqual([...left, ...right, table]);
  });
});

describe('an author block centred over two columns', () => {
  it("reads a short line centred across the gutter with the block it ends, before the columns (ACM's \"Germany\")", () => {
    // An ACM sigconf first page (1545 × 2000): title, author, affiliation and country centred over two columns
    // whose gutter (748–800) the country's line crosses; the columns' lines 27 px apart. Boxes as the page's own text
    // fills the detector's (grown by its unclip ratio), so the gutter is judged on their cores.
    const lines: TextLine[] = [
      { bbox: [356, 210, 1192, 252], text: 'Pure Reason and the Manifold of Intuition', size: 43 },
      { bbox: [667, 268, 884, 302], text: 'Immanuel Weber', size: 30 },
      { bbox: [634, 302, 916, 331], text: 'Institute of Critical Studies', size: 25 },
      { bbox: [724, 332, 827, 361], text: 'Germany', size: 25 },
      { bbox: [134, 380, 287, 412], text: 'ABSTRACT', size: 28 },
    ];
    for (let k = 0; k < 14; k++) lines.push({ bbox: [133, 419 + 27 * k, 748, 446 + 27 * k], text: `left column line ${k + 1} of the abstract's paragraph`, size: 22 });
    for (let k = 0; k < 14; k++) lines.push({ bbox: [800, 412 + 27 * k, 1416, 439 + 27 * k], text: `right column line ${k + 1} of the body's paragraph`, size: 22 });
    const order = layoutPage(lines, { width: 1545, height: 2000 }, { unclipRatio: 1.5 }).flatMap((b) => b.lines).map((i) => lines[i]!.text ?? '');
    expect(order.slice(0, 5)).toEqual(lines.slice(0, 5).map((l) => l.text));
    expect(at(order, 'right column line 1 ')).toBe(at(order, 'left column line 14 ') + 1);
  });
});

describe('a heading that opens a new set of columns', () => {
  // A newsletter printed from HTML (1240 × 1754): three columns of text, then a section heading (h2, set larger, in
  // the first column only), then three columns again; the gutters run down the whole page.
  const xs = [100, 460, 820];
  const column = (set: number, col: number, top: number, n: number): TextLine[] =>
    Array.from({ length: n }, (_, k) => ({ bbox: [xs[col]!, top + 30 * k, xs[col]! + 320, top + 30 * k + 24], text: `set ${set} column ${col + 1} line ${k + 1} of its text`, size: 20 }));
  const heading: TextLine = { bbox: [100, 700, 290, 734], text: '2. Operations', size: 28 };

  it('reads the first set column by column, then the heading, then the second set', () => {
    const lines = [...[0, 1, 2].flatMap((c) => column(1, c, 100, 18)), heading, ...[0, 1, 2].flatMap((c) => column(2, c, 780, 12))];
    const blocks = layoutPage(lines, { width: 1240, height: 1754 });
    const order = blocks.flatMap((b) => b.lines).map((i) => lines[i]!.text ?? '');
    expect(order).toEqual(lines.map((l) => l.text));
    expect(blocks.find((b) => b.lines.includes(lines.indexOf(heading)))?.type).toBe('heading');
  });

  it('leaves a lone line set a little larger across the gutter as text: only a heading that opens a set is measured against the page', () => {
    // Two columns, and between their halves a short line set 1.15× the body across the gutter, in a band of its own.
    const two = [0, 1].flatMap((c) => column(1, c, 100, 12));
    const lone: TextLine = { bbox: [380, 500, 540, 527], text: 'Payments 61', size: 23 };
    const lines = [...two, lone, ...[0, 1].flatMap((c) => column(2, c, 560, 12))];
    const blocks = layoutPage(lines, { width: 1240, height: 1754 });
    expect(blocks.find((b) => b.lines.includes(lines.indexOf(lone)))?.type).toBe('paragraph');
  });

  it('leaves a heading in its column where the other columns run on beside it, or end above it', () => {
    // Beside it: the other columns' text runs past the heading's row.
    const beside = [...column(1, 0, 100, 18), heading, ...column(2, 0, 780, 12), ...[1, 2].flatMap((c) => column(1, c, 100, 35))];
    const order = layoutPage(beside, { width: 1240, height: 1754 }).flatMap((b) => b.lines).map((i) => beside[i]!.text ?? '');
    expect(at(order, '2. Operations')).toBe(at(order, 'set 1 column 1 line 18 ') + 1);
    expect(at(order, 'set 1 column 2 line 1 ')).toBe(at(order, 'set 2 column 1 line 12 ') + 1);
    // A last page: the other columns end above the heading and nothing follows them.
    const last = [...column(1, 0, 100, 18), heading, ...column(2, 0, 780, 12), ...[1, 2].flatMap((c) => column(1, c, 100, 12))];
    const lastOrder = layoutPage(last, { width: 1240, height: 1754 }).flatMap((b) => b.lines).map((i) => last[i]!.text ?? '');
    expect(at(lastOrder, 'set 1 column 2 line 1 ')).toBe(at(lastOrder, 'set 2 column 1 line 12 ') + 1);
  });
});
