import { describe, expect, it } from 'vitest';
import { parseLexicon } from './lexicon';
import { closePrintSpacing } from './print-spacing';

const lex = parseLexicon(['produced', 'the', 'who'].map((w) => `${w}\t10`).join('\n'));

describe('closePrintSpacing', () => {
  it('closes the space old print sets before ; : ? !', () => {
    // As the pack read 11_pg36 and 11_pg57 of long_tiny_text.
    expect(closePrintSpacing(["See Wright's Lyric Poetry, pp. 26, 40 ; Reliq. Antiq. i.86 ;"])).toEqual([
      "See Wright's Lyric Poetry, pp. 26, 40; Reliq. Antiq. i.86;",
    ]);
    expect(closePrintSpacing(['LORDINGS. Sirs ; masters.', 'Who is he ? Not I !', 'Note : this'])).toEqual([
      'LORDINGS. Sirs; masters.',
      'Who is he? Not I!',
      'Note: this',
    ]);
  });

  it('leaves marks that stand for themselves', () => {
    const lines = ['a list ; ; of nothing', 'x ? y', '(; see below)', ':-) smile'];
    // Only a mark after a word moves; the second ";" follows a mark, "(;" follows a bracket that opens.
    expect(closePrintSpacing(lines)).toEqual(['a list; ; of nothing', 'x? y', '(; see below)', ':-) smile']);
  });

  it('takes a quote standing alone to the word it belongs to, across the lines of a block', () => {
    // 13_pg67 and 13_pg165: the quote opens on one line and closes on another.
    const lines = ['and had a " conseil', 'royal " in Paris, he said, " I have', 'not lived his life "'];
    expect(closePrintSpacing(lines)).toEqual(['and had a "conseil', 'royal" in Paris, he said, "I have', 'not lived his life"']);
    // A quote already attached to its word counts toward the pairing and is left as written.
    expect(closePrintSpacing(['"Who is he ?" and " why " not'])).toEqual(['"Who is he?" and "why" not']);
    expect(closePrintSpacing(['“ curly ” quotes'])).toEqual(['“curly” quotes']);
  });

  it('opens a single quote standing alone before a word; apostrophes are left alone', () => {
    expect(closePrintSpacing(["it is ' necessary to fulfil", "the students' books don't", "at 5 ' 9"])).toEqual([
      "it is 'necessary to fulfil",
      "the students' books don't",
      "at 5 ' 9",
    ]);
  });

  it('writes one hyphen for a typewriter doubled one at a line end, where the halves make a word', () => {
    expect(closePrintSpacing(['If he had pro--', 'duced the cash'], lex)).toEqual(['If he had pro-', 'duced the cash']);
    // A dash before a new clause is not a broken word; without a list nothing is joined.
    expect(closePrintSpacing(['the man--', 'who came'], lex)).toEqual(['the man--', 'who came']);
    expect(closePrintSpacing(['If he had pro--', 'duced the cash'])).toEqual(['If he had pro--', 'duced the cash']);
  });
});
