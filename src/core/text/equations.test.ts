import { describe, expect, it } from 'vitest';
import { markEquations } from './equations';
import { parseLexicon } from './lexicon';

const lex = parseLexicon(['see\t10', 'sum\t10', 'sin\t20', 'ad\t35'].join('\n'));

describe('markEquations', () => {
  it('writes the simple equations of a math book’s prose as inline math', () => {
    // Lines as the pack read them on scanned math books (old_scans_math 1_pg113, 4_pg186).
    expect(markEquations('Put CD = h, AB = 2c, and')).toBe('Put $CD = h$, $AB = 2c$, and');
    expect(markEquations('b d Clearing of fractions, ad = bc.', lex)).toBe('b d Clearing of fractions, $ad = bc$.');
    expect(markEquations('Let a : b=c: d, or a c')).toBe('Let $a : b=c: d$, or a c');
    expect(markEquations('so that 18 x + 40 = 2(x – 1)')).toBe('so that $18 x + 40 = 2(x - 1)$');
  });

  it('keeps a side’s sign with it: after "=", at the line’s start, or glued to its term', () => {
    // old_scans_math 4_pg451, as read.
    expect(markEquations('Hence f(4) = - 14.')).toBe('Hence $f(4) = - 14$.');
    expect(markEquations('- 4x = –16, which added to the next term gives - 14.')).toBe('$- 4x = -16$, which added to the next term gives - 14.');
    expect(markEquations('so y = -x + 2 and')).toBe('so $y = -x + 2$ and');
    expect(markEquations('Then x –y = 3')).toBe('Then $x -y = 3$');
    expect(markEquations('so –x = 2')).toBe('so $-x = 2$');
    // A dash after a word is prose's: the equation starts after it.
    expect(markEquations('Hence – x = 5.')).toBe('Hence – $x = 5$.');
  });

  it('leaves text that is not plainly an equation as read', () => {
    for (const text of [
      'tenant farmers (= ones who do not own their own',
      'the sum = the whole',
      'p(x, y) == 0 and', // a doubled sign is a misread, not an equation
      'h (2cx — *\') h 2 \'. y : TH',
      '1 lb. = 16 oz.',
      'no equation here: a, b and c',
      'already $x = 1$ in math',
      'x = (y',
      '9 = see', // a common word is no product of variables
      'and 5 7 = 35; hence', // numbers alone: a misread sum
      'y = 2sin u', // a number glued to a word is part of it
    ]) {
      expect(markEquations(text, lex), text).toBe(text);
    }
  });
});
