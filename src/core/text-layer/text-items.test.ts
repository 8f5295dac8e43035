import { describe, expect, it } from 'vitest';
import { textItemsToLines, withoutRepeats } from './text-items';

// pdf.js's viewport at scale 2 on a page 800 points high: y flips, points double.
const VIEWPORT = [2, 0, 0, -2, 0, 1600];
const item = (str: string, transform: number[], width: number) => ({ str, transform, width, height: 12, hasEOL: false });

describe('textItemsToLines', () => {
  it('joins the items of one baseline into a line, in image pixels, with the direction the text runs in', () => {
    const lines = textItemsToLines([item('Level', [12, 0, 0, 12, 100, 700], 30), item('text', [12, 0, 0, 12, 134, 700], 24)], VIEWPORT);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.text).toBe('Level text');
    expect(lines[0]!.bbox.map(Math.round)).toEqual([200, 180, 316, 206]);
    expect(lines[0]!.direction).toBe(0);
  });

  it("starts a new line between two figures set a table's column gap apart, and keeps words that far apart one line", () => {
    // A results table at 11 pt: TeX sets its columns 12 pt apart, just under the 1.1 em that ends a run of words.
    const row = (a: string, b: string) => textItemsToLines([item(a, [11, 0, 0, 11, 100, 700], 50), item(b, [11, 0, 0, 11, 162, 700], 50)], VIEWPORT).map((l) => l.text);
    expect(row('26.35 (3.2)', '21.70 (1.0)')).toEqual(['26.35 (3.2)', '21.70 (1.0)']);
    expect(row('91.5%', '−0.3')).toEqual(['91.5%', '−0.3']);
    expect(row('Accuracy', 'Precision')).toEqual(['Accuracy Precision']);
    // Figures a word space apart are one run ("in 2019 37 patients" set loosely).
    const loose = textItemsToLines([item('2019', [11, 0, 0, 11, 100, 700], 22), item('37', [11, 0, 0, 11, 128, 700], 11)], VIEWPORT);
    expect(loose.map((l) => l.text)).toEqual(['2019 37']);
  });

  it("boxes text set sideways where it stands, and never joins it to a level line (arXiv's stamp up the margin)", () => {
    // pdf.js's item for text turned 90° anticlockwise at x = 37 pt, from y = 199 pt up: 162 pt long at 10 pt.
    const stamp = item('arXiv:2107.01234v2 [math.AP] 14 Jul 2021', [0, 10, -10, 0, 37, 199], 162);
    const level = item('the body text beside it', [10, 0, 0, 10, 40, 250], 100);
    const lines = textItemsToLines([stamp, level], VIEWPORT);
    expect(lines.map((l) => l.text)).toEqual([stamp.str, level.str]);
    const [x0, y0, x1, y1] = lines[0]!.bbox.map(Math.round);
    // 11 pt thick across x (its ascenders to the left: 28.5 to 39.5 pt), 162 pt long up the page (199 to 361 pt).
    expect([x0, y0, x1, y1]).toEqual([57, 1600 - 2 * 361, 79, 1600 - 2 * 199]);
  });

  it('boxes a slanted run (a word processor\'s synthetic italic φ) as its upright one', () => {
    // not_parsing.pdf p4: φ set with a skew of 0.33 in its matrix, among the formula's upright letters.
    const slanted = textItemsToLines([item('φ', [10, 0, 3.3, 10.1, 339, 676.3], 5.2)], VIEWPORT)[0]!.bbox;
    const upright = textItemsToLines([item('φ', [10, 0, 0, 10.1, 339, 676.3], 5.2)], VIEWPORT)[0]!.bbox;
    expect(slanted).toEqual(upright);
  });

  it('marks a line bold when most of its characters are set in a bold face', () => {
    const bold = (str: string, x: number, width: number) => ({ ...item(str, [12, 0, 0, 12, x, 700], width), bold: true });
    const heading = textItemsToLines([bold('Introduction', 100, 72)], VIEWPORT)[0]!;
    expect(heading.bold).toBe(true);
    // A bold run-in label before a line of ordinary text: the line is not bold.
    const runIn = textItemsToLines([bold('Keywords:', 100, 54), item('promotions, employees, perceptions', [12, 0, 0, 12, 157, 700], 200)], VIEWPORT)[0]!;
    expect(runIn.text).toBe('Keywords: promotions, employees, perceptions');
    expect(runIn.bold).toBeUndefined();
  });

  it('keeps a smaller raised run right after the text on its line, with no space (a unit "U mg−1" in a table cell)', () => {
    // The items of a cell of a journal's table (not_parsing2.pdf p5): "U", "mg" at 6.97 pt, "−" and "1" at 4.98 pt, 2.5 pt higher.
    const lines = textItemsToLines(
      [
        item('62.7', [6.97, 0, 0, 6.97, 305.76, 721.68], 13.57),
        item('U', [6.97, 0, 0, 6.97, 320.5, 721.68], 5.29),
        item('mg', [6.97, 0, 0, 6.97, 326.95, 721.68], 10.85),
        item('−', [4.98, 0, 0, 4.98, 337.8, 724.21], 3.89),
        item('1', [4.98, 0, 0, 4.98, 341.69, 724.21], 2.77),
      ],
      VIEWPORT,
    );
    expect(lines.map((l) => l.text)).toEqual(['62.7 U mg−1']);
  });

  it('gives text set upward, as on a sideways table, its angle on the image', () => {
    const [line] = textItemsToLines([item('Upward', [0, 12, -12, 0, 100, 300], 40)], VIEWPORT);
    expect(line!.direction).toBeCloseTo(-Math.PI / 2);
  });

  it('gives a line the size most of its characters are set in, in image pixels', () => {
    const [line] = textItemsToLines([item('Body text set at', [10, 0, 0, 10, 100, 700], 80), item('2', [7, 0, 0, 7, 184, 703], 4)], VIEWPORT);
    expect(line!.text).toBe('Body text set at 2');
    expect(line!.size).toBe(20);
  });

  it("gives a run pdf.js began at a subscript the size of the text it runs on in (failing_pdf_pg9's c₁ lines)", () => {
    // failing_pdf_pg9.pdf p7, as pdf.js gives it: an italic c at 9 pt, then its subscript 1 and the rest of the line
    // in one run that carries the subscript's matrix (6.7 pt, 1.5 pt lower) but is as wide as the text at 9 pt.
    const f1 = (str: string, transform: number[], width: number) => ({ ...item(str, transform, width), fontName: 'f1' });
    const body = [
      f1('nucleotides in the search space and see whether its combination with', [9, 0, 0, 9, 59, 150], 240),
      f1('considering that there are thousands of nucleotides in the search', [9, 0, 0, 9, 59, 128], 240.1),
      f1('space. When observing the first two nucleotides in Seqnew, it can', [9, 0, 0, 9, 59, 117], 240),
      f1('that contains n nucleotides, the number of all m-nt fragments will be', [9, 0, 0, 9, 59, 106], 240),
      f1('retain this many candidates and compute their distances to the que', [9, 0, 0, 9, 59, 95], 240),
    ];
    const c = { ...item('c', [9, 0, 0, 9, 59, 139], 3.2), fontName: 'f2' };
    const rest = f1('1 satisfies the similarity constraint. However, this is time consuming', [6.7, 0, 0, 6, 62.2, 137.5], 236.8);
    const lines = textItemsToLines([body[0]!, c, rest, ...body.slice(1)], VIEWPORT);
    expect(lines.map((l) => l.text)).toEqual([body[0]!.str, 'c1 satisfies the similarity constraint. However, this is time consuming', ...body.slice(1).map((b) => b.str)]);
    expect(lines.map((l) => l.size)).toEqual([18, 18, 18, 18, 18, 18]);
    // A run that is narrow for its length keeps its own size: a real footnote line at 6.7 pt in the same font.
    const note = f1('1 satisfies the similarity constraint. However, this is time consuming', [6.7, 0, 0, 6.7, 59, 60], 176);
    expect(textItemsToLines([...body, note], VIEWPORT).at(-1)!.size).toBe(13.4);
    // Capitals run wider for their size than the font's lower-case runs: a small heading in capitals keeps its size.
    const caps = f1('RESULTS AND DISCUSSION OF THE METHOD', [7, 0, 0, 7, 59, 60], 150);
    expect(textItemsToLines([...body, caps], VIEWPORT).at(-1)!.size).toBe(14);
  });
});

describe('withoutRepeats', () => {
  const line = (text: string, bbox: [number, number, number, number]) => ({ text, bbox });
  it('reads a line drawn twice over itself once (a form’s field labels, issue1350.pdf)', () => {
    const lines = [line('Please write your name here', [118, 1334, 450, 1363]), line('State listed on your ID', [1529, 1334, 1786, 1363]), line('Please write your name here', [118, 1334, 450, 1363])];
    expect(withoutRepeats(lines).map((l) => l.text)).toEqual(['Please write your name here', 'State listed on your ID']);
  });

  it('reads a line drawn twice a hair apart (fake bold) once', () => {
    expect(withoutRepeats([line('Total', [100, 50, 160, 70]), line('Total', [101, 50, 161, 70])])).toHaveLength(1);
  });

  it('keeps the same words where the page writes them again elsewhere', () => {
    expect(withoutRepeats([line('Total', [100, 50, 160, 70]), line('Total', [100, 400, 160, 420]), line('Total', [300, 50, 360, 70])])).toHaveLength(3);
  });
});
