import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { layoutPage } from './layout-page';
import { layoutFixture } from '../../../test/support/layout-fixture';
import type { TextLine } from './types';

const page = { width: 1000, height: 1400 };
/** A line whose box is as wide as its text would be at height h (≈ 0.5·h per character). */
const T = (x0: number, y0: number, text: string, h = 20): TextLine => ({ bbox: [x0, y0, x0 + text.length * 0.5 * h, y0 + h] as BBox, text });
const L = (x0: number, y0: number, x1: number, text?: string, h = 20): TextLine => ({ bbox: [x0, y0, x1, y0 + h] as BBox, text });

/** A column of n body lines, 28 px apart, text filling the width; the last line half as long. */
function column(x0: number, x1: number, y0: number, n: number, tag: string): TextLine[] {
  const chars = Math.floor((x1 - x0) / 10);
  return Array.from({ length: n }, (_, k) => {
    const full = `${tag}${k} ` + 'words of text '.repeat(40);
    const text = (k === n - 1 ? full.slice(0, chars / 2 - 1) + '.' : full.slice(0, chars)).trimEnd();
    return L(x0, y0 + k * 28, x0 + text.length * 10, text);
  });
}

describe('layoutPage', () => {
  it('reads a full-width title, then the left column, then the right column', () => {
    const lines = [T(100, 100, 'A Title Across Both Columns', 40), ...column(100, 480, 200, 12, 'L'), ...column(520, 900, 200, 12, 'R')];
    const blocks = layoutPage(lines, page);
    expect(blocks[0]).toMatchObject({ type: 'heading', level: 1 });
    const order = blocks.flatMap((b) => b.lines).map((i) => lines[i]!.text!.slice(0, 3));
    expect(order.slice(1)).toEqual([...Array.from({ length: 12 }, (_, k) => `L${k} `.slice(0, 3)), ...Array.from({ length: 12 }, (_, k) => `R${k} `.slice(0, 3))]);
  });

  it('reads an ornament set large in type ("===") as text, neither a heading nor a formula (long_tiny_text 20_pg39)', () => {
    const lines = [...column(100, 900, 200, 4, 'A'), T(480, 330, '===', 40), ...column(100, 900, 400, 4, 'B')];
    const blocks = layoutPage(lines, page);
    const ornament = blocks.find((b) => b.lines.includes(4))!;
    expect(ornament.type).toBe('paragraph');
  });

  it('also finds the columns from boxes alone (no text yet)', () => {
    const lines = [...column(100, 480, 200, 10, 'L'), ...column(520, 900, 200, 10, 'R')].map((l) => ({ bbox: l.bbox }));
    const blocks = layoutPage(lines, page);
    const order = blocks.flatMap((b) => b.lines);
    expect(order).toEqual([...Array(20).keys()]);
  });

  it('separates a running header and a page-number footer from the body', () => {
    const lines = [L(100, 30, 400, 'Journal of Examples, vol. 3', 16), ...column(100, 900, 200, 8, 'B'), L(490, 1360, 510, '17', 16)];
    const blocks = layoutPage(lines, page);
    expect(blocks[0]).toMatchObject({ type: 'header', lines: [0] });
    expect(blocks[blocks.length - 1]).toMatchObject({ type: 'footer', lines: [9] });
    expect(blocks.slice(1, -1).every((b) => b.type === 'paragraph')).toBe(true);
  });

  it('turns aligned rows into a table grid with a header row', () => {
    const rows = [
      ['Name', 'Qty', 'Price'],
      ['Apples', '3', '1.20'],
      ['Pears', '12', '0.80'],
    ];
    const lines = [L(100, 100, 900, 'Before the table comes a paragraph of text.'), ...rows.flatMap((r, k) => [L(100, 160 + k * 30, 200, r[0]), L(400, 160 + k * 30, 440, r[1]), L(700, 160 + k * 30, 760, r[2])])];
    const blocks = layoutPage(lines, page);
    const table = blocks.find((b) => b.type === 'table')!;
    expect(table.table).toMatchObject({ rows: 3, cols: 3 });
    const cell = (r: number, c: number) => table.table!.cells.find((x) => x.row === r && x.col === c)!;
    expect(lines[cell(2, 1).lines[0]!]!.text).toBe('12');
    expect(cell(0, 2).header).toBe(true);
    expect(cell(1, 2).header).toBe(false);
  });

  it('keeps the last row’s wrapped cell in the table, and the paragraph under it out (a register of items)', () => {
    // Item | Owner | Description | Status, the description wrapping to more lines (HTML printed to PDF).
    const rows = [
      ['Training plan', 'Facilities', ['As is shown in the writings of Hume, the noumena', 'should only be used as a canon.'], 'On track'],
      ['Patch cadence', 'Finance', ['I assert, certainly, that, irrespective of all', 'empirical conditions, the Categories are'], 'Complete'],
      ['Data retention', 'Procurement', ['As is evident upon close examination, our faculties', 'stand in need to the transcendental objects', 'in space and time; certainly, our ideas are.'], 'Under review'],
    ] as const;
    const lines: TextLine[] = [L(100, 60, 180, 'Item'), L(300, 60, 380, 'Owner'), L(460, 60, 600, 'Description'), L(820, 60, 900, 'Status')];
    let y = 100;
    for (const [item, owner, desc, status] of rows) {
      lines.push(L(100, y, 240, item), L(300, y, 400, owner), L(820, y, 920, status));
      desc.forEach((d, k) => lines.push(L(460, y + 26 * k, 460 + d.length * 6.5, d)));
      y += 26 * desc.length + 18;
    }
    const after = L(80, y + 30, 940, 'What we have alone been able to show is that the employment of the aesthetic exists.');
    lines.push(after);
    const blocks = layoutPage(lines, page);
    const table = blocks.find((b) => b.type === 'table')!;
    expect(table.table).toMatchObject({ rows: 4, cols: 4 });
    const last = table.table!.cells.find((c) => c.row === 3 && c.col === 2)!;
    expect(last.lines.map((i) => lines[i]!.text)).toEqual(rows[2][2]);
    expect(table.lines).not.toContain(lines.indexOf(after));
  });

  it('groups bullet items with their continuation lines into one list', () => {
    const lines = [
      L(100, 100, 900, 'Intro paragraph that ends here.'),
      L(100, 150, 800, '• first item that wraps onto'),
      L(130, 178, 400, 'a second line'),
      L(100, 206, 700, '• second item'),
      L(100, 234, 700, '• third item'),
    ];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list']);
    expect(blocks[1]!.items).toEqual([[1, 2], [3], [4]]);
    expect(blocks[1]!.ordered).toBe(false);
  });

  it('reads a reference list whose numbers hang apart as items, a line that starts with a page range in its item (load_v_error p15)', () => {
    // The numbers stand in a column of their own, 16 px left of the entries: read as columns, the numbers came out
    // as one run of "2. 3. 4." and the entries as one paragraph.
    const lines = [
      T(124, 100, '2.'),
      T(160, 100, 'Moulia B, Fournier M. The power and control of gravitropic movements in'),
      T(160, 124, 'plants: a biomechanical and systems biology view. J Exp Bot. 2009;'),
      T(124, 157, '3.'),
      T(160, 157, 'Silk WK. Quantitative descriptions of development. Annual Review of 35:479–'),
      T(160, 181, '518. https://doi.org/10.1146/annurev.pp.35.060184.002403'),
      T(124, 214, '4.'),
      T(160, 214, 'Band LR, Wells DM, Larrieu A, Sun J. Root gravitropism is regulated by a'),
    ];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.type)).toEqual(['list']);
    expect(blocks[0]!.items).toEqual([[0, 1, 2], [3, 4, 5], [6, 7]]);
    expect(blocks[0]!.ordered).toBe(true);
  });

  it('keeps the last words of a sentence that leads into a formula in their paragraph (bws_book_ch2 p6)', () => {
    const lines = [
      T(100, 100, 'each face must be enlarged by a square of blocks (whereas in the previous case we'),
      T(100, 122, 'added a square of blocks of one). Thus, an equation to account for this result of'),
      T(100, 144, 'addition is'),
      T(400, 166, '3^3 = 2^3 + 3 · 2^2 +'),
    ];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => [b.type, b.lines])).toEqual([['paragraph', [0, 1, 2]], ['formula', [3]]]);
  });

  it('reads items whose marks hang apart from their text as one paragraph each, the next starting at the marks (form_on_later_pages p2)', () => {
    const lines = [
      T(100, 100, 'A5.'),
      T(160, 100, 'The trading name must meet the criteria of the registry and the law of the'),
      T(160, 122, 'land. CASA will verify the currency of registration of the trading name as'),
      T(160, 144, 'registered, and your ReOC will be issued without the trading name'),
      T(100, 166, 'A7.'),
      T(160, 166, 'You may by law appoint an agent to complete and sign the application in'),
      T(160, 188, 'relation to all matters necessary to complete the application.'),
    ];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.lines)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('does not take a drawing’s number labels set a little larger for headings, where a worded line is one (bws_book_ch2 p14)', () => {
    const sized = (l: TextLine, size: number): TextLine => ({ ...l, size });
    const lines = [
      ...column(100, 900, 100, 4, 'A').map((l) => sized(l, 20)),
      sized(T(300, 210, '5 2', 23), 23.4),
      sized(T(300, 238, '1 4 3', 23), 23.4),
      sized(T(100, 300, 'Region Counts', 23), 23.4),
      ...column(100, 900, 340, 4, 'B').map((l) => sized(l, 20)),
    ];
    const blocks = layoutPage(lines, page);
    const kindOf = (i: number) => blocks.find((b) => b.lines.includes(i))!.type;
    expect([kindOf(4), kindOf(5), kindOf(6)]).toEqual(['paragraph', 'paragraph', 'heading']);
  });

  it('reads each line of a table of contents as a block of its own', () => {
    const lines = [
      T(100, 100, 'Preview of Programming......................... 276'),
      T(100, 128, 'Running an Existing Program.................... 278'),
      T(100, 156, 'Using Local Variables in Functions or Programs . 290'),
    ];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.lines)).toEqual([[0], [1], [2]]);
  });

  it('marks a tall short line as a heading and splits paragraphs at a gap', () => {
    const lines = [T(100, 100, '2 Method', 30), ...column(100, 900, 160, 3, 'P'), ...column(100, 900, 280, 3, 'Q')];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'paragraph']);
    expect(blocks[0]!.level).toBe(2);
  });

  it('finds a heading from its wider glyphs when detector boxes are all equally tall', () => {
    // 15 pt heading vs 11 pt body: same box height, ~1.36× the advance per character.
    const lines = [L(100, 100, 100 + 28 * 13.6, 'Formal Winter and the Tunnel'), ...column(100, 900, 140, 3, 'P')];
    const blocks = layoutPage(lines, page, { unclipRatio: 1.5 });
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph']);
  });

  it('marks a display formula with its equation number', () => {
    const lines = [...column(100, 900, 100, 3, 'P'), L(400, 200, 600, 'E = m c^2'), L(860, 200, 900, '(1)'), ...column(100, 900, 250, 2, 'Q')];
    const blocks = layoutPage(lines, page);
    const f = blocks.find((b) => b.type === 'formula')!;
    expect(f.lines.sort()).toEqual([3, 4]);
  });

  it("keeps a fraction's numerator with its formula when it joins through the row below it", () => {
    // ∫₀¹ x² dx = 1/3 as the detector and the line recognizer give it on a 1545 × 2000 page: the numerator
    // "1", then "x² dx =" (not math to the eye of the line recognizer), then the integral and the "3".
    const b = (x0: number, y0: number, x1: number, y1: number, text: string): TextLine => ({ bbox: [x0, y0, x1, y1], text });
    const lines = [
      b(155, 453, 1393, 483, 'The formal orange extends the compass around the returns paper without the reveals meadow. The'),
      b(157, 492, 552, 522, 'rapid village during the thunder.'),
      b(849, 553, 869, 579, '1'),
      b(728, 577, 839, 604, 'r“drdr ='),
      b(842, 591, 870, 623, '3'),
      b(677, 595, 720, 633, 'Jo'),
      b(157, 667, 1394, 699, 'The honest quiet extends the pocket through the rural record. The returns method measures the'),
      b(155, 707, 242, 737, 'garden.'),
    ];
    const blocks = layoutPage(lines, { width: 1545, height: 2000 }, { unclipRatio: 1.5 });
    expect(blocks.map((x) => x.type)).toEqual(['paragraph', 'formula', 'paragraph']);
    expect([...blocks[1]!.lines].sort()).toEqual([2, 3, 4, 5]);
  });

  it('does not take a centered display formula that reads like "- e\' +1-0" for a list item', () => {
    const lines = [...column(100, 900, 100, 3, 'P'), L(440, 200, 560, "- e' +1-0"), ...column(100, 900, 250, 2, 'Q')];
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'formula', 'paragraph']);
    // The same row at the column's left is a list item.
    const left = layoutPage([...column(100, 900, 100, 3, 'P'), L(100, 200, 220, "- e' +1-0"), ...column(100, 900, 250, 2, 'Q')], page);
    expect(left.map((b) => b.type)).toContain('list');
  });

  it('returns nothing for no lines and ignores degenerate boxes', () => {
    expect(layoutPage([], page)).toEqual([]);
    expect(layoutPage([{ bbox: [5, 5, 5, 9] }], page)).toEqual([]);
  });

  it('lays out a skewed page on deskewed boxes and reports blocks on the page as it is', () => {
    const angle = 0.03; // ≈ 1.7°: an 800-px line's box grows by 24 px, more than the 20-px paragraph gap
    const upright = [...column(100, 900, 200, 3, 'P'), ...column(100, 900, 304, 3, 'Q')];
    const skew = (withAngle: boolean) =>
      upright.map((l) => {
        const [x0, y0, x1, y1] = l.bbox;
        const grow = ((x1 - x0) * Math.tan(angle)) / 2;
        const dy = ((x0 + x1) / 2 - 500) * Math.tan(angle);
        return { ...l, angle: withAngle ? angle : undefined, bbox: [x0, y0 + dy - grow, x1, y1 + dy + grow] as BBox };
      });
    const lines = skew(true);
    const blocks = layoutPage(lines, page);
    expect(blocks.map((b) => b.lines)).toEqual([[0, 1, 2], [3, 4, 5]]);
    expect(blocks[1]!.bbox).toEqual([100, Math.min(...lines.slice(3).map((l) => l.bbox[1])), Math.max(...lines.slice(3).map((l) => l.bbox[2])), Math.max(...lines.slice(3).map((l) => l.bbox[3]))]);
  });
  it('takes the body size from the text most characters are set in, not from the most lines (a figure of small labels)', () => {
    // A figure's 30 labels at 8 pt over a paragraph of 6 lines at 10 pt, the PDF stating each size: counted by
    // lines the labels were the body, and the paragraph's short last line read as a heading.
    const labels = Array.from({ length: 30 }, (_, k): TextLine => ({ ...L(100 + (k % 6) * 130, 100 + Math.floor(k / 6) * 40, 140 + (k % 6) * 130, `x${k}`, 16), size: 16 }));
    const para = column(100, 900, 500, 6, 'P').map((l): TextLine => ({ ...l, size: 20 }));
    const blocks = layoutPage([...labels, ...para], page);
    const last = labels.length + para.length - 1;
    expect(blocks.filter((b) => b.type === 'heading')).toEqual([]);
    expect(blocks.find((b) => b.lines.includes(last))).toMatchObject({ type: 'paragraph' });
    // One line of thousands of characters set small (a formula run wild) does not make the body small either.
    const wild: TextLine = { ...L(100, 1200, 900, 'x^{'.repeat(2000), 12), size: 12 };
    const withWild = layoutPage([...para, wild], page);
    expect(withWild.filter((b) => b.type === 'heading')).toEqual([]);
  });
});


describe('layoutPage on a real page with a chart', () => {
  it("reads the PDF's font sizes where the chart's recognized labels outnumber the text's lines (load_v_error.pdf p8)", () => {
    // 16 lines of the PDF's own text (body 25.3, section titles 30.3, the running head 20.2 px) above a four-panel
    // chart whose 36 tick labels and axis titles the detector found and the page's text does not hold: no stated size.
    const f = layoutFixture('plos-figure-labels-p8.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const text = (b: (typeof blocks)[number]) => b.lines.map((i) => f.lines[i]!.text).join(' ');
    // Each section title is a block of its own, not the first line of the paragraph under it.
    for (const title of ['Description of movement patterns', 'Growth regulation in wheat coleoptiles exceeds AC model predictions']) {
      expect(text(blocks.find((b) => text(b).includes(title))!)).toBe(title);
    }
    expect(blocks.find((b) => text(b).includes('Gravitropic movement and ultradian'))!.type).toBe('header');
  });
});

describe('bold lines at the body size (a PDF states sizes and bold faces)', () => {
  const page = { width: 1000, height: 1400 };
  /** A body-size line (size 22 px) as wide as its text, bold or not. */
  const S = (y: number, text: string, bold = false): TextLine => ({ bbox: [100, y, 100 + text.length * 11, y + 24] as BBox, text, size: 22, ...(bold && { bold: true }) });
  const paragraph = (y: number) => [0, 1, 2, 3].map((k) => S(y + k * 30, `Plain body text of the section runs on in full lines, line ${k + 1} of it.`));
  const kindOf = (lines: TextLine[], text: string) => layoutPage(lines, page).find((b) => b.lines.some((i) => lines[i]!.text === text))?.type;

  it('makes a short bold line set apart over plain text a heading, numbered or not', () => {
    const lines = [...paragraph(100), S(260, '1. Introduction', true), ...paragraph(300), S(460, 'Privacy & Your Personal Information', true), ...paragraph(500)];
    expect(kindOf(lines, '1. Introduction')).toBe('heading');
    expect(kindOf(lines, 'Privacy & Your Personal Information')).toBe('heading');
  });

  it('keeps a bold line set a little larger than the body as text where the lines above run on into it (a TV listing)', () => {
    const L = (y: number, text: string, bold = false): TextLine => ({ bbox: [100, y, 100 + text.length * 12.5, y + 27] as BBox, text, size: 25, ...(bold && { bold: true }) });
    const lines = [...paragraph(100), ...paragraph(260), L(420, 'The guys make fun of Zack (S). 8.30 The Big Bang Theory Leonard and the'), L(450, 'Show With', true), L(480, 'James Corden: Best Of The Week'), ...paragraph(530)];
    expect(kindOf(lines, 'Show With')).toBe('paragraph');
  });

  it('keeps bold code, an address, a lone short word and a two-line bold caption as text', () => {
    for (const text of ['circ(0,0,5)', ':Custom', 'Disp "The result is",answer', 'EndFor', 'education.ti.com', 'Not']) {
      const lines = [...paragraph(100), S(260, text, true), ...paragraph(300)];
      expect(kindOf(lines, text), text).not.toBe('heading');
    }
    const caption = [...paragraph(100), S(260, 'James Norwood still favours pink boots, having made', true), S(290, 'his debut wearing them GETTY', true), ...paragraph(330)];
    expect(kindOf(caption, 'James Norwood still favours pink boots, having made')).not.toBe('heading');
    expect(kindOf(caption, 'his debut wearing them GETTY')).not.toBe('heading');
  });
});

describe('first-line indents', () => {
  const f = layoutFixture('html-news-brief-p1.json');
  const starts = (lines: TextLine[]) => layoutPage(lines, f.size, { unclipRatio: f.unclipRatio! }).map((b) => lines[b.lines[0]!]!.text ?? '');

  it('starts a paragraph at an indent of an em where the PDF states its sizes (a newspaper page printed from HTML)', () => {
    const first = starts(f.lines);
    // The byline over the story, and each paragraph set in by an em under a full line.
    expect(first).toContain('By Novak Lindqvist');
    expect(first).toContain('One national corner repaired the teacher 75 small house');
    expect(first).toContain('A local river opened a its recent late the. The bright');
  });

  it("keeps a note's second line, set in past its mark, in the note (overrun_on_pg8 p1)", () => {
    const note = layoutFixture('overrun-p1-note.json');
    const blocks = layoutPage(note.lines, note.size, { unclipRatio: note.unclipRatio! });
    const thanks = blocks.find((b) => b.lines.some((i) => note.lines[i]!.text?.startsWith('⋆ Thanks to Val Tannen')));
    expect(thanks!.lines.map((i) => note.lines[i]!.text)).toContain('referee for catching many glitches and giving good advice in general.');
  });

  it('takes an indent of an em for the ragged edge of lines read from their pixels', () => {
    const first = starts(f.lines.map(({ size: _, ...l }) => l));
    expect(first).not.toContain('A local river opened a its recent late the. The bright');
  });
});

describe('a title over text across the columns', () => {
  it('stays a block of its own, read before the text (failing_pdf_pg9 p1: "ABSTRACT" over the abstract)', () => {
    const f = layoutFixture('failing-pdf-p1.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const first = blocks.map((b) => b.lines.map((i) => f.lines[i]!.text ?? '').join(' '));
    const title = first.findIndex((t) => t === 'ABSTRACT');
    expect(title).toBeGreaterThanOrEqual(0);
    expect(first[title + 1]).toMatch(/^RNA structural motifs are recurrent/);
  });

  it('is a heading, measured against the page rather than against itself (form_on_later_pages p1)', () => {
    const f = layoutFixture('form-later-pages-p1.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const title = blocks.find((b) => b.lines.some((i) => f.lines[i]!.text === 'ABOUT THIS APPLICATION FORM'));
    expect(title?.type).toBe('heading');
    expect(title?.lines).toHaveLength(1);
  });
});

describe('a title over text across the columns, on a page read from its pixels', () => {
  it("keeps its own width: a mark beside it makes its box taller, no heading (dolma-page-1's affiliations)", () => {
    const f = layoutFixture('dolma-p1-read.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const line = blocks.find((b) => b.lines.some((i) => f.lines[i]!.text?.endsWith('Carnegie Mellon University')));
    expect(line?.type).toBe('paragraph');
  });
});

describe('a bold line at the body size over plain text', () => {
  it("is a heading under a bold paragraph that ends its sentence a line's white above (form_on_later_pages p1)", () => {
    const f = layoutFixture('form-later-pages-p1.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const text = (b: (typeof blocks)[number]) => b.lines.map((i) => f.lines[i]!.text).join(' ');
    const k = blocks.findIndex((b) => text(b).startsWith('Privacy & Your Personal Information'));
    expect(blocks[k]?.type).toBe('heading');
    expect(text(blocks[k]!)).toBe('Privacy & Your Personal Information');
    expect(text(blocks[k + 1]!)).toMatch(/^The information you provide/);
    // The notice above, bold throughout, stays one paragraph.
    expect(blocks[k - 1]?.type).toBe('paragraph');
    expect(text(blocks[k - 1]!)).toMatch(/^CASA may refuse .* has not complied with\.$/);
  });
});
