import { describe, expect, it } from 'vitest';
import { decodeBatch } from '../decoding/decode-batch';
import { BOS, EOS, FakeModel, type FakeRow } from '../decoding/testing/fake-model';
import { parseLexicon } from '../text/lexicon';
import { chooseReading, forcedLogProbs, lowerWords, misreadWords, readWordsAgain, unlistedWords, type LineLogProbs } from './word-choices';
import type { DecodeRequest, DecodeResult, SpeculativeModel } from '../decoding/types';
import type { PieceVocab } from './piece-vocab';

// A character vocabulary: specials, space, punctuation, then letters.
const pieces = ['<pad>', '<bos>', '<eos>', ' ', '-', '.', 'M', '1', ...'abcdefghijklmnopqrstuvwxyz'];
const vocab: PieceVocab = { pieces, specials: new Set([0, 1, 2]) };
const ids = (text: string) => [...text].map((ch) => pieces.indexOf(ch));
const spell = (tokens: number[]) => tokens.map((t) => pieces[t]).join('');
const lex = parseLexicon('regret\t10\nthe\t10\nsuch\t10\nmuch\t10\neach\t10\nwith\t10\nmust\t10\nmist\t35\ntemperance\t50\nsky\t10\ntho\t50\nsmith\t70\n');

/** Log-probabilities where each letter read is sure (0) except the runner-ups given: [position, letter, nats]. */
function logProbs(tokens: number[], runnersUp: [number, string, number][]): LineLogProbs {
  return [...tokens, EOS].map((t, i) => {
    const row = new Float32Array(pieces.length).fill(-20);
    row[t] = 0;
    for (const [at, ch, cost] of runnersUp) if (at === i) row[pieces.indexOf(ch)] = -cost;
    return row;
  });
}

describe('listed words a misread word may have been', () => {
  it('finds lower-case words and capitalised ones, not codes, names in capitals or halves of a hyphenated word', () => {
    const t = ids('rogrot Mrogrot MMrogrot a1bc fol-low the.');
    expect(lowerWords(t, vocab).map((w) => [spell(t.slice(w.start, w.end)), w.capital ?? false])).toEqual([
      ['rogrot', false],
      ['Mrogrot', true],
      ['the', false],
    ]);
    expect(unlistedWords(t, vocab, lex).length).toBeGreaterThan(0);
    expect(unlistedWords(ids('the sky.'), vocab, lex)).toEqual([]);
    // Unlisted, but no listed word is a few letters from it: a name or a code, not worth a pass.
    expect(unlistedWords(ids('the qzzzq.'), vocab, lex)).toEqual([]);
  });

  it('reads a rare listed word again only as a common word one letter away', () => {
    // "tho" (rare) may be "the" misread; "mist" (listed, not rare) and "smith" (rare, no common word a letter away) stay.
    const t = ids('tho mist smith');
    expect(unlistedWords(t, vocab, lex)).toEqual([{ start: 0, end: 3, near: [{ word: 'the', swaps: 1 }] }]);
    const [word] = misreadWords(t, logProbs(t, [[2, 'e', 0.4]]), vocab, lex);
    expect(word!.candidates.map((c) => spell(c.ids))).toEqual(['the']);
  });

  it('shortlists listed words a few letters away, likeliest first by the forced pass, whatever letter they swap in', () => {
    const t = ids('we rogrot it');
    // o → e at 4 and 7 are close seconds; a letter far down the list still counts, at its cost.
    const lp = logProbs(t, [
      [4, 'e', 1.2],
      [7, 'e', 0.8],
    ]);
    const [word, ...rest] = misreadWords(t, lp, vocab, lex);
    expect(rest).toEqual([]);
    expect(word).toMatchObject({ start: 3, end: 9 });
    expect(word!.candidates.map((c) => spell(c.ids))).toEqual(['regret']);
    expect(word!.candidates[0]!.estimate).toBeCloseTo(2, 5);
    // "such" and "each" are a swap from "euch"; "much" is one too, but far down at its letter (20 nats).
    const e = ids('euch');
    const near = misreadWords(e, logProbs(e, [[0, 's', 1], [1, 'a', 1.5]]), vocab, lex)[0]!;
    expect(near.candidates.map((c) => [spell(c.ids), c.estimate])).toEqual([
      ['such', 1],
      ['each', 1.5],
    ]);
  });

  it('keeps a capitalised word’s capital and reads the rest again', () => {
    const m = ids('Mest');
    const [word] = misreadWords(m, logProbs(m, [[1, 'u', 0.5], [0, 's', 0.1]]), vocab, lex);
    // "such" is no reading of "Mest", however near its letters: the capital is kept.
    expect(word!.candidates.map((c) => spell(c.ids))).toEqual(['Must']);
  });

  it('reads again only unlisted lower-case words, and only as words common enough for their length', () => {
    expect(misreadWords(ids('such'), logProbs(ids('such'), [[0, 'm', 0.01]]), vocab, lex)).toEqual([]);
    // "mist" is listed but rare (35): a four-letter word is read again only as a common one.
    const m = ids('mest');
    expect(misreadWords(m, logProbs(m, [[1, 'i', 0.5], [1, 'u', 3]]), vocab, lex)[0]!.candidates.map((c) => spell(c.ids))).toEqual(['must']);
  });

  it('takes the cheapest reading when it is cheap and clearly cheaper than the next', () => {
    const reading = { start: 0, end: 4, candidates: [{ ids: ids('such'), estimate: 1 }, { ids: ids('each'), estimate: 1.4 }] };
    expect(chooseReading(reading, [1, 1.4])).toBeUndefined();
    expect(spell(chooseReading(reading, [1, 4])!)).toBe('such');
    expect(spell(chooseReading(reading, [4, 1])!)).toBe('each');
    expect(chooseReading(reading, [7, 12])).toBeUndefined();
    // A three-letter word only from a close second.
    const short = { start: 0, end: 3, candidates: [{ ids: ids('the'), estimate: 1 }] };
    expect(chooseReading(short, [2])).toBeUndefined();
    expect(spell(chooseReading(short, [1])!)).toBe('the');
  });
});

/**
 * A recognizer over one printed line per memory row: it reads `read` greedily, but the letters of `truth` are close
 * seconds while the word it has seen so far agrees with the truth's, and far ones after a letter of the word it
 * misread (a model that took "o" for "e" expects the rest of an "o…" word). The forced pass along the misread charges later swaps too much;
 * scoring the word exactly does not.
 */
/** SpeculativeModel's row selections take rows in ascending order, each once. */
function ascending(rows: number[]): number[] {
  if (rows.some((r, i) => i > 0 && r <= rows[i - 1]!)) throw new Error(`rows ${rows} not ascending`);
  return rows;
}

class PrintedLineModel implements SpeculativeModel<number[][], { rows: { read: string; truth: string }[] }> {
  readonly vocabSize = pieces.length;
  readonly hiddenSize = 1;
  /** Steps of each decoder call. */
  calls: number[] = [];
  emptyCache(batch: number) {
    return Array.from({ length: batch }, () => []);
  }
  selectCacheRows(cache: number[][], rows: number[]) {
    return ascending(rows).map((r) => [...cache[r]!]);
  }
  selectMemoryRows(m: { rows: { read: string; truth: string }[] }, rows: number[]) {
    return { rows: ascending(rows).map((r) => m.rows[r]!) };
  }
  async decode(req: DecodeRequest<number[][], { rows: { read: string; truth: string }[] }>): Promise<DecodeResult<number[][]>> {
    const { batch: B, steps: T } = req;
    const V = this.vocabSize;
    this.calls.push(T);
    const slots = req.past.map((r, b) => [...r, ...req.ids.subarray(b * T, (b + 1) * T)]);
    const W = slots[0]!.length;
    const logits = new Float32Array(B * T * V).fill(-20);
    for (let b = 0; b < B; b++) {
      const { read, truth } = req.memory.rows[b]!;
      for (let t = 0; t < T; t++) {
        // What this step sees, as the mask shows it (bos left out).
        const seen = spell(slots[b]!.filter((_, s) => req.mask[(b * T + t) * W + s] === 0).slice(1));
        const at = seen.length;
        const row = logits.subarray((b * T + t) * V, (b * T + t + 1) * V);
        const next = (s: string) => (at < s.length ? pieces.indexOf(s[at]!) : EOS);
        row[next(read)] = 0;
        // The word being read so far, against the truth's word at the same place.
        const words = seen.split(' ');
        const truthWord = truth.split(' ')[words.length - 1] ?? '';
        if (next(truth) !== next(read)) row[next(truth)] = truthWord.startsWith(words.at(-1)!) ? -1 : -6;
      }
    }
    return { logits, hidden: new Float32Array(B * T), present: slots };
  }
}

describe('misread words read again', () => {
  it('scores each shortlisted word exactly, in its line, and mends the word the line’s pixels fit', async () => {
    // "rogrot": two letters misread. Along the misread the second swap looks far (1 + 6 nats, past maxCost);
    // read with "re…" it costs 1 + 1.
    const line = { read: 'we rogrot it', truth: 'we regret it' };
    const model = new PrintedLineModel();
    const estimate = (await forcedLogProbs(model, { rows: [line] }, [ids(line.read)], BOS))[0]!;
    expect(misreadWords(ids(line.read), estimate, vocab, lex)[0]!.candidates[0]!.estimate).toBeCloseTo(7, 5);
    model.calls = [];
    const out = await readWordsAgain(model, { rows: [line, line] }, [ids(line.read), ids('such')], { bos: BOS, eos: EOS }, vocab, lex);
    expect(out.map(spell)).toEqual(['we regret it', 'such']);
    // The lines once, then only the word's letters, after the lines' cache.
    expect(model.calls).toEqual([13, 6]);
  });

  it('scores every shortlisted word of a line in one row, each seeing only the line before it and its own letters', async () => {
    const line = { read: 'we rogrot euch', truth: 'we regret such' };
    const model = new PrintedLineModel();
    const out = await readWordsAgain(model, { rows: [line] }, [ids(line.read)], { bos: BOS, eos: EOS }, vocab, lex);
    expect(spell(out[0]!)).toBe('we regret such');
    // One row: "regret" (6 steps) and "such" (4) side by side; a step that saw the other word would read it wrong.
    expect(model.calls).toEqual([15, 10]);
  });

  it('leaves a line whose words are all listed, or whose misread no listed word fits, as read', async () => {
    const lines = [
      { read: 'the sky', truth: 'the sky' },
      { read: 'we qzzzq it', truth: 'we qzzzq it' },
    ];
    const out = await readWordsAgain(new PrintedLineModel(), { rows: lines }, lines.map((l) => ids(l.read)), { bos: BOS, eos: EOS }, vocab, lex);
    expect(out.map(spell)).toEqual(['the sky', 'we qzzzq it']);
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
