import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import type { Block } from '../layout/types';
import { layerLines, regionLines } from './layer-lines';

const box = (i: number): BBox => [10, 10 + 20 * i, 200, 25 + 20 * i];

describe('layerLines', () => {
  const boxes = [0, 1, 2, 3, 4, 5, 6].map(box);
  const texts = ['Title', 'first line of a para-', 'graph that goes on', 'x = 1', 'label in a chart', 'cell b', 'cell a'];
  const blocks: Block[] = [
    { type: 'heading', bbox: box(0), lines: [0], level: 1 },
    { type: 'paragraph', bbox: box(1), lines: [1, 2] },
    { type: 'formula', bbox: [10, 70, 200, 85], lines: [3] },
    { type: 'figure', bbox: box(4), lines: [4] },
    {
      type: 'table',
      bbox: box(5),
      lines: [5, 6],
      table: { rows: 1, cols: 2, cells: [{ row: 0, col: 1, rowSpan: 1, colSpan: 1, lines: [5], header: false }, { row: 0, col: 0, rowSpan: 1, colSpan: 1, lines: [6], header: false }] },
    },
  ];

  it('gives the Markdown text line by line in its reading order, at each line box', () => {
    const lines = layerLines(blocks, boxes, texts);
    expect(lines.map((l) => l.text)).toEqual(['Title', 'first line of a para-', 'graph that goes on', 'x = 1', 'cell a', 'cell b']);
    expect(lines[1]!.bbox).toEqual(box(1));
    // A formula is one line over the whole formula; a table reads cell by cell, as its HTML does.
    expect(lines[3]!.bbox).toEqual([10, 70, 200, 85]);
    expect(lines[4]!.bbox).toEqual(box(6));
  });

  it('writes ligatures and TeX accents as the Markdown does', () => {
    const lines = layerLines([{ type: 'paragraph', bbox: box(0), lines: [0] }], [box(0)], ['ﬁnal  Kr¨ahenb¨uhl']);
    expect(lines[0]!.text).toBe('final Krähenbühl');
  });

  it('maps boxes onto the page as given and records the turn of a page fed in sideways', () => {
    const lines = layerLines([{ type: 'paragraph', bbox: box(0), lines: [0] }], [box(0)], ['text'], (b) => [b[1], b[0], b[3], b[2]], 1);
    expect(lines[0]).toEqual({ bbox: [10, 10, 25, 200], text: 'text', turns: 1 });
  });
});

describe('regionLines', () => {
  it('gives each region of a page model as one line of plain text', () => {
    const lines = regionLines([
      { bbox: [0, 0, 10, 10], type: 'heading', markdown: '## Results' },
      { bbox: [0, 10, 10, 20], type: 'figure', markdown: '![Figure](figure-p1-1.png)' },
      { bbox: [0, 20, 10, 30], type: 'table', markdown: '<table><tr><td>a</td><td>b &amp; c</td></tr></table>' },
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Results', 'a b & c']);
  });
});
