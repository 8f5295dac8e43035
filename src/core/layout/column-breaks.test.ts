import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { assembleMarkdown } from '../assemble/assemble-markdown';
import { joinColumnBreaks } from './column-breaks';
import { layoutPage } from './layout-page';
import type { Block, TextLine } from './types';

const block = (type: Block['type'], bbox: BBox, lines: number[]): Block => ({ type, bbox, lines });
/** Every line as wide as its column. */
const full = (): BBox => [0, 0, 1000, 20];

describe('joinColumnBreaks', () => {
  // Left column: lines 0–1 end mid-word; a footnote at its foot (2); the right column goes on (3–4).
  const texts = [
    'Language models have been at the center of NLP for many years (Rosenfeld, 2000; Ben-',
    '',
    '1 Work done while at the Institute.',
    'gio et al., 2003; Mikolov et al., 2013). Recently, due to pretraining,',
    'they have become commercially valuable.',
  ];
  texts[1] = texts[0]!;
  const text = (i: number) => texts[i] ?? '';
  const left: BBox = [100, 900, 480, 1000];
  const foot: BBox = [100, 1200, 480, 1230];
  const right: BBox = [520, 100, 900, 200];

  it('joins the paragraph a column break cuts, over the footnote between them', () => {
    const out = joinColumnBreaks([block('paragraph', left, [0, 1]), block('footnote', foot, [2]), block('paragraph', right, [3, 4])], text, full);
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'footnote']);
    expect(out[0]).toMatchObject({ lines: [0, 1, 3, 4], bbox: [100, 100, 900, 1000], parts: [left, right] });
  });

  it('leaves apart a part set smaller than the first: a caption going on at the top of the next column (repeating_references p5)', () => {
    const blocks = [block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4])];
    const stated = (caption: number) => (i: number) => (i >= 3 ? caption : 24.2);
    expect(joinColumnBreaks(blocks, text, full, stated(20.4))).toHaveLength(2);
    expect(joinColumnBreaks(blocks, text, full, stated(24.2))).toHaveLength(1);
    // Without stated sizes, the lines' heights: 22 px under 27 px lines, against the same height.
    const tall = (h: number) => (i: number): BBox => [0, 0, 1000, i >= 3 ? h : 27];
    expect(joinColumnBreaks(blocks, text, tall(22))).toHaveLength(2);
    expect(joinColumnBreaks(blocks, text, tall(27))).toHaveLength(1);
  });

  it('joins over notes set smaller at the column’s foot, which the second part does not go on from (repeating_references p1)', () => {
    // An abstract ends its column at "… it is"; under it, affiliations and a data note set smaller, the note ending
    // without a point ("… accession number AB179766"); the abstract goes on at the top of the right column.
    const note: BBox = [100, 1100, 480, 1160];
    const blocks = [block('paragraph', left, [0, 1]), block('paragraph', note, [2]), block('paragraph', right, [3, 4])];
    const words = (i: number) => (i === 2 ? 'The nucleotide sequence is available under accession number AB179766' : text(i));
    const out = joinColumnBreaks(blocks, words, full, (i) => (i === 2 ? 20.4 : 24.2));
    expect(out.map((b) => b.lines)).toEqual([[0, 1, 3, 4], [2]]);
    // Set as large as the paragraph, the note is body text between them: the abstract is not joined over it.
    expect(joinColumnBreaks(blocks, words, full, () => 24.2)[0]!.lines).toEqual([0, 1]);
  });

  it('leaves paragraphs apart where the first closes its sentence or the second starts a new one', () => {
    const closed = (i: number) => (i === 1 ? 'the end of the sentence.' : text(i));
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4])], closed, full)).toHaveLength(2);
    const capital = (i: number) => (i === 3 ? 'Gio et al. wrote it first.' : text(i));
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4])], capital, full)).toHaveLength(2);
  });

  it('joins only where the second part starts a column to the right, or goes on below past a figure', () => {
    // Straight below in the same column with nothing between: the layout's own paragraph break, kept.
    const below: BBox = [100, 1010, 480, 1100];
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('paragraph', below, [3, 4])], text, full)).toHaveLength(2);
    // A heading between them is a new section, not a continuation.
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('heading', foot, [2]), block('paragraph', right, [3, 4])], text, full)).toHaveLength(3);
    // A figure and its caption inside the column: the paragraph goes on under them.
    const figure = block('figure', [100, 1010, 480, 1300], []);
    const caption = block('caption', [100, 1310, 480, 1340], [2]);
    const under: BBox = [100, 1360, 480, 1450];
    const out = joinColumnBreaks([block('paragraph', left, [0, 1]), figure, caption, block('paragraph', under, [3, 4])], text, full);
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'figure', 'caption']);
    expect(out[0]!.parts).toEqual([left, under]);
  });

  it('leaves apart a short last line, a column of another width, and a footnote that breaks off itself', () => {
    const short = (i: number): BBox => (i === 1 ? [100, 980, 250, 1000] : full());
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4])], text, short)).toHaveLength(2);
    const wide: BBox = [520, 100, 1400, 200];
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('paragraph', wide, [3, 4])], text, full)).toHaveLength(2);
    const brokenOff = (i: number) => (i === 2 ? '* Terms apply; please see' : text(i));
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('footnote', foot, [2]), block('paragraph', right, [3, 4])], brokenOff, full)).toHaveLength(3);
  });

  it("joins only a column's last paragraph to the next column's first (a title across the page is in neither)", () => {
    const title = block('heading', [100, 20, 900, 60], [5]);
    // Another paragraph below the first in its column: the reading order went wrong, nothing is joined.
    const lower = block('paragraph', [100, 1010, 480, 1100], [6]);
    expect(joinColumnBreaks([title, block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4]), lower], text, full)).toHaveLength(4);
    // Another paragraph above the second in its column: the same.
    const upper = block('paragraph', [520, 20, 900, 90], [6]);
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4]), upper], text, full)).toHaveLength(3);
    expect(joinColumnBreaks([title, block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4])], text, full)).toHaveLength(2);
  });

  it('joins under a first page’s author lines centred over the gutter, narrower than a column (olmo-page-1)', () => {
    // "Allen Institute … University of Washington": centred on the page, half of it over the right column.
    const affiliation = block('paragraph', [260, 40, 740, 60], [5]);
    const email = block('paragraph', [420, 70, 580, 85], [6]);
    const out = joinColumnBreaks([affiliation, email, block('paragraph', left, [0, 1]), block('paragraph', right, [3, 4])], text, full);
    expect(out.map((b) => b.lines)).toEqual([[5], [6], [0, 1, 3, 4]]);
  });

  it('joins a paragraph that runs through three columns, and keeps a guess apart from sure text', () => {
    const mid: BBox = [400, 100, 600, 900];
    const third: BBox = [700, 100, 900, 300];
    const runOn = (i: number) => (i === 3 ? 'and so on without a stop' : text(i));
    const out = joinColumnBreaks([block('paragraph', [100, 500, 300, 900], [0, 1]), block('paragraph', mid, [3]), block('paragraph', third, [4])], runOn, full);
    expect(out).toHaveLength(1);
    expect(out[0]!.parts).toHaveLength(3);
    const unsure = { ...block('paragraph', right, [3, 4]), unsure: true };
    expect(joinColumnBreaks([block('paragraph', left, [0, 1]), unsure], text, full)).toHaveLength(2);
  });
});

describe('a caption under a figure across the page, running on in the right column', () => {
  // repeating_references p5: the figure spans the page; its caption is set in two columns under it, and each column's
  // text goes on below its half of the caption.
  const texts = [
    'Fig. 3. Nucleotide and amino acid sequences of AFT10-1. Intron sequences are written',
    'in small letters. The numbers on the left give the',
    'spora crassa and to the hydroxypantoate reductases of several bacteria.',
    'orientation of the nucleotides. The lines indicate the forward and re-',
    'verse primers used to amplify the ORF',
    '(Fig. 4). Primer pair C2SR19 and C2SR21 was used to amplify AFT10-1.',
  ];
  const text = (i: number) => texts[i] ?? '';
  const at = (x: number, y: number): BBox => [x, y, x + 400, y + 20];
  const boxes = [at(100, 1200), at(100, 1222), at(100, 1300), at(540, 1200), at(540, 1222), at(540, 1300)];
  const box = (i: number) => boxes[i]!;
  const size = (i: number) => (i === 2 || i === 5 ? 24.2 : 20.4);
  const blocks = (second: string) => [
    block('caption', [100, 1200, 500, 1242], [0, 1]),
    block('paragraph', [100, 1300, 500, 1320], [2]),
    { ...block('paragraph', [540, 1200, 940, 1242], [3, 4]), type: second as Block['type'] },
    block('paragraph', [540, 1300, 940, 1320], [5]),
  ];

  it('reads the caption’s second half right after its first', () => {
    const out = joinColumnBreaks(blocks('paragraph'), text, box, size);
    expect(out.map((b) => [b.type, b.lines])).toEqual([
      ['caption', [0, 1, 3, 4]],
      ['paragraph', [2]],
      ['paragraph', [5]],
    ]);
  });

  it('leaves a caption that ends its sentence, and a neighbour that starts its own, as they are', () => {
    const closed = (i: number) => (i === 1 ? 'in small letters.' : text(i));
    expect(joinColumnBreaks(blocks('paragraph'), closed, box, size).map((b) => b.lines)).toEqual([[0, 1], [2], [3, 4], [5]]);
    const own = (i: number) => (i === 3 ? 'Fig. 4. Expression of the ORFs by RT-PCR amplification' : text(i));
    expect(joinColumnBreaks(blocks('caption'), own, box, size).map((b) => b.lines)).toEqual([[0, 1], [2], [3, 4], [5]]);
  });
});

describe('a two-column page whose paragraph runs on into the right column', () => {
  const page = { width: 1000, height: 1400 };
  /** A line as wide as its text at 10 px a character. */
  const L = (x0: number, y0: number, text: string): TextLine => ({ bbox: [x0, y0, x0 + text.length * 10, y0 + 20], text });
  const left = [
    'The first paragraph of the left column',
    'is set in lines of nearly equal length',
    'and it closes with a short last line.',
    'A second paragraph starts right below',
    'the first and runs down to the foot of',
    'the column, where its last word hyphen-',
  ];
  const right = [
    'ated at the break goes on at the top of',
    'the right column and there it closes.',
    'Then a new paragraph of the right side',
    'follows, set in lines of equal length',
    'until it closes with its own last line.',
  ];
  const lines = [...left.map((t, k) => L(100, 200 + k * 28, t)), ...right.map((t, k) => L(520, 200 + k * 28, t))];

  it('writes it as one paragraph, the broken word re-joined (or kept as printed)', () => {
    const blocks = layoutPage(lines, page);
    const texts = lines.map((l) => l.text!);
    const { markdown, regions } = assembleMarkdown(blocks, texts, { page: 1, dropHeaders: false });
    expect(markdown).toContain('the column, where its last word hyphenated at the break goes on at the top of the right column');
    const joined = regions.find((r) => r.markdown.includes('hyphenated'))!;
    expect(joined.parts).toEqual([blocks[0]!.parts![0], blocks[0]!.parts![1]]);
    expect(joined.parts![0]![2]).toBeLessThan(520);
    expect(joined.parts![1]![0]).toBe(520);
    expect(assembleMarkdown(blocks, texts, { page: 1, dropHeaders: false, keepHyphens: true }).markdown).toContain('last word hyphen- ated at the break');
  });
});
