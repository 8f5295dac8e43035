import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLexicon } from './lexicon';
import { knownShare, repairLine, repairWord } from './word-repair';

// A small list for the rules; the pack's own list for lines as the pocket pack read them.
const small = parseLexicon(
  ['the', 'end', 'and', 'in', 'it', 'sir', 'gain', 'years', 'seems', 'been', 'attempt', 'lion', 'lure', 'solar', 'cot', 'then', 'than', 'liquidation', 'bolt', 'boil']
    .map((w) => `${w}\t10`)
    .concat(['repulsed\t35', 'ravaged\t35', 'loo\t35', 'immigration\t35', 'rarely\t70'])
    .join('\n'),
);

describe('repairWord', () => {
  it('mends a look-alike letter into the one listed word it makes', () => {
    expect(repairWord('rcpulsed', small)).toBe('repulsed');
    expect(repairWord('ravagcd', small)).toBe('ravaged');
    expect(repairWord('scems', small)).toBe('seems');
    expect(repairWord('liqnidation', small)).toBe('liquidation');
    expect(repairWord('cnd', small)).toBe('end');
  });

  it('mends two of the likeliest misreads in a long word, and no two of the others', () => {
    const lex = parseLexicon(['letter', 'embarrassed', 'devout'].map((w) => `${w}\t10`).join('\n'));
    expect(repairWord('lcttcr', lex)).toBe('letter');
    expect(repairWord('cmbarrasscd', lex)).toBe('embarrassed');
    expect(repairWord('devant', lex)).toBe('devant'); // a→o and n→u: a French word, not a misread "devout"
  });

  it('keeps listed words, names, and words with two equally likely mends', () => {
    expect(repairWord('then', small)).toBe('then'); // listed, though "than" is one swap away
    expect(repairWord('Salar', small)).toBe('Salar'); // a name, not a misread "solar"
    expect(repairWord('Col', small)).toBe('Col');
    expect(repairWord('boll', small)).toBe('boll'); // "bolt" and "boil" are both one likely swap away
    expect(repairWord('rarcly', small)).toBe('rarcly'); // the list knows "rarely" but only as a rare word
  });

  it('reads digits in a word as the letters they look like, where that makes a word', () => {
    expect(repairWord('s1r', small)).toBe('sir');
    expect(repairWord('ga1n', small)).toBe('gain');
    expect(repairWord('year8', small)).toBe('years');
    expect(repairWord('1n', small)).toBe('in');
    expect(repairWord('1t', small)).toBe('it');
  });

  it('reads letters in a number as the digits they look like', () => {
    expect(repairWord('109o', small)).toBe('1090');
    expect(repairWord('i9o1', small)).toBe('1901');
    expect(repairWord('I551', small)).toBe('1551');
  });

  it('keeps ordinals, shillings and pence, codes, and short numbers as read', () => {
    for (const w of ['22nd', '9th', '5s', '2d', 'A5', 'D1D', 'mp3', 'B12', '10l', 'lo1']) expect(repairWord(w, small)).toBe(w);
  });
});

describe('repairLine', () => {
  it('mends words between punctuation and keeps the punctuation', () => {
    expect(repairLine('Dear s1r:- the cnd, "rcpulsed"', small)).toBe('Dear sir:- the end, "repulsed"');
    expect(repairLine('in 18o3; in 1551.', small)).toBe('in 1803; in 1551.');
  });

  it('joins a word split at a wide letter gap, and keeps two listed words apart', () => {
    const lex = parseLexicon(readFileSync('models/pocket/lexicon.txt', 'utf8'));
    // old_scans 17_pg1, a typed letter, as read: "Columbia Uni versity c onferred apon you".
    expect(repairLine('Columbia Uni versity c onferred', lex)).toBe('Columbia University conferred');
    expect(repairLine('in any way be fore', lex)).toBe('in any way be fore');
  });

  it('reads amounts as digits, and keeps pounds written with a trailing l', () => {
    expect(repairLine('a sum of £1oo,ooo in all', small)).toBe('a sum of £100,000 in all');
    expect(repairLine('cost 430,000l. in all', small)).toBe('cost 430,000l. in all');
  });

  it('leaves halves of a word broken at a line end, and the parts of a compound, as read', () => {
    expect(repairLine('the immigra-', small)).toBe('the immigra-');
    expect(repairLine('the immigra- tion was cnd', small)).toBe('the immigra- tion was end'); // a break kept as printed
    expect(repairLine('Dear s1r- The cnd', small)).toBe('Dear sir- The end'); // a dash before a capital ends no word
    expect(repairLine('Oyster Bay. Dear s1r-', small)).toBe('Oyster Bay. Dear sir-'); // a half's digits are still misreads
    expect(repairLine('tion was cnd', small, { continues: true })).toBe('tion was end');
    expect(repairLine('tion was cnd', small)).toBe('lion was end');
    expect(repairLine('the pre-Islamic cnd', small)).toBe('the pre-Islamic end');
  });

  it('mends lines as the pocket pack read them on old print (long_tiny_text 13_pg531) with the pack’s word list', () => {
    const lex = parseLexicon(readFileSync('models/pocket/lexicon.txt', 'utf8'));
    // Read: "…the Arabs under Selim Pasha in I551 ravagcd Gozo, after an unsuccessful attempt on Malta, rcpulsed by…"
    // Printed (the bench's test): "In 1551 ravaged Gozo, after an unsuccessful attempt on Malta, repulsed by cavalry".
    expect(repairLine('in I551 ravagcd Gozo, after an unsuccessful attempt on Malta, rcpulsed by', lex)).toBe(
      'in 1551 ravaged Gozo, after an unsuccessful attempt on Malta, repulsed by',
    );
    expect(repairLine('In 109o Count Roger the Norman', lex)).toBe('In 1090 Count Roger the Norman');
    // A typed letter (old_scans 28_pg1): "Dear sir:- The blind gropings of our legislators and men in places".
    expect(repairLine('Dear s1r- The blind gropings of our legislators and men 1n places', lex)).toBe(
      'Dear sir- The blind gropings of our legislators and men in places',
    );
  });
});

describe('knownShare', () => {
  it('is the share of words of three letters or more the list knows', () => {
    expect(knownShare(['the end and', 'xq zzz'], small)).toBeCloseTo(3 / 4);
    expect(knownShare(['12 34'], small)).toBe(0);
  });
});

describe('the commonest words misread', () => {
  const lex = parseLexicon(['the\t10', 'and\t10', 'she\t10', 'end\t10'].join('\n'));
  it('mends a three-letter word one look-alike from "the" or "and"', () => {
    expect(repairLine('founded at ihe end of 1799, lhe king aud his court', lex)).toBe('founded at the end of 1799, the king and his court');
  });
  it('leaves words that are no look-alike of them', () => {
    expect(repairLine('Wissenschaft und Kunst; ths city; she', lex)).toBe('Wissenschaft und Kunst; ths city; she');
  });
});
