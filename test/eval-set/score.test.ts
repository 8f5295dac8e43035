// The eval's scorers: each check must pass on a right answer and fail on a wrong one.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { cer, formulas, fuzzyFind, parseTables, plainText, runTest } from '../../bench/eval/score.mjs';

describe('eval scoring', () => {
  it('finds text approximately and strips Markdown markup', () => {
    expect(fuzzyFind('hello world', 'say hallo world now')).toEqual({ distance: 1, end: 15 });
    expect(plainText('## Title\n\n- item *one*\n1. \\# x &lt;b&gt;')).toBe('Title item *one* # x <b>');
  });

  it('present / absent / order', () => {
    const md = '# Heading\n\nThe quick brown fox jumps.\n\nA second paragraph here.\n\n17';
    expect(runTest({ type: 'present', text: 'The quick brown fax jumps.' }, md)).toBe(true);
    expect(runTest({ type: 'present', text: 'Nothing like this at all.' }, md)).toBe(false);
    expect(runTest({ type: 'absent', text: '17', exact: true }, md)).toBe(false);
    expect(runTest({ type: 'absent', text: '1', exact: true }, md)).toBe(true);
    expect(runTest({ type: 'order', before: 'quick brown fox', after: 'second paragraph' }, md)).toBe(true);
    expect(runTest({ type: 'order', before: 'second paragraph', after: 'quick brown fox' }, md)).toBe(false);
  });

  it('table neighbours follow spans', () => {
    const md = '<table><tr><th colspan="2">Head</th></tr><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr><tr><td rowspan="2">3</td><td>4</td></tr><tr><td>5</td></tr></table>';
    expect(parseTables(md)[0][4][0].text).toBe('3');
    expect(runTest({ type: 'table', cell: '2', left: '1', up: 'B', down: '4', top_heading: 'B' }, md)).toBe(true);
    expect(runTest({ type: 'table', cell: '5', left: '3', up: '4' }, md)).toBe(true);
    expect(runTest({ type: 'table', cell: '2', left: '3' }, md)).toBe(false);
    expect(runTest({ type: 'table', cell: '1', right: '2' }, 'no table, 1 2')).toBe(false);
  });

  it('math matches by what KaTeX draws, not by spelling', () => {
    expect(formulas('a $x$ b\n$$\ny^2\n$$\n\\[z\\]')).toEqual(['\ny^2\n', 'z', 'x']);
    expect(runTest({ type: 'math', math: '\\frac{1}{2} x^2' }, '$$\n\\frac12 x^{2}\n$$')).toBe(true);
    expect(runTest({ type: 'math', math: '\\frac{1}{2} x^2' }, '$$\n\\frac13 y^{2}\n$$')).toBe(false);
    expect(runTest({ type: 'math', math: 'x^2' }, 'x^2 in plain text')).toBe(false);
  });

  it('character error rate', () => {
    expect(cer('abcd', 'abce')).toBe(0.25);
    expect(cer('same  text', 'same text')).toBe(0);
  });
});

describe('structure checks', () => {
  it('headings and list items must be Markdown headings and items', () => {
    const md = '## Results and Methods\n\nResults and Methods in prose\n\n- first item text\n1. numbered item';
    expect(runTest({ type: 'heading', text: 'Results and Methods' }, md)).toBe(true);
    expect(runTest({ type: 'heading', text: 'first item text' }, md)).toBe(false);
    expect(runTest({ type: 'list', text: 'first item text', ordered: false }, md)).toBe(true);
    expect(runTest({ type: 'list', text: 'first item text', ordered: true }, md)).toBe(false);
    expect(runTest({ type: 'list', text: 'numbered item', ordered: true }, md)).toBe(true);
  });
});
