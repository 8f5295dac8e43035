// A recognized word the word list does not know, read again among the decoder's own second choices. Greedy
// decoding commits the likeliest letter at each step; on typewriter faces and worn print the runner-up is often
// the right one ("rogrot" for "regret", "almoet" for "almost": e/o, s/e differ by a stroke). One teacher-forced
// decoder pass over the line as read gives, at every letter, how likely each other letter was; a listed word
// that swaps one or two letters for such near runners-up, costing little log-probability and clearly less than
// any other such word, replaces the misread. The line's pixels decide, not the word list alone (word-repair.ts
// mends by shape and list only).
//
// Decoding itself is untouched: the pass runs after greedy (or speculative, identical) decoding has finished,
// on the same memory, for lines holding an unlisted word.
//
//   forcedLogProbs(model, memory, rows, bos) → per row, per position: log-softmax over the vocabulary
//   chooseWords(tokens, logProbs, vocab, lex) → the line's tokens with misread words replaced
import type { SpeculativeModel } from '../decoding/types';
import type { Lexicon } from '../text/lexicon';
import { MASKED } from './line-memory';
import type { PieceVocab } from './piece-vocab';

/** A runner-up letter is considered within this many nats of the letter read. */
const NEAR = 5;
/** A word is replaced when its letters cost at most this many nats in all (a three-letter word, less) … */
const maxCost = (length: number) => (length <= 3 ? 1.5 : 6);
/** … and the next listed word costs this many more. */
const MARGIN = 1.5;
/** Rarest rank a chosen word may have (SCOWL size levels: 10 common … 70 rare): short words reach many others. */
// On typed letters a short word read again as a rare one was mostly wrong ("besn" → "bean", "mnd" → "mad" for
// "been", "and"), a long one mostly right ("tempersnoe" → "temperance").
const maxRank = (length: number) => (length <= 4 ? 10 : length === 5 ? 20 : 50);
/** Shortest word read again with two letters swapped. */
const MIN_TWO_SWAPS = 6;
/** Runner-ups tried at each letter. */
const TOP = 4;

/** Log-softmax rows of one line: rows[t] predicts tokens[t] (the last predicts the end). */
export type LineLogProbs = Float32Array[];

/**
 * One teacher-forced decoder call over `rows` (token ids, without bos): for each row and each position t (0 …
 * length), the log-softmax of the logits that predict token t.
 */
export async function forcedLogProbs<C, M>(model: SpeculativeModel<C, M>, memory: M, rows: readonly number[][], bos: number): Promise<LineLogProbs[]> {
  const B = rows.length;
  const T = Math.max(...rows.map((r) => r.length)) + 1;
  const V = model.vocabSize;
  const ids = new Int32Array(B * T);
  const positions = new Int32Array(B * T);
  const mask = new Float32Array(B * T * T).fill(MASKED);
  rows.forEach((r, b) => {
    ids[b * T] = bos;
    ids.set(r, b * T + 1);
    for (let t = 0; t < T; t++) {
      positions[b * T + t] = t;
      // Causal; padding positions see only themselves and the real ones before them (their output is unused).
      for (let s = 0; s <= t; s++) mask[(b * T + t) * T + s] = 0;
    }
  });
  const past = model.emptyCache(B);
  const out = await model.decode({ batch: B, steps: T, ids, positions, mask, past, memory });
  if (out.present !== past) model.releaseCache?.(past);
  model.releaseCache?.(out.present);
  return rows.map((r, b) => {
    const lines: Float32Array[] = [];
    for (let t = 0; t <= r.length; t++) lines.push(logSoftmax(out.logits.subarray((b * T + t) * V, (b * T + t + 1) * V)));
    return lines;
  });
}

function logSoftmax(values: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  const lse = max + Math.log(sum);
  return values.map((v) => v - lse);
}

/** Runs of lower-case letters (one token each) between non-letters: the words a line's tokens spell. */
export function lowerWords(tokens: readonly number[], vocab: PieceVocab): { start: number; end: number }[] {
  const letter = (t: number | undefined) => t !== undefined && /^[a-z]$/.test(vocab.pieces[t] ?? '');
  const wordish = (t: number | undefined) => t !== undefined && /^[\p{L}\p{N}]/u.test(vocab.pieces[t] ?? '');
  // A word glued to a capital, a digit or another script's letter is a name or a code, and one beside a hyphen
  // may be half a word: left alone.
  const joined = (t: number | undefined) => wordish(t) || /^[-‐]$/.test(vocab.pieces[t ?? -1] ?? '');
  const out: { start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (!letter(tokens[i])) {
      i++;
      continue;
    }
    let j = i;
    while (letter(tokens[j])) j++;
    if (!joined(tokens[i - 1]) && !joined(tokens[j])) out.push({ start: i, end: j });
    i = j;
  }
  return out;
}

/** Whether a line has a word the list does not know (worth a forced pass). */
export function hasUnlistedWord(tokens: readonly number[], vocab: PieceVocab, lex: Lexicon): boolean {
  return lowerWords(tokens, vocab).some((w) => w.end - w.start >= 3 && lex.rank(spell(tokens, vocab, w.start, w.end)) === undefined);
}

const spell = (tokens: readonly number[], vocab: PieceVocab, start: number, end: number) =>
  tokens
    .slice(start, end)
    .map((t) => vocab.pieces[t])
    .join('');

/**
 * `tokens` with each unlisted lower-case word of three letters or more replaced by the listed word (as common as
 * its length allows) that one near runner-up letter, or two in a longer word, spells, when it costs at most
 * maxCost nats and the next such word MARGIN more. Words the list knows, and words with no such reading, stay.
 */
export function chooseWords(tokens: readonly number[], logProbs: LineLogProbs, vocab: PieceVocab, lex: Lexicon): number[] {
  const out = [...tokens];
  const letterIds = new Map<string, number>();
  vocab.pieces.forEach((p, id) => /^[a-z]$/.test(p) && letterIds.set(p, id));
  for (const { start, end } of lowerWords(tokens, vocab)) {
    const word = spell(tokens, vocab, start, end);
    if (word.length < 3 || lex.rank(word) !== undefined) continue;
    // At each letter: the runner-up letters and what each costs against the letter read.
    const near: { at: number; id: number; cost: number }[][] = [];
    for (let t = start; t < end; t++) {
      const lp = logProbs[t];
      if (!lp) return out;
      const read = lp[tokens[t]!]!;
      near.push(
        [...letterIds.values()]
          .filter((id) => id !== tokens[t])
          .map((id) => ({ at: t, id, cost: read - lp[id]! }))
          .filter((c) => c.cost <= NEAR)
          .sort((a, b) => a.cost - b.cost)
          .slice(0, TOP),
      );
    }
    const found = new Map<string, number>();
    const consider = (swaps: { at: number; id: number; cost: number }[]) => {
      const ids = tokens.slice(start, end);
      for (const s of swaps) ids[s.at - start] = s.id;
      const w = ids.map((id) => vocab.pieces[id]).join('');
      const rank = lex.rank(w);
      if (rank === undefined || rank > maxRank(w.length)) return;
      const cost = swaps.reduce((c, s) => c + s.cost, 0);
      found.set(w, Math.min(found.get(w) ?? Infinity, cost));
    };
    near.forEach((a, i) => {
      for (const x of a) {
        consider([x]);
        if (word.length >= MIN_TWO_SWAPS) for (const b of near.slice(i + 1)) for (const y of b) consider([x, y]);
      }
    });
    const ranked = [...found.entries()].sort((a, b) => a[1] - b[1]);
    const [best, next] = ranked;
    if (!best || best[1] > maxCost(word.length) || (next && next[1] - best[1] < MARGIN)) continue;
    [...best[0]].forEach((ch, k) => (out[start + k] = letterIds.get(ch)!));
  }
  return out;
}
