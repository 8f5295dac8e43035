import { describe, expect, it } from 'vitest';
import { namedText } from './glyph-names';

// The /Differences of large_prompt_hint2.pdf's Mathematical Pi subset: codes 1–3 name +, χ and <.
const differences = [null, 'H11001', 'H9273', 'H11021'];

describe('namedText', () => {
  it('gives a Mathematical Pi glyph pdf.js left as its character code the character its name says', () => {
    expect(namedText('\u0002', 'POLBPN+MathematicalPi-One', differences)).toBe('χ');
    expect(namedText('p \u0003 0.01', 'POLBPN+MathematicalPi-One', differences)).toBe('p < 0.01');
    expect(namedText('\u0001', 'MathematicalPi-Six', differences)).toBe('+');
  });
  it('drops a control character it cannot name rather than pass it on', () => {
    expect(namedText('a\u0002b', 'Plantin', differences)).toBe('ab');
    expect(namedText('\u0005', 'MathematicalPi-One', differences)).toBe('');
    expect(namedText('\u0002', 'MathematicalPi-One', undefined)).toBe('');
  });
  it('leaves text with no control characters, and tabs and line ends, as they are', () => {
    expect(namedText('x\ty\nz', 'MathematicalPi-One', differences)).toBe('x\ty\nz');
    expect(namedText('plain', undefined, undefined)).toBe('plain');
  });
});
