import { describe, expect, it } from 'vitest';
import { layoutFixture } from '../../../test/support/layout-fixture';
import { layoutPage } from './layout-page';

describe('headings by the sizes a PDF states (pdftotext_two_column_issue p1, title block and abstract)', () => {
  const f = layoutFixture('two-column-issue-p1-title.json');
  const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
  const text = (b: (typeof blocks)[number]) => b.lines.map((i) => f.lines[i]!.text).join(' ');
  const blockOf = (start: string) => blocks.find((b) => b.lines.some((i) => f.lines[i]!.text!.startsWith(start)))!;

  it('makes the two-line title one heading, and the author list a block of its own that is no heading', () => {
    expect(blockOf('Turner syndrome–issues')).toMatchObject({ type: 'heading', level: 1 });
    expect(text(blockOf('Turner syndrome–issues'))).toBe('Turner syndrome–issues to consider for transition to adulthood');
    const authors = blockOf('Laura Lucaccioni');
    expect(authors.type).toBe('paragraph');
    expect(authors).toBe(blockOf('Anna Dominiczak'));
    expect(text(authors)).not.toMatch(/Turner syndrome|Developmental/);
  });

  it('keeps the e-mail line out of headings and makes the slightly larger "Abstract" one', () => {
    expect(blockOf('E-mail: avrilmason').type).not.toBe('heading');
    expect(blockOf('Abstract')).toMatchObject({ type: 'heading', lines: [expect.any(Number)] });
  });

  it('makes no heading of a body line, however few words it spreads across the column', () => {
    const headings = blocks.filter((b) => b.type === 'heading').map(text);
    expect(headings).toEqual(['Turner syndrome–issues to consider for transition to adulthood', 'Abstract']);
  });
});

describe('headings at the body\'s stated size', () => {
  it('makes a short line standing alone in wider glyphs (capitals) a heading, and a smaller byline none (bug1873345.pdf p1)', () => {
    const f = layoutFixture('bug1873345-p1.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const kind = (t: string) => blocks.find((b) => b.lines.some((i) => f.lines[i]!.text === t))?.type;
    expect(kind('SAMPLE')).toBe('heading');
    expect(kind('JOHN PRYCE')).toBe('paragraph');
  });

  it('makes a section title a little larger than the body a heading, though it runs past half the column (pdftotext_two_column_issue p2)', () => {
    const f = layoutFixture('two-column-issue-p2.json');
    const blocks = layoutPage(f.lines, f.size, { unclipRatio: f.unclipRatio! });
    const headings = blocks.filter((b) => b.type === 'heading').map((b) => b.lines.map((i) => f.lines[i]!.text).join(' '));
    expect(headings).toEqual(['Background', 'Pubertal development in TS', 'Sex steroid replacement in TS']);
  });
});

describe('a column set a little larger than the body, in entries with a hanging indent (a TV listing)', () => {
  // Body text on the left at size 20; on the right, entries at size 23 whose first line starts at the column's
  // edge with a time and whose other lines are indented under the title.
  const body = Array.from({ length: 30 }, (_, k) => ({
    bbox: [100, 100 + 28 * k, 600, 124 + 28 * k] as [number, number, number, number],
    text: `body line ${k} of the article that fills the left column of the page,`,
    size: 20,
  }));
  const entry = (y: number, rows: string[]) =>
    rows.map((text, k) => ({
      bbox: [k === 0 ? 700 : 760, y + 31 * k, k === 0 ? 1000 : 760 + 11 * text.length, y + 27 + 31 * k] as [number, number, number, number],
      text,
      size: 23,
    }));
  const lines = [
    ...body,
    ...entry(100, ['10.00 The Late Late', 'Show With', 'James Corden', 'Best Of The Week', 'With Sophie Turner', '(R).']),
    ...entry(330, ['11.00 A League Of', 'Their Own With', 'Andros Townsend and', 'Micky Flanagan (R)', '(S).']),
  ];
  const blocks = layoutPage(lines, { width: 1400, height: 2000 }, {});
  const text = (b: (typeof blocks)[number]) => b.lines.map((i) => lines[i]!.text).join(' ');

  it('reads each entry as one paragraph: its short lines are neither headings nor paragraphs of their own', () => {
    const right = blocks.filter((b) => b.bbox[0] >= 650);
    expect(right.map((b) => [b.type, text(b)])).toEqual([
      ['paragraph', '10.00 The Late Late Show With James Corden Best Of The Week With Sophie Turner (R).'],
      ['paragraph', '11.00 A League Of Their Own With Andros Townsend and Micky Flanagan (R) (S).'],
    ]);
  });
});

describe('an amount standing alone', () => {
  // Body lines, then one short row centered in the column and set apart by space, as a table's cell the
  // layout did not take into a table stands (issue14297: "(77,283)" became a display formula).
  const page = (alone: string) => {
    const lines = Array.from({ length: 8 }, (_, k) => ({
      bbox: [100, 100 + 30 * k, 900, 122 + 30 * k] as [number, number, number, number],
      text: `line ${k} of a paragraph that runs the width of the column, as prose does`,
    }));
    lines.push({ bbox: [455, 400, 545, 422], text: alone });
    lines.push(...Array.from({ length: 4 }, (_, k) => ({ bbox: [100, 470 + 30 * k, 900, 492 + 30 * k] as [number, number, number, number], text: `more prose of the page on line ${k}, words as usual` })));
    const blocks = layoutPage(lines, { width: 1000, height: 1400 });
    return blocks.find((b) => b.lines.includes(8))!.type;
  };

  it('is a paragraph, not a display formula, in brackets or grouped by thousands', () => {
    expect(page('(77,283)')).toBe('paragraph');
    expect(page('¥ 1,958,945')).toBe('paragraph');
  });

  it('is no formula when it asks or exclaims in words (a slide\'s "So What?")', () => {
    expect(page('So What?')).not.toBe('formula');
    expect(page('Look here!')).not.toBe('formula');
  });

  it('leaves fragments of a formula the text recognizer made little of a formula', () => {
    expect(page('a (b + c) d')).toBe('formula');
  });
});

describe('an enumerator at the start of a line', () => {
  // One column of body lines 28 px apart at size 20; each block's lines as given.
  const column = (texts: string[], y0 = 100) =>
    texts.map((text, k) => ({ bbox: [100, y0 + 28 * k, 100 + Math.min(600, 11 * text.length), y0 + 24 + 28 * k] as [number, number, number, number], text, size: 20 }));
  const read = (lines: ReturnType<typeof column>) => {
    const blocks = layoutPage(lines, { width: 1400, height: 2000 }, {});
    return blocks.map((b) => [b.type, b.lines.map((i) => lines[i]!.text).join(' ')]);
  };

  it('is the next line of a paragraph that runs on into it mid-sentence (pdftotext_two_column_issue p5)', () => {
    const lines = column([
      'health outcomes. The main goals of sex steroid',
      'replacement in puberty are to ensure',
      '(i) adequate breast development, (ii) pubertal growth',
      'spurt and (iii) bone accrual for peak bone mass.',
    ]);
    expect(read(lines)).toEqual([['paragraph', lines.map((l) => l.text).join(' ')]]);
  });

  it('starts list items after a line that introduces them, and each item after the last one\'s lines', () => {
    const lines = column([
      'The main goals of sex steroid replacement are the following:',
      '(i) adequate breast development and a',
      'pubertal growth spurt that runs on',
      '(ii) adequate uterine development',
    ]);
    expect(read(lines)).toEqual([
      ['paragraph', 'The main goals of sex steroid replacement are the following:'],
      ['list', '(i) adequate breast development and a pubertal growth spurt that runs on (ii) adequate uterine development'],
    ]);
  });
});

describe('a caption of several lines', () => {
  it('keeps its next lines, and not the paragraph a gap below it (repeating_references_on_pg9_pg10 p2)', () => {
    const row = (text: string, y: number, width = 560) => ({ bbox: [100, y, 100 + width, y + 24] as [number, number, number, number], text, size: 20 });
    // In the middle of the page, under a paragraph, as a figure's caption stands.
    const lines = [
      row('Host-specific toxins are produced by several pathotypes of Alternaria', 800),
      row('alternata, each of which is pathogenic on its host plants only.', 828),
      row('Fig. 1. Structure of AF-toxin produced by Alternaria alternata straw-', 900),
      row('berry pathotype', 928, 160),
      row('The strawberry pathotype, which causes black spot of strawberry, is', 1000),
      row('pathogenic only on strawberry cultivar Morioka-16 (Maekawa et al.', 1028),
      row('1984). This pathogen produces AF-toxins I, II, and III (Fig. 1).', 1056),
    ];
    const blocks = layoutPage(lines, { width: 1400, height: 2000 }, {});
    expect(blocks.map((b) => [b.type, b.lines])).toEqual([
      ['paragraph', [0, 1]],
      ['caption', [2, 3]],
      ['paragraph', [4, 5, 6]],
    ]);
  });
});

describe('footnotes', () => {
  // A page's last body lines at size 20, 28 px apart, then notes at size 16, 20 px apart, as a PDF states them
  // (elsarticle's preprint layout: the mark run into the note's first word, the first line indented).
  const row = (text: string, x: number, y: number, size: number, w = 1000) => ({ bbox: [x, y, x + w, y + size * 1.2] as [number, number, number, number], text, size });
  const lines = [
    ...[
      'can never furnish a true and demonstrated science, because, like our under-',
      'standing, it can thereby determine in its totality hypothetical principles, and',
      'the empirical objects in space and time are what first give rise to, in all',
      'the theoretical sciences, our a posteriori concepts and the manifold; the',
      'Ideal, on the contrary, is the key to understanding pure logic, as any reader',
      'can clearly see, and the paralogisms of practical reason give rise to it.',
    ].map((t, k) => row(t, 280, 1400 - 28 * 4 + 28 * k, 20)),
    row('1The transcendental unity of apperception, so far as regards the Ideal of practical', 312, 1580, 16, 950),
    row('reason and the noumena, abstracts from all content of a posteriori knowledge, by virtue', 280, 1600, 16),
    row('of human reason.', 280, 1620, 16, 200),
    row('2As is evident upon close examination, our faculties stand in need of the', 312, 1642, 16, 900),
    row('transcendental objects in space and time.', 280, 1662, 16, 500),
  ];
  const read = () => layoutPage(lines, { width: 1540, height: 1990 }, {}).map((b) => [b.type, b.lines.map((i) => lines[i]!.text).join(' ')]);

  it('keeps a note\'s lines after its first, which hold no mark, in the note, and starts each note at its mark', () => {
    expect(read()).toEqual([
      ['paragraph', lines.slice(0, 6).map((l) => l.text).join(' ')],
      ['footnote', `${lines[6]!.text} ${lines[7]!.text} ${lines[8]!.text}`],
      ['footnote', `${lines[9]!.text} ${lines[10]!.text}`],
    ]);
  });
});
