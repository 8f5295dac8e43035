import { describe, expect, it } from 'vitest';
import { parseLexicon } from './lexicon';

describe('lexicon', () => {
  it('reads words with their ranks, skips comments, and finds a capitalised word through its lower case', () => {
    const lex = parseLexicon('# a notice\nthe\t10\nseems\t10\nrepulsed\t35\nplain\n\n');
    expect(lex.size).toBe(4);
    expect(lex.rank('repulsed')).toBe(35);
    expect(lex.rank('The')).toBe(10);
    expect(lex.rank('SEEMS')).toBe(10);
    expect(lex.rank('plain')).toBe(0);
    expect(lex.rank('scems')).toBeUndefined();
  });

  it('names the file and line of a bad rank, and refuses an empty list', () => {
    expect(() => parseLexicon('the\t10\nend\tten\n', 'words.txt')).toThrow('words.txt: line 2: expected "word" or "word<TAB>rank"');
    expect(() => parseLexicon('# only a notice\n', 'words.txt')).toThrow('words.txt: holds no words');
  });
});
