// Tables on real pages (corpus PDFs), read from fixtures of their lines and rules (test/support/table-fixture.ts).
import { describe, expect, it } from 'vitest';
import { readTable as read, rowsOf } from '../../../test/support/table-fixture';

describe('tables on real pages', () => {
  it('reads rows banded by horizontal rules, each band one row however many lines its cells wrap to (MaxLinear certificate p1)', () => {
    const { tables, texts } = read('banded-sci-p1');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    expect(rows.map((r) => r.cells[0])).toEqual(['Environmental Category & Description', 'RoHS | Exempt', 'RoHS', 'Halogen Free', 'REACH', 'TSCA']);
    expect(rows[0]!.header.every(Boolean)).toBe(true);
    expect(rows[5]!.cells).toEqual([
      'TSCA',
      'If “Y”, then product is compliant and does not use any of the Toxic Substance Control Act (TSCA) restricted substances. See Appendix F for a list of these substances.',
      'Y',
    ]);
  });

  it('leaves the caption above a banded table out of it, and reads its two levels of headings as two rows (badlines p6)', () => {
    const { tables, texts, markdown } = read('two-level-badlines-p6');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    // The caption's last line stands just above the top rule: it ends the caption, it is no heading.
    expect(markdown).toContain('averaged over 8 seed motion sequences for each activity on the test subject.');
    expect(rows[0]!.cells).toEqual(['Methods', 'Short-term forecast', 'Long-term forecast']);
    expect(rows[1]!.cells.filter(Boolean)).toEqual(['80ms', '160ms', '320ms', '560ms', '1000ms']);
    expect(rows[0]!.header.every(Boolean) && rows[1]!.header.slice(1).every(Boolean)).toBe(true);
    // Each figure stands under its own heading: 1.30 under 80ms, 2.38 under 1000ms.
    const col = (r: number, text: string) => tables[0]!.table.cells.find((c) => c.row === r && c.lines.some((i) => texts[i]!.trim() === text))?.col;
    const erd = rows.findIndex((r) => r.cells[0] === 'ERD [14]');
    expect([col(erd, '1.30'), col(erd, '2.38')]).toEqual([col(1, '80ms'), col(1, '1000ms')]);
  });

  it('reads two banded tables a paragraph apart as two, each row one band however its cells wrap (a register printed from HTML)', () => {
    const { tables, texts, markdown } = read('register-html-p1');
    expect(tables).toHaveLength(2);
    const [first, second] = tables.map((t) => rowsOf(t, texts));
    expect(first!.map((r) => r.cells[0])).toEqual(['Item', 'Key rotation D21', 'Vendor audit B21', 'Key rotation A16']);
    expect(first![1]!.cells.slice(1)).toEqual([
      'Risk office',
      'Necessity, as I have elsewhere shown, is the mere result of the power of the architectonic of practical reason, a blind but indispensable function of the soul.',
      'Delayed (Q4 77)',
    ]);
    // A line of words that breaks off ("As is proven in the ontological manuals,") goes on under it, capital or not.
    expect(second!.map((r) => r.cells[0])).toEqual(['Item', 'Training plan B13', 'Training plan A30', 'Access review B18']);
    expect(second![2]!.cells[2]).toMatch(/^As is proven in the ontological manuals, Aristotle tells us that/);
    // The paragraph between them is text, not a row of either.
    expect(markdown).toMatch(/<\/table>\n\nOur a priori concepts, with the sole exception of our experience/);
  });

  it('takes every line between the top and bottom rule of a booktabs table, rows led by the stub (Turner syndrome table p3)', () => {
    const { tables, texts, f } = read('booktabs-turner-p3');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    expect(rows[0]!.cells.filter(Boolean)).toEqual(['Neonate and childhood', 'Adolescence and adult age']);
    expect(rows[0]!.header.every(Boolean)).toBe(true);
    expect(rows.slice(1).map((r) => r.cells[0])).toEqual(['Specific physical features', 'Lymphatic system', 'Bone', 'ENT', 'Renal']);
    expect(rows[2]!.cells[2]).toBe('Lymphedema may occur at any age and be exacerbated by treatments as growth hormone or oestrogens');
    // The caption above the top rule and the page's rotated margin text are not cells.
    const inTable = new Set(tables[0]!.lines);
    expect(f.lines.filter((l, i) => inTable.has(i) && (l.bbox[0] > 1850 || l.text.startsWith('Table 1')))).toEqual([]);
  });

  it('finds an infobox beside a text column, its centred title spanning both columns (Wikipedia page p1)', () => {
    const { tables, texts, f } = read('infobox-edgar-p1');
    expect(tables).toHaveLength(1);
    const t = tables[0]!;
    const title = t.table.cells.find((c) => c.row === 0)!;
    expect(title).toMatchObject({ col: 0, colSpan: 2, header: true });
    expect(texts[title.lines[0]!]).toBe('King of the English');
    const rows = rowsOf(t, texts);
    expect(rows.slice(1, 4).map((r) => r.cells)).toEqual([
      ['Reign', '1 October 959 – 8 July 975'],
      ['Predecessor', 'Eadwig'],
      ['Successor', 'Edward the Martyr'],
    ]);
    expect(rows[rows.length - 1]!.cells).toEqual(['Mother', 'Ælfgifu of Shaftesbury']);
    // No line of the body text beside it is in the table.
    expect(t.lines.filter((i) => f.lines[i]!.bbox[2] < 860)).toEqual([]);
  });

  it('heads a numeric table with its header row, columns a little closer than a body line (RSC supplement, Table S2)', () => {
    // The detector sets "Mn (kDa)" and "Mw/Mn" as one box: under a single heading row, two headings, not one over two columns.
    const { tables, texts, markdown } = read('numeric-chem-p3');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    expect(rows[0]!.cells).toEqual(['Entry', 'IL', 'Base (mol%)', 'T (°C)', 'Mn (kDa)', 'Mw/Mn', 'Yielda/Time']);
    expect(rows[0]!.header.every(Boolean)).toBe(true);
    expect(rows.find((r) => r.cells[0] === 'S7')!.cells).toEqual(['S7', '[C2mim][OAc]', '-', '80', '34.1', '2.42', 'Fig. S5']);
    // The caption stays a paragraph right before the table.
    expect(markdown).toMatch(/Table S2\n\n<table>\n<thead>\n<tr><th>Entry<\/th>/);
  });

  it('keeps an empty cell as an empty <td></td> in its place (RSC supplement, Table S2, entry S12)', () => {
    const { markdown } = read('numeric-chem-p3');
    expect(markdown).toContain('<tr><td>S12</td><td>[Cho][C2H5CO2]</td><td></td><td>80</td><td>-</td><td>-</td><td>0</td></tr>');
  });

  it('keeps group rows and joins a stub that wraps, also after an abbreviation (enzyme survey, Table 1)', () => {
    const { tables, texts } = read('groups-np2-p5');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    expect(rows[0]!.cells[0]).toBe('Microorganism');
    expect(rows[1]!.cells).toEqual(['Bacteria']);
    expect(rows[2]!.cells.slice(0, 3)).toEqual(['Yersinia Pseudotuberculosis Q66CJ', 'SmF', '62.7 U mg −1']);
    const photo = rows.find((r) => r.cells[0]!.startsWith('Photobacterium'))!;
    expect(photo.cells[0]).toBe('Photobacterium sp. J15');
    expect(rows.map((r) => r.cells[0])).toContain('Fungi');
  });

  it('reads a ruled table with rows spanning its middle columns (REACH list p3)', () => {
    const { tables, texts } = read('ruled-sci-p3');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    const date = rows.find((r) => r.cells.includes('Date of Inclusion: January 19, 2021'))!;
    expect(date.cells).toEqual(['', 'Date of Inclusion: January 19, 2021', 'EC Number', 'CAS Number']);
    expect(rows.find((r) => r.cells[0] === '212')!.cells).toEqual(['212', '1,4-dioxane', '204-661-8', '123-91-1']);
  });

  it('splits a financial statement’s bands (rules under groups of rows) at each label, the spread’s other page apart (annual report p62–63)', () => {
    const { tables, texts, f } = read('statement-spread-p1');
    const left = tables.find((t) => t.lines.some((i) => texts[i] === 'Net profit'))!;
    expect(left).toBeDefined();
    // Nothing of the facing page (right of the spread's gutter) is in the statement.
    expect(left.lines.filter((i) => f.lines[i]!.bbox[0] > 1000)).toEqual([]);
    const rows = rowsOf(left, texts);
    expect(rows.find((r) => r.cells[0] === 'Remeasurements of defined benefit plans')!.cells).toEqual(['Remeasurements of defined benefit plans', '(23,574)', '84,501']);
    expect(rows.find((r) => r.cells[0] === 'Exchange differences on translating foreign operations')!.cells).toEqual(['Exchange differences on translating foreign operations', '(49,360)', '61,880']);
    expect(rows.find((r) => r.cells[0]!.startsWith('Changes in fair value'))!.cells[0]).toBe('Changes in fair value of financial assets measured at fair value through other comprehensive income');
    expect(rows[0]!.cells).toContain('2021');
    expect(rows[0]!.header.every(Boolean)).toBe(true);
  });

  it("reads a card's table where it stands, not as a heading opening a set of columns (HTML5 canvas cheat sheet p1)", () => {
    // Taller than a line, the table had passed for a heading with white beside it across the cards' gap.
    const { markdown } = read('cards-canvas-p1');
    expect(markdown.indexOf('Image drawing')).toBeGreaterThan(-1);
    expect(markdown.indexOf('Image drawing')).toBeLessThan(markdown.indexOf('Compositing'));
  });

  it("keeps a card's title a heading, a table's heading in the card beside it where it stands (HTML5 canvas cheat sheet p2)", () => {
    const { markdown } = read('cards-canvas-p2');
    expect(markdown).toMatch(/^#+ Text$/m);
  });

  it('finds the small tables in a page of cards, one card at a time (HTML5 canvas cheat sheet p1)', () => {
    const { tables, texts } = read('cards-canvas-p1');
    const withCell = (cell: string) => tables.map((t) => rowsOf(t, texts)).find((rows) => rows.some((r) => r.cells.includes(cell)))!;
    expect(withCell('width').map((r) => r.cells)).toEqual([
      ['Name', 'Type', 'Default'],
      ['width', 'unsigned long', '300'],
      ['height', 'unsigned long', '150'],
    ]);
    expect(withCell('lineWidth').slice(0, 3).map((r) => r.cells)).toEqual([
      ['Name', 'Type', 'Default'],
      ['lineWidth', 'float', '1.0'],
      ['lineCap', 'string', 'butt'],
    ]);
    expect(withCell('globalAlpha')[1]!.cells).toEqual(['globalAlpha', 'float', '1.0']);
  });

  it("reads a spread's two page heads as each page's heading, not as a table of two copies (issue14297.pdf p1)", () => {
    const { blocks, tables, texts } = read('spread-14297-p1');
    // The heads the two pages repeat side by side are no table's rows; the left page's statement is a table.
    const inTables = new Set(tables.flatMap((t) => t.lines).map((i) => texts[i]));
    expect(inTables.has('Mitsubishi Electric Corporation and Subsidiaries')).toBe(false);
    expect(inTables.has('Consolidated Statement of Changes in Equity')).toBe(false);
    const headings = blocks.filter((b) => b.type === 'heading').flatMap((b) => b.lines.map((i) => texts[i]));
    expect(headings).toEqual(expect.arrayContaining(['Consolidated Statement of Comprehensive Income', 'Consolidated Statement of Changes in Equity']));
    expect(tables.some((t) => rowsOf(t, texts).some((r) => r.cells[0] === 'Net profit'))).toBe(true);
  });

  it('reads a spread page by page: the wide gutter between the pages before the gaps inside a page’s table (the same spread)', () => {
    const { blocks, texts, f } = read('spread-14297-p1');
    // Each page's title is a heading of its own, not the two side by side as one line.
    const titles = blocks.filter((b) => b.type === 'heading' && b.lines.some((i) => texts[i]!.startsWith('Consolidated Statement')));
    expect(titles.map((b) => b.lines.map((i) => texts[i]))).toEqual([['Consolidated Statement of Comprehensive Income'], ['Consolidated Statement of Changes in Equity']]);
    // Every line of the left page's body (ink left of x 1000) comes before every line of the right page's.
    const order = blocks.filter((b) => b.type !== 'footer' && b.type !== 'header').flatMap((b) => b.lines);
    const left = (i: number) => f.lines[i]!.bbox[2] < 1000;
    const lastLeft = Math.max(...order.map((i, k) => (left(i) ? k : -1)));
    const firstRight = order.findIndex((i) => !left(i));
    expect(lastLeft).toBeLessThan(firstRight);
  });

  it('finds the facing page’s statement of changes in equity, whose totals the PDF sets as one run of figures (the same spread)', () => {
    // "¥ 175,820 ¥ 202,834 ¥ 2,071,817 …" across every column, one line 650 px wide: it was taken for a column of
    // running text beside the table (its rows left out) and closed every gap between the amounts' columns.
    const { tables, texts } = read('spread-14297-p1');
    const equity = tables.find((t) => rowsOf(t, texts).some((r) => r.cells[0] === 'Dividends'));
    expect(equity).toBeDefined();
    const rows = rowsOf(equity!, texts);
    expect(rows.find((r) => r.cells[0] === 'Dividends')!.cells.filter(Boolean)).toEqual(['Dividends', '(85,871)', '(85,871)', '(7,826)', '(93,697)']);
    expect(rows.find((r) => r.cells[0] === 'Adjusted balance at beginning of year')!.cells).toContain('1,958,945');
  });

  it('puts a currency sign standing alone with the amount on its right (the same page’s statement)', () => {
    const { tables, texts } = read('spread-14297-p1');
    const statement = tables.find((t) => rowsOf(t, texts).some((r) => r.cells[0] === 'Net profit'))!;
    // The 2021 column's "¥" stands left of that column's amounts, nearer the 2020 column's.
    const rows = rowsOf(statement, texts);
    expect(rows.find((r) => r.cells[0] === 'Net profit')!.cells).toEqual(['Net profit', '¥ 233,512', '¥ 201,683']);
    expect(rows.find((r) => r.cells[0] === 'Non-controlling interests')!.cells).toEqual(['Non-controlling interests', '¥ 7,630', '¥ 14,395']);
  });

  it("keeps a table's unit note over its headings as a heading row of its own (the same page's statement)", () => {
    const { tables, texts } = read('spread-14297-p1');
    const statement = tables.find((t) => rowsOf(t, texts).some((r) => r.cells[0] === 'Net profit'))!;
    // "Yen (millions)" stands over the 2021 heading, and is no part of it.
    const head = rowsOf(statement, texts).filter((r) => r.header.every(Boolean));
    expect(head.slice(0, 2).map((r) => r.cells)).toEqual([['Yen (millions)'], ['2020', '2021']]);
  });

  it('marks the heading cells of a table body: a heading row over columns of codes, a stub of labels', () => {
    const ruled = read('ruled-sci-p3');
    const date = ruled.tables[0]!.table.cells.filter((c) => c.lines.some((i) => ['EC Number', 'CAS Number'].includes(ruled.texts[i]!)));
    expect(date.length).toBeGreaterThanOrEqual(2);
    expect(date.every((c) => c.header)).toBe(true);
    const codes = ruled.tables[0]!.table.cells.filter((c) => c.lines.some((i) => ruled.texts[i] === '204-661-8'));
    expect(codes.map((c) => c.header)).toEqual([false]);
    const turner = read('booktabs-turner-p3');
    const stub = turner.tables[0]!.table.cells.filter((c) => c.col === 0 && c.lines.length > 0 && c.row > 0);
    expect(stub.map((c) => turner.texts[c.lines[0]!])).toEqual(['Specific physical', 'Lymphatic system', 'Bone', 'ENT', 'Renal']);
    expect(stub.every((c) => c.header)).toBe(true);
    expect(turner.markdown).toContain('<th>Lymphatic system</th>');
  });

  it('takes an infobox for one table, not the framed logo above it (pdf.js Wikipedia page p1)', () => {
    const { tables, texts } = read('infobox-wikipedia-p1');
    expect(tables).toHaveLength(1);
    expect(rowsOf(tables[0]!, texts).find((r) => r.cells[0] === 'Type')!.cells).toEqual(['Type', 'PDF viewer']);
  });

  it('splits a line the PDF set as one run across an infobox’s two columns back into its cells (pdf.js Wikipedia page p1)', () => {
    const { tables, texts, markdown } = read('infobox-wikipedia-p1');
    const rows = rowsOf(tables[0]!, texts);
    expect(rows[0]!.cells).toEqual(['Original author(s)', 'Andreas Gal']);
    expect(rows[1]!.cells).toEqual(['Developer(s)', 'Mozilla']);
    expect(markdown).toContain('<tr><th>Original author(s)</th><th>Andreas Gal</th></tr>');
  });

  it('joins a row set with a hanging indent to the row above, and keeps a group title whole across the row (Turner syndrome paper p7)', () => {
    // Table 3: "Nabhan" / "et al.³¹" over "Randomized" / "controlled trial", each wrapped line set in; "Effect of
    // pubertal induction regimen on uterine outcome" heads its group
    const { tables, texts, markdown } = read('hanging-indent-p7');
    expect(tables).toHaveLength(1);
    const rows = rowsOf(tables[0]!, texts);
    expect(rows.map((r) => r.cells[0])).toEqual([
      'Reference',
      'Effect of pubertal induction regimen on uterine outcome',
      'Nabhan et al.31',
      'Kim et al.32',
      'Cleemann et al.33',
      'Bannink et al.34',
      'Piippo et al.35',
      'Doerr et al.36',
      'McDonnell et al.37',
      'Snajderova et al.38',
      'Paterson et al.12',
      'Effect of pubertal induction regimen on bone development',
      'Nabhan et al.31',
      'Kim et al.32',
    ]);
    expect(rows[2]!.cells.slice(0, 5)).toEqual(['Nabhan et al.31', 'Randomized controlled trial', '12 (6 in each group)', '14 years', 'Oral CE: 0.3 increasing to 0.625 mg/day Transdermal E (TE): 0.025 increasing to 0.0375 mg/day']);
    expect(rows[2]!.header.slice(1).some(Boolean)).toBe(false);
    expect(markdown).toContain('<tr><td colspan="6">Effect of pubertal induction regimen on uterine outcome</td></tr>');
  });

  it("reads a form's line numbers at the right with their lines, not as side notes after the page (prefilled_f1040.pdf p1)", () => {
    const { markdown } = read('form-f1040-p1');
    const taxable = markdown.indexOf('Taxable interest. Attach Schedule B');
    expect(taxable).toBeGreaterThan(-1);
    expect(markdown.slice(taxable, markdown.indexOf('Tax-exempt interest'))).toMatch(/\b8a\b/);
  });

  it('does not take a form’s boxes for a table (modèle 160 p1)', () => {
    expect(read('form-160f-p1').tables).toEqual([]);
  });

  it('does not take a two-column page of prose for a table, nor its running head and foot (Turner syndrome paper p2, social sciences journal p4)', () => {
    expect(read('twocol-prose-p2').tables).toEqual([]);
    expect(read('twocol-journal-p4').tables).toEqual([]);
  });

  it('does not take a story in three justified columns for a table, its stretched lines boxed word by word (a newspaper page printed from HTML)', () => {
    const { tables, markdown } = read('news-justified-p1');
    expect(tables).toEqual([]);
    expect(markdown).toContain('This southern theatre delayed near of 262 visitor forest storm meeting a');
  });

  it('does not take a two-column index for a table (TI-89 guidebook index p3)', () => {
    expect(read('index-guidebook-p3').tables).toEqual([]);
  });

  it('does not take a chart’s tick labels and rotated axis title for a table (odour generalization figure p4)', () => {
    expect(read('axis-labels-lph2-p4').tables).toEqual([]);
  });

  it('does not take notes set in narrow columns beside an example for a table (TI-89 guidebook p10)', () => {
    expect(read('notes-ti89-p10').tables).toEqual([]);
  });
});
