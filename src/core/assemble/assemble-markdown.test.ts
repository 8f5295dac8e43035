import { describe, expect, it } from 'vitest';
import type { Block } from '../layout/types';
import { assembleMarkdown, formulaMarkdown, joinPages, tableHtml } from './assemble-markdown';
import { escapeBlockStart, joinAsPrinted, joinLines, normalizeMath } from './inline-text';

const box = [0, 0, 10, 10] as [number, number, number, number];

describe('inline text', () => {
  it('re-joins hyphenated line ends and joins other lines with spaces', () => {
    expect(joinLines(['An exam-', 'ple of text', ' across lines '])).toBe('An example of text across lines');
    expect(joinLines(['Jean-', 'Paul'])).toBe('Jean- Paul');
  });
  it('joins inline math TeX broke after a relation or an operator into one formula, and nothing else', () => {
    for (const join of [joinLines, joinAsPrinted]) {
      expect(join(['the parameter $k\\ll$', '$n$ as above'])).toBe('the parameter $k\\ll n$ as above');
      expect(join(['the model $f$:', '$\\mathcal{X}\\to\\mathcal{Y}$ as'])).toBe('the model $f: \\mathcal{X}\\to\\mathcal{Y}$ as');
      expect(join(['where $a+$', '$b$ holds'])).toBe('where $a+ b$ holds');
      // A formula that ends in no relation, or a line that starts with text, stays apart.
      expect(join(['the value $x$', '$y$ holds'])).toBe('the value $x$ $y$ holds');
      expect(join(['the value $x=$', 'then $y$'])).toBe('the value $x=$ then $y$');
      expect(join(['costs \\$5 =', '$y$'])).toBe('costs \\$5 = $y$');
    }
  });
  it('normalizes \\( \\) and \\[ \\] to dollars', () => {
    expect(normalizeMath('so \\(x^2\\) and \\[ \\sum_i a_i \\]')).toBe('so $x^2$ and $$\\sum_i a_i$$');
  });
  it('escapes text that would read as a heading, list or quote', () => {
    expect(escapeBlockStart('# not a heading')).toBe('\\# not a heading');
    expect(escapeBlockStart('1. not a list')).toBe('1\\. not a list');
    expect(escapeBlockStart('- dash')).toBe('\\- dash');
    expect(escapeBlockStart('> quote')).toBe('\\> quote');
    expect(escapeBlockStart('#hashtag and 1.5 litres')).toBe('#hashtag and 1.5 litres');
  });
});

describe('assembleMarkdown', () => {
  const texts = ['Running head', 'Intro', 'First para-', 'graph text.', '• one', '• two', '# odd', 'x = \\(y\\)', '(2)', '12'];
  const blocks: Block[] = [
    { type: 'header', bbox: box, lines: [0] },
    { type: 'heading', bbox: box, lines: [1], level: 2 },
    { type: 'paragraph', bbox: box, lines: [2, 3] },
    { type: 'list', bbox: box, lines: [4, 5], items: [[4], [5]], ordered: false },
    { type: 'paragraph', bbox: box, lines: [6] },
    { type: 'formula', bbox: box, lines: [7, 8] },
    { type: 'figure', bbox: [1, 2, 3, 4], lines: [] },
    { type: 'footer', bbox: box, lines: [9] },
  ];
  it('writes each block type per the Markdown conventions', () => {
    const { markdown, regions, figures } = assembleMarkdown(blocks, texts, { page: 3, dropHeaders: false });
    expect(markdown).toBe(
      ['Running head', '## Intro', 'First paragraph text.', '- one\n- two', '\\# odd', '$$\nx = y \\tag{2}\n$$', '![Figure](figure-p3-1.png)', '12'].join('\n\n'),
    );
    expect(regions.map((r) => r.type)).toEqual(['header', 'heading', 'paragraph', 'list', 'paragraph', 'formula', 'figure', 'footer']);
    expect(figures).toEqual([{ name: 'figure-p3-1.png', bbox: [1, 2, 3, 4] }]);
  });
  it('drops running headers and footers when asked', () => {
    const { markdown, regions } = assembleMarkdown(blocks, texts, { page: 1, dropHeaders: true });
    expect(markdown.startsWith('## Intro')).toBe(true);
    expect(markdown.endsWith('.png)')).toBe(true);
    expect(regions.some((r) => r.type === 'header' || r.type === 'footer')).toBe(false);
  });
  it('numbers ordered lists from their recognized markers', () => {
    const b: Block = { type: 'list', bbox: box, lines: [0, 1], items: [[0], [1]], ordered: true };
    expect(assembleMarkdown([b], ['3. three', '4) four'], { page: 1, dropHeaders: false }).markdown).toBe('3. three\n4. four');
  });
  it('keeps the marks of a list lettered "(a)", "(b)" or numbered "(1)": Markdown numbers only with "1." or "1)"', () => {
    const b: Block = { type: 'list', bbox: box, lines: [0, 1], items: [[0], [1]], ordered: true };
    const md = assembleMarkdown([b], ['(a) the first', '(b) the second'], { page: 1, dropHeaders: false }).markdown;
    expect(md).toBe('- (a) the first\n- (b) the second');
    const numbered = assembleMarkdown([b], ['(1) Whether Article 42.4 applies', '(2) What order'], { page: 1, dropHeaders: false }).markdown;
    expect(numbered).toBe('- (1) Whether Article 42.4 applies\n- (2) What order');
  });
  it('writes a PDF text layer’s math letters as inline $…$, in paragraphs and table cells', () => {
    const blocks: Block[] = [
      { type: 'paragraph', bbox: box, lines: [0] },
      { type: 'table', bbox: box, lines: [1], table: { rows: 1, cols: 1, cells: [{ row: 0, col: 0, rowSpan: 1, colSpan: 1, lines: [1], header: false }] } },
    ];
    const md = assembleMarkdown(blocks, ['let 𝑥 and 𝑦 satisfy 𝑥 > 𝑦.', '𝛼 ∈ ℝ'], { page: 1, dropHeaders: false }).markdown;
    expect(md).toBe('let $x$ and $y$ satisfy $x > y$.\n\n<table>\n<tr><td>$\\alpha \\in \\mathbb{R}$</td></tr>\n</table>');
  });

  it('never turns recognized text into a remote image', () => {
    const b: Block = { type: 'paragraph', bbox: box, lines: [0] };
    expect(assembleMarkdown([b], ['see ![x](https://example.com/t.png) here'], { page: 1, dropHeaders: false }).markdown).toBe(
      'see &#33;[x](https://example.com/t.png) here',
    );
  });
  it('wraps a block the recognizer doubts in <div data-unsure>, keeping its text and Markdown', () => {
    const doubtful: Block[] = [
      { type: 'heading', bbox: box, lines: [0], level: 2, unsure: true },
      { type: 'paragraph', bbox: box, lines: [1, 2], unsure: true },
      { type: 'paragraph', bbox: box, lines: [3] },
    ];
    const { markdown, regions } = assembleMarkdown(doubtful, ['Shae', 'lin they din', '</div> a luck', 'Very truly yours,'], { page: 1, dropHeaders: false });
    expect(markdown).toBe('<div data-unsure>\n\n## Shae\n\n</div>\n\n<div data-unsure>\n\nlin they din &lt;/div> a luck\n\n</div>\n\nVery truly yours,');
    expect(regions.map((r) => r.unsure ?? false)).toEqual([true, true, false]);
  });
  it('neutralizes HTML in recognized text', () => {
    const b: Block = { type: 'paragraph', bbox: box, lines: [0] };
    expect(assembleMarkdown([b], ['<script>alert(1)</script> a < b'], { page: 1, dropHeaders: false }).markdown).toBe('&lt;script>alert(1)&lt;/script> a < b');
  });
  it('keeps a < in inline math LaTeX, spaced so that it opens no tag', () => {
    const b: Block = { type: 'paragraph', bbox: box, lines: [0] };
    const md = (t: string) => assembleMarkdown([b], [t], { page: 1, dropHeaders: false }).markdown;
    // An entity inside $…$ is no LaTeX: KaTeX would draw "&lt;" as letters.
    expect(md('if $(L_{gz}<L)$ at t = 0')).toBe('if $(L_{gz}< L)$ at t = 0');
    expect(md('$<script>$ and <b>')).toBe('$< script>$ and &lt;b>');
  });
});

describe('tables and formulas', () => {
  it('writes th/td with colspan, rowspan and empty cells', () => {
    const html = tableHtml(
      {
        rows: 3,
        cols: 3,
        cells: [
          { row: 0, col: 0, rowSpan: 1, colSpan: 3, lines: [0], header: true },
          { row: 1, col: 0, rowSpan: 2, colSpan: 1, lines: [1], header: false },
          { row: 1, col: 2, rowSpan: 1, colSpan: 1, lines: [2], header: false },
          { row: 2, col: 1, rowSpan: 1, colSpan: 1, lines: [3], header: false },
        ],
      },
      (i) => ['Title', 'A & B', 'x<y', 'z'][i]!,
    );
    expect(html).toBe(
      '<table>\n<thead>\n<tr><th colspan="3">Title</th></tr>\n</thead>\n<tbody>\n<tr><td rowspan="2">A &amp; B</td><td></td><td>x&lt;y</td></tr>\n<tr><td>z</td><td></td></tr>\n</tbody>\n</table>',
    );
  });
  it('puts every leading header row in <thead>, and a table with no header rows in no <thead>', () => {
    const cell = (row: number, col: number, header: boolean, line: number) => ({ row, col, rowSpan: 1, colSpan: 1, lines: [line], header });
    const two = tableHtml({ rows: 3, cols: 1, cells: [cell(0, 0, true, 0), cell(1, 0, true, 1), cell(2, 0, false, 2)] }, (i) => ['Year Ended', '2019', '12'][i]!);
    expect(two).toBe('<table>\n<thead>\n<tr><th>Year Ended</th></tr>\n<tr><th>2019</th></tr>\n</thead>\n<tbody>\n<tr><td>12</td></tr>\n</tbody>\n</table>');
    const none = tableHtml({ rows: 2, cols: 1, cells: [cell(0, 0, false, 0), cell(1, 0, false, 1)] }, (i) => ['a', 'b'][i]!);
    expect(none).toBe('<table>\n<tr><td>a</td></tr>\n<tr><td>b</td></tr>\n</table>');
  });
  it('strips delimiters a recognizer emitted around display math', () => {
    expect(formulaMarkdown(['\\[ a+b \\]'])).toBe('$$\na+b\n$$');
    expect(formulaMarkdown(['$$c$$'])).toBe('$$\nc\n$$');
    expect(formulaMarkdown(['   '])).toBe('');
  });
  it('joins pages with page markers', () => {
    expect(joinPages(['one', 'two', 'three'])).toBe('one\n\n<!-- page 2 -->\n\ntwo\n\n<!-- page 3 -->\n\nthree');
  });
});
