import { describe, expect, it } from 'vitest';
import { normalizeMathDelimiters } from './math-delimiters';

describe('normalizeMathDelimiters', () => {
  it('turns \\(…\\) into $…$', () => {
    expect(normalizeMathDelimiters('Let \\( x^2 \\) be even.')).toBe('Let $x^2$ be even.');
  });
  it('puts \\[…\\] on its own lines as $$…$$', () => {
    expect(normalizeMathDelimiters('so \\[ E = mc^2 \\] holds')).toBe('so \n$$\nE = mc^2\n$$\n holds');
    expect(normalizeMathDelimiters('\\[a\\]')).toBe('$$\na\n$$');
  });
  it('leaves code and unclosed openers alone', () => {
    expect(normalizeMathDelimiters('`\\(x\\)` and \\( open')).toBe('`\\(x\\)` and \\( open');
    expect(normalizeMathDelimiters('```\n\\(x\\)\n```')).toBe('```\n\\(x\\)\n```');
  });
  it('keeps other escapes', () => {
    expect(normalizeMathDelimiters('a \\\\ b \\$5')).toBe('a \\\\ b \\$5');
  });
});
