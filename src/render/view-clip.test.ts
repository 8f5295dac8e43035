import { describe, expect, it } from 'vitest';
import { clipForView, VIEW_MAX_BLOCKS, VIEW_MAX_CHARS, VIEW_MAX_LINE_CHARS, VIEW_MAX_LINES } from './view-clip';

describe('clipForView', () => {
  it('leaves an ordinary page alone', () => {
    const texts = ['# Title', 'A paragraph\nover two lines.', '$$x^2$$'];
    expect(clipForView(texts)).toEqual({ texts, clipped: false });
  });

  it('cuts a 1 MB line', () => {
    const { texts, clipped } = clipForView(['x'.repeat(1_000_000)]);
    expect(clipped).toBe(true);
    expect(texts[0]).toHaveLength(VIEW_MAX_LINE_CHARS + 1);
    expect(texts[0]!.endsWith('…')).toBe(true);
  });

  it('keeps VIEW_MAX_LINES lines of a 20,000-line page, over all its blocks', () => {
    const block = Array.from({ length: 10_000 }, (_, i) => `line ${i}`).join('\n');
    const { texts, clipped } = clipForView([block, block, 'last']);
    expect(clipped).toBe(true);
    expect(texts.join('\n').split('\n')).toHaveLength(VIEW_MAX_LINES);
  });

  it('keeps VIEW_MAX_CHARS characters in all', () => {
    const line = 'y'.repeat(VIEW_MAX_LINE_CHARS - 1);
    const { texts, clipped } = clipForView(Array.from({ length: 100 }, () => `${line}\n${line}`));
    expect(clipped).toBe(true);
    expect(texts.join('\n').length).toBeLessThanOrEqual(VIEW_MAX_CHARS + VIEW_MAX_LINE_CHARS);
  });

  it('keeps a page-long paragraph whole', () => {
    const paragraph = 'word '.repeat(3000).trim();
    expect(clipForView([paragraph])).toEqual({ texts: [paragraph], clipped: false });
  });

  it('keeps VIEW_MAX_BLOCKS blocks', () => {
    const { texts, clipped } = clipForView(Array.from({ length: 20_000 }, (_, i) => `b${i}`));
    expect(clipped).toBe(true);
    expect(texts).toHaveLength(VIEW_MAX_BLOCKS);
  });
});
