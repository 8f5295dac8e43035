import { describe, expect, it } from 'vitest';
import { boxToPage, parseBoxes, parseGrounded } from './grounding';

describe('parseGrounded', () => {
  const text =
    '<|ref|>title<|/ref|><|det|>[[100, 50, 899, 120]]<|/det|>\n# Results\n\n' +
    '<|ref|>text<|/ref|><|det|>[[100,150,899,400]]<|/det|>\nWe measured \\(x\\).\n' +
    '<|ref|>image<|/ref|><|det|>[[0, 500, 999, 999]]<|/det|>\n';

  it('removes the tags and keeps the blocks in order', () => {
    const g = parseGrounded(text, 1998, 999);
    expect(g.markdown).toBe('# Results\n\nWe measured \\(x\\).');
  });

  it('maps 0–999 boxes to page pixels with a region type', () => {
    const g = parseGrounded(text, 1998, 999);
    expect(g.regions.map((r) => r.type)).toEqual(['heading', 'paragraph', 'figure']);
    expect(g.regions[0]!.bbox).toEqual([200, 50, 1798, 120]);
    expect(g.regions[2]!.bbox).toEqual([0, 500, 1998, 999]);
    expect(g.regions[1]!.markdown).toBe('We measured \\(x\\).');
  });

  it('survives malformed output', () => {
    const g = parseGrounded('<|ref|>text<|/ref|><|det|>[[1,2,3]]<|/det|>hello <|det|>', 100, 100);
    expect(g.markdown).toBe('hello');
    expect(g.regions).toEqual([]);
    expect(parseGrounded('plain page', 10, 10)).toEqual({ markdown: 'plain page', regions: [] });
  });
});

describe('boxes', () => {
  it('parses several boxes and clamps, orders and drops empty ones', () => {
    expect(parseBoxes('[[1,2,3,4],[5, 6, 7, 8]]')).toEqual([[1, 2, 3, 4], [5, 6, 7, 8]]);
    expect(boxToPage([999, 999, 0, 0], 999, 999)).toEqual([0, 0, 999, 999]);
    expect(boxToPage([1200, 0, 1300, 10], 999, 999)).toBeNull();
  });
});
