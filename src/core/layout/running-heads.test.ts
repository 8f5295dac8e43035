import { describe, expect, it } from 'vitest';
import { layoutFixture, type LayoutFixture } from '../../../test/support/layout-fixture';
import { layoutPage } from './layout-page';
import type { TextLine } from './types';

/** The texts of a real page excerpt's header and footer blocks, and of the rest. */
function bands(f: LayoutFixture) {
  const blocks = layoutPage(f.lines, f.size, f.unclipRatio ? { unclipRatio: f.unclipRatio } : {});
  const texts = (type: (t: string) => boolean) => blocks.filter((b) => type(b.type)).flatMap((b) => b.lines.map((i) => f.lines[i]!.text ?? ''));
  return { header: texts((t) => t === 'header'), footer: texts((t) => t === 'footer'), body: texts((t) => t !== 'header' && t !== 'footer') };
}

describe('running heads and page furniture on real pages', () => {
  it('takes a journal stamp of two tight rows in the top band, not the body under it (lots_of_chem_tables p3)', () => {
    const { header, body } = bands(layoutFixture('lots-of-chem-tables-p3-top.json'));
    expect(header).toEqual(['Electronic Supplementary Material (ESI) for RSC Advances.', 'This journal is © The Royal Society of Chemistry 2016']);
    expect(body[0]).toMatch(/^Fourier transform infrared/);
  });

  it('takes a journal head reaching past the band when it reads as one (ISSN, volume, publisher: failing_anchor p4)', () => {
    const { header, body } = bands(layoutFixture('failing-anchor-p4-top.json'));
    expect(header).toEqual(expect.arrayContaining(['E-ISSN 2039-2117', 'Mediterranean Journal of Social Sciences', 'Vol 4 No 13', 'MCSER Publishing, Rome-Italy']));
    expect(body[0]).toMatch(/^determinants of promotion/);
  });

  it('takes a running foot ending in the page number (freeculture p41), keeping the last body line', () => {
    const { footer, body } = bands(layoutFixture('freeculture-p41-bottom.json'));
    expect(footer).toEqual(['“PIRACY” 27']);
    expect(body.at(-1)).toMatch(/^begged: Would Japan/);
  });

  it('takes a bare page number set close above the first body line (repeating_references p9)', () => {
    const { header, body } = bands(layoutFixture('repeating-references-p9-top.json'));
    expect(header).toEqual(['115']);
    expect(body).toContain('and not by site-directed mutagenesis (Hatta et al. 2002), this');
  });

  it('takes a page-number line and the small print under it as one footer (lots_of_sci_tables p1)', () => {
    const { footer, body } = bands(layoutFixture('lots-of-sci-tables-p1-bottom.json'));
    expect(footer[0]).toBe('Page 1 of 6');
    expect(footer.at(-1)).toBe('G0118-10 07/25/2023');
    expect(body).toContain('Jan 09, 2024');
  });

  it('takes a download stamp printed up the side margin, and the detector pieces of it (pdftotext_two_column_issue p2)', () => {
    const { footer, body } = bands(layoutFixture('two-column-issue-p2.json'));
    expect(footer.some((t) => t.startsWith('Downloaded from https://academic.oup.com'))).toBe(true);
    expect(body.join(' ')).not.toMatch(/Downloaded from/);
    // Nothing of the body went with it: every line of both columns is still there.
    expect(body).toContain('be ∼30% and early gonadectomy is recommended. 7');
    expect(body).toContain('induction of puberty in TS remains a controversial');
    expect(body.filter((t) => /^(?:89|an|to|a|3|o|O)$/.test(t))).toEqual([]);
  });
});

describe('a page number under an ornament', () => {
  it('takes the page number and the dots drawn over it together (failing_anchor p4)', () => {
    const { footer, body } = bands(layoutFixture('failing-anchor-p4-bottom.json'));
    expect(footer).toContain('870');
    expect(body.join(' ')).not.toMatch(/870/);
    expect(body.at(-1)).toMatch(/^unjust\. Examples of how political/);
  });
});

describe("a scanned two-page spread's page numbers", () => {
  // Boxes as the detector found them on a typed two-page spread (old_scans 60): the numbers stand close over
  // their pages' first lines, and the two pages' lines wander up and down against each other.
  const spread = (left: string, right: string) => {
    const lines: TextLine[] = [
      { bbox: [1384, 86, 1423, 112], text: right },
      { bbox: [344, 96, 381, 117], text: left },
      { bbox: [1082, 121, 1509, 151], text: 'house, unlocked the door, and went in.' },
      { bbox: [78, 136, 202, 160], text: 'sustain it.' },
    ];
    for (let k = 0; k < 24; k++) {
      lines.push({ bbox: [78, 166 + 38 * k, 806, 196 + 38 * k], text: `the left page's typed line number ${k + 1} of its body` });
      lines.push({ bbox: [1082, 159 + 37 * k, 1823, 189 + 37 * k], text: `the right page's typed line number ${k + 1} of its body` });
    }
    return layoutPage(lines, { width: 2015, height: 1316 });
  };

  it('takes both numbers as the header, keeping the first lines of both pages', () => {
    const blocks = spread('-6-', '-7-');
    const header = blocks.filter((b) => b.type === 'header').flatMap((b) => b.lines);
    expect(header.sort()).toEqual([0, 1]);
    const firstLines = blocks.filter((b) => b.lines.includes(2) || b.lines.includes(3));
    expect(firstLines.map((b) => b.type)).not.toContain('header');
  });

  it('keeps two numbers that are not facing pages where they stand close over the text', () => {
    const header = spread('12', '40').filter((b) => b.type === 'header');
    expect(header).toEqual([]);
  });
});

describe("a paper's first-page footer", () => {
  // Boxes as the detector found them at the foot of a recognized two-column paper (olmo-page-1): the page
  // number stands between the columns' last lines and the proceedings line, closer to the body than a line.
  const page = (number: string, proceedings: string) => {
    const lines: TextLine[] = [];
    for (let k = 0; k < 24; k++) {
      const y = 1812 - 31 * (23 - k); // the columns' last lines end at 1841, 19 px over the page number
      lines.push({ bbox: [167, y, 699, y + 29], text: `words of the left column's line ${k + 1} in the body` });
      lines.push({ bbox: [727, y, 1251, y + 29], text: `words of the right column's line ${k + 1} in the body` });
    }
    lines.push({ bbox: [678, 1860, 747, 1887], text: number });
    lines.push({ bbox: [123, 1894, 1294, 1923], text: proceedings });
    lines.push({ bbox: [406, 1923, 1010, 1949], text: 'August 11-16, 2024 ©2024 Association for Computational Linguistics' });
    const blocks = layoutPage(lines, { width: 1414, height: 2000 });
    return blocks.filter((b) => b.type === 'footer').flatMap((b) => b.lines.map((i) => lines[i]!.text));
  };

  it('takes the page number with the proceedings and copyright lines under it', () => {
    const footer = page('15789', 'Proceedings of the 62nd Annual Meeting of the Association for Computational Linguistics, pages 15789–15809');
    expect(footer).toEqual(expect.arrayContaining(['15789', 'August 11-16, 2024 ©2024 Association for Computational Linguistics']));
    expect(footer).toHaveLength(3);
  });

  it('keeps a short line of the body that is no page number', () => {
    expect(page('x = 1.', 'Proceedings of the 62nd Annual Meeting, pages 15789–15809')).not.toContain('x = 1.');
  });
});

describe('a figure caption low on the page', () => {
  it('is the body, with the figure link under it, not a footer (load_v_error p2)', () => {
    const lines: TextLine[] = [];
    for (let k = 0; k < 14; k++) lines.push({ bbox: [503, 170 + 32 * k, 1455, 201 + 32 * k], text: `words of the body line ${k + 1} over the figure` });
    lines.push({ bbox: [504, 1682, 1445, 1709], text: 'Fig 1. Straightening movement of a wheat coleoptile, in the standard reading direction. The white line is a 10 mm' });
    lines.push({ bbox: [505, 1707, 1391, 1734], text: 'reference. The time between each frame is 150 minutes. The orange points on the coleoptile are the fluorescent' });
    lines.push({ bbox: [502, 1730, 1241, 1758], text: 'markers used for the measurement of growth. Movies of all plants are available online [8, 9].' });
    lines.push({ bbox: [504, 1767, 891, 1795], text: 'https://doi.org/10.1371/journal.pone.0194893.g001' });
    lines.push({ bbox: [89, 1890, 762, 1919], text: 'PLOS ONE | https://doi.org/10.1371/journal.pone.0194893 March 29, 2018' });
    lines.push({ bbox: [1402, 1889, 1459, 1918], text: '2 / 16' });
    const blocks = layoutPage(lines, { width: 1545, height: 2000 });
    const footer = blocks.filter((b) => b.type === 'footer').flatMap((b) => b.lines.map((i) => lines[i]!.text));
    expect(footer).toEqual(expect.arrayContaining(['2 / 16', 'PLOS ONE | https://doi.org/10.1371/journal.pone.0194893 March 29, 2018']));
    expect(footer).toHaveLength(2);
  });
});

describe('a running foot that leads with its page number', () => {
  const page = (foot: string, head?: string) => {
    const lines: TextLine[] = [];
    if (head) lines.push({ bbox: [162, 200, 500, 239], text: head });
    for (let k = 0; k < 30; k++) lines.push({ bbox: [162, 260 + 49 * k, 1151, 299 + 49 * k], text: `words of the book's body line ${k + 1} on this page` });
    lines.push({ bbox: [166, 1818, 393, 1845], text: foot });
    lines.push({ bbox: [409, 1929, 925, 1958], text: '<http://free-culture.org/get-it>' });
    const blocks = layoutPage(lines, { width: 1334, height: 2000 });
    const bands = (type: string) => blocks.filter((b) => b.type === type).flatMap((b) => b.lines.map((i) => lines[i]!.text));
    return { footer: bands('footer'), header: bands('header') };
  };

  it('is a footer on a left-hand page, further in than the margin band (freeculture p60)', () => {
    expect(page('46 FREE CULTURE').footer).toEqual(expect.arrayContaining(['46 FREE CULTURE', '<http://free-culture.org/get-it>']));
  });

  it('is only taken at the foot: a numbered heading as high at the head stays', () => {
    expect(page('46 FREE CULTURE', '2 RESULTS').header).toEqual([]);
    expect(page('46 people came to the hearing').footer).toEqual(['<http://free-culture.org/get-it>']);
  });
});

describe('a page number in a side margin', () => {
  it("is furniture by itself, not a running head with the caption level with it (pdftotext_two_column_issue p4)", () => {
    // A landscape page: its folio "48" set sideways at the right edge, level with the table's caption at the left.
    const lines: TextLine[] = [
      { bbox: [142, 167, 351, 196], text: 'Table 1 Continued' },
      { bbox: [1894, 158, 1928, 186], text: '48' },
    ];
    for (let k = 0; k < 20; k++) lines.push({ bbox: [142, 240 + 45 * k, 1776, 268 + 45 * k], text: `a row of the table's cells, line ${k + 1}, across the page` });
    const blocks = layoutPage(lines, { width: 2000, height: 1537 });
    const typeOf = (t: string) => blocks.find((b) => b.lines.some((i) => lines[i]!.text === t))?.type;
    expect(typeOf('Table 1 Continued')).not.toMatch(/header|footer/);
    expect(typeOf('48')).toMatch(/header|footer/);
  });
});
