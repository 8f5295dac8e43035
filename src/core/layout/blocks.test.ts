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
