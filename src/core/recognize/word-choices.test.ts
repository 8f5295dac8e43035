import { describe, expect, it } from 'vitest';
import { decodeBatch } from '../decoding/decode-batch';
import { BOS, EOS, FakeModel, type FakeRow } from '../decoding/testing/fake-model';
import { parseLexicon } from '../text/lexicon';
import { chooseWords, forcedLogProbs, hasUnlistedWord, lowerWords, type LineLogProbs } from './word-choices';
import type { PieceVocab } from './piece-vocab';

// A character vocabulary: specials, space, punctuation, then letters.
const pieces = ['<pad>', '<bos>', '<eos>', ' ', '-', '.', 'M', '1', ...'abcdefghijklmnopqrstuvwxyz'];
const vocab: PieceVocab = { pieces, specials: new Set([0, 1, 2]) };
const ids = (text: string) => [...text].map((ch) => pieces.indexOf(ch));
const spell = (tokens: number[]) => tokens.map((t) => pieces[t]).join('');
const lex = parseLexicon('regret\t10\nthe\t10\nsuch\t10\neach\t10\nwith\t10\nmust\t10\nmist\t35\ntemperance\t50\nsky\t10\n');

/** Log-probabilities where each letter read is sure (0) except the runner-ups given: [position, letter, nats]. */
function logProbs(tokens: number[], runnersUp: [number, string, number][]): LineLogProbs {
  return [...tokens, EOS].map((t, i) => {
    const row = new Float32Array(pieces.length).fill(-20);
    row[t] = 0;
    for (const [at, ch, cost] of runnersUp) if (at === i) row[pieces.indexOf(ch)] = -cost;
    return row;
  });
}

describe('words read again among the decoder’s runner-ups', () => {
  it('finds lower-case words, not names, codes or halves of a hyphenated word', () => {
    const t = ids('rogrot Mrogrot a1bc fol-low the.');
    expect(lowerWords(t, vocab).map((w) => spell(t.slice(w.start, w.end)))).toEqual(['rogrot', 'the']);
    expect(hasUnlistedWord(t, vocab, lex)).toBe(true);
    expect(hasUnlistedWord(ids('the sky.'), vocab, lex)).toBe(false);
  });

  it('swaps near runner-up letters to make a listed word, two in a long word', () => {
    const t = ids('we rogrot it');
    // "rogrot": o → e at 4 and 7 are close seconds; "r" → "t" too, but "togrot" is no word.
    const lp = logProbs(t, [
      [4, 'e', 1.2],
      [7, 'e', 0.8],
      [3, 't', 0.5],
    ]);
    expect(spell(chooseWords(t, lp, vocab, lex))).toBe('we regret it');
  });

  it('keeps a word whose runner-ups spell no listed word, or spell it only at a high cost', () => {
    const t = ids('we rogrot it');
    expect(spell(chooseWords(t, logProbs(t, [[4, 'e', 1]]), vocab, lex))).toBe('we rogrot it');
    const far = logProbs(t, [
      [4, 'e', 4],
      [7, 'e', 4],
    ]);
    expect(spell(chooseWords(t, far, vocab, lex))).toBe('we rogrot it');
  });

  it('keeps a word two listed words fit about as well', () => {
    const t = ids('euch');
    // s and a are both near: "such" and "each" cost about the same.
    expect(spell(chooseWords(t, logProbs(t, [[0, 's', 1], [1, 'a', 1.4]]), vocab, lex))).toBe('euch');
    expect(spell(chooseWords(t, logProbs(t, [[0, 's', 1], [1, 'a', 4]]), vocab, lex))).toBe('such');
  });

  it('makes a short word only a common one, a three-letter word only from a close second', () => {
    const t = ids('mest');
    // "mist" is listed but rare (35): a four-letter word becomes only a common one.
    expect(spell(chooseWords(t, logProbs(t, [[1, 'i', 0.5]]), vocab, lex))).toBe('mest');
    expect(spell(chooseWords(t, logProbs(t, [[1, 'u', 0.5]]), vocab, lex))).toBe('must');
    const s = ids('ths');
    expect(spell(chooseWords(s, logProbs(s, [[2, 'e', 2]]), vocab, lex))).toBe('ths');
    expect(spell(chooseWords(s, logProbs(s, [[2, 'e', 1]]), vocab, lex))).toBe('the');
  });

  it('leaves listed words alone, however close a runner-up', () => {
    const t = ids('such');
    expect(spell(chooseWords(t, logProbs(t, [[0, 'm', 0.01]]), vocab, lex))).toBe('such');
  });
});

describe('the teacher-forced pass', () => {
  it('gives, along the greedy reading, the same log-probabilities greedy decoding had, each its row’s best', async () => {
    const rows: FakeRow[] = [
      { seed: 5, eosAt: 9, draft: 'oracle' },
      { seed: 8, eosAt: 14, draft: 'oracle' },
    ];
    const model = new FakeModel();
    const greedy = await decodeBatch(model, { rows }, rows.length, { k: 0, prompt: [BOS], stop: { eos: EOS, maxTokens: 30 } });
    const forced = await forcedLogProbs(model, { rows }, greedy.tokens, BOS);
    greedy.tokens.forEach((tokens, b) => {
      expect(forced[b]).toHaveLength(tokens.length + 1);
      tokens.forEach((tok, t) => {
        const lp = forced[b]![t]!;
        expect(lp[tok]).toBeCloseTo(greedy.logProbs![b]![t]!, 5);
        expect(Math.max(...lp)).toBe(lp[tok]);
      });
    });
    expect(model.liveCaches).toBe(0);
  });
});
