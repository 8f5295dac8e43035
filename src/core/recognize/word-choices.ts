// A recognized word the word list does not know, read again as the listed word the line's pixels fit best. Greedy
// decoding commits the likeliest letter at each step; on typewriter faces and worn print a close second is often
// the right one ("rogrot" for "regret", "almoet" for "almost", "teaohars" for "teachers": e/o, s/a, c/o differ by
// a stroke). One teacher-forced decoder pass over the line as read gives, at every letter, how likely each other
// letter was: listed words a few letters from the misread are shortlisted by that estimate, then each is scored
// exactly, swapped into its line, by one more forced pass. A word that costs little log-probability against the
// reading, and clearly less than any other, replaces the misread. The pixels decide, not the word list alone
// (word-repair.ts mends by shape and list only). A rare listed word is read again too, as a common word one letter
// away: "tho", "wo", "nob" on worn print are "the", "we", "not" far more often than themselves.
//
// Decoding itself is untouched: the passes run after greedy (or speculative, identical) decoding has finished,
// on the same memory, for lines holding an unlisted or rare word.
//
//   forcedLogProbs(model, memory, rows, bos) → per row, per position: log-softmax over the vocabulary
//   unlistedWords(tokens, vocab, lex) → a line's unlisted (and rare) words, each with the listed words near it
//   misreadWords(tokens, logProbs, vocab, lex) → those words, each with its shortlist
//   chooseReading(reading, costs) → the listed word taken, if any
//   readWordsAgain(model, memory, lines, tokenizer, vocab, lex) → the lines with misread words replaced
import type { SpeculativeModel } from '../decoding/types';
import type { Lexicon } from '../text/lexicon';
import { MASKED } from './line-memory';
import type { PieceVocab } from './piece-vocab';

/**
 * A word is replaced when its letters cost at most this many nats more than as read (a short word, less; a long
 * one, which few listed words are near, a little more: on the typed letters "poasiblo", "beosuse" cost 7.5 and
 * 6.8 as "possible", "because") …
 */
const maxCost = (length: number) => (length <= 3 ? 1.5 : length <= 6 ? 6 : 8);
/** … and the next listed word costs this many more. */
const MARGIN = 1.5;
/** Rarest rank a chosen word may have (SCOWL size levels: 10 common … 70 rare): short words reach many others. */
// On typed letters a short word read again as a rare one was mostly wrong ("besn" → "bean", "mnd" → "mad" for
// "been", "and"), a long one mostly right ("tempersnoe" → "temperance").
const maxRank = (length: number) => (length <= 4 ? 10 : length === 5 ? 20 : 50);
/** Letters a listed word may differ in from the word as read: one in a short word, more in a long one. */
const maxSwaps = (length: number) => (length <= 3 ? 1 : length <= 7 ? 2 : 3);
/** Listed words scored exactly per misread word: the likeliest by the one-pass estimate. */
const SHORTLIST = 3;
/**
 * A listed word is scored exactly only when its estimate is within this many nats of maxCost: the estimate holds
 * for a single swap, and overcharges a second one judged after a letter the model did not see (on typed letters
 * by up to 4 nats: "onme" → "came" 7.0 estimated, 3.7 exact).
 */
const slack = (swaps: number) => (swaps > 1 ? 4.5 : 0.5);
/**
 * A listed word this rare (SCOWL level) is read again, as a word of level COMMON or commoner one letter away (on
 * the real dev sets: old_scans one test more, none lost; "tho" → "the", "wo" → "we", "yon" → "you").
 */
const RARE = 50;
const COMMON = 10;
/** Lines per exact-scoring decoder call. */
const EXACT_LINES = 16;

/** Log-softmax rows of one line: rows[t] predicts tokens[t] (the last predicts the end). */
export type LineLogProbs = Float32Array[];

/**
 * One teacher-forced decoder call over `rows` (token ids, without bos): for each row and each position t (0 …
 * length), the log-softmax of the logits that predict token t.
 */
export async function forcedLogProbs<C, M>(model: SpeculativeModel<C, M>, memory: M, rows: readonly number[][], bos: number): Promise<LineLogProbs[]> {
  const { logProbs, cache } = await forcedPass(model, memory, rows, bos);
  model.releaseCache?.(cache);
  return logProbs;
}

/** forcedLogProbs, and the decoder's cache after it: slot t holds bos (t = 0) or token t − 1 of its row. */
async function forcedPass<C, M>(model: SpeculativeModel<C, M>, memory: M, rows: readonly number[][], bos: number) {
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
  const logProbs = rows.map((r, b) => {
    const lines: Float32Array[] = [];
    for (let t = 0; t <= r.length; t++) lines.push(logSoftmax(out.logits.subarray((b * T + t) * V, (b * T + t + 1) * V)));
    return lines;
  });
  return { logProbs, cache: out.present, slots: T };
}

function logSoftmax(values: Float32Array): Float32Array {
  let max = -Infinity;
  for (const v of values) if (v > max) max = v;
  let sum = 0;
  for (const v of values) sum += Math.exp(v - max);
  const lse = max + Math.log(sum);
  return values.map((v) => v - lse);
}

/** A word of a line's tokens: [start, end), one token a letter. */
export interface LineWord {
  start: number;
  end: number;
  /** Its first letter is a capital ("Ths", "Mies"): kept as read, the rest may be read again. */
  capital?: boolean;
}

/**
 * Runs of lower-case letters (one token each) between non-letters, and such runs after one capital: the words a
 * line's tokens spell.
 */
export function lowerWords(tokens: readonly number[], vocab: PieceVocab): LineWord[] {
  const letter = (t: number | undefined) => t !== undefined && /^[a-z]$/.test(vocab.pieces[t] ?? '');
  const capital = (t: number | undefined) => t !== undefined && /^[A-Z]$/.test(vocab.pieces[t] ?? '');
  const wordish = (t: number | undefined) => t !== undefined && /^[\p{L}\p{N}]/u.test(vocab.pieces[t] ?? '');
  // A word glued to a digit, another script's letter or more capitals is a name or a code ("McCoy", "A1b"), and
  // one beside a hyphen may be half a word: left alone.
  const joined = (t: number | undefined) => wordish(t) || /^[-‐]$/.test(vocab.pieces[t ?? -1] ?? '');
  const out: LineWord[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (!letter(tokens[i])) {
      i++;
      continue;
    }
    let j = i;
    while (letter(tokens[j])) j++;
    if (!joined(tokens[j])) {
      if (!joined(tokens[i - 1])) out.push({ start: i, end: j });
      else if (capital(tokens[i - 1]) && !joined(tokens[i - 2])) out.push({ start: i - 1, end: j, capital: true });
    }
    i = j;
  }
  return out;
}

/** A word of a line the list does not know (or lists as rare), and the listed words it may be a misreading of (listedNear). */
export interface UnlistedWord extends LineWord {
  near: { word: string; swaps: number }[];
}

/**
 * The words of a line (two letters or more) the list does not know but could have been misread for a listed one,
 * and its rare listed words a common one is a letter from: the lines holding any are worth a forced pass; a name
 * or a code no listed word is a few letters from is not.
 */
export function unlistedWords(tokens: readonly number[], vocab: PieceVocab, lex: Lexicon): UnlistedWord[] {
  return lowerWords(tokens, vocab).flatMap((w) => {
    const word = spell(tokens, vocab, w.start, w.end);
    const rank = lex.rank(word);
    if (word.length < 2 || (rank !== undefined && rank < RARE)) return [];
    // A rare listed word ("tho", "et") may be a common one misread by a letter ("the", "at").
    const near = listedNear(wordIndex(lex), word, w.capital).filter((n) => rank === undefined || (n.swaps === 1 && lex.rank(n.word)! <= COMMON));
    return near.length ? [{ ...w, near }] : [];
  });
}

const spell = (tokens: readonly number[], vocab: PieceVocab, start: number, end: number) =>
  tokens
    .slice(start, end)
    .map((t) => vocab.pieces[t])
    .join('');

/**
 * Listed lower-case words a misread may be read again as (rank within maxRank of their length), by length. A word
 * maxSwaps letters from another agrees with it on one of maxSwaps + 1 fixed parts (pigeonhole), so each length's
 * words are filed under each part's letters and a misread looks up its own parts instead of reading the list.
 */
export type WordIndex = Map<number, { words: string[]; cuts: number[]; parts: Map<string, number[]>[] }>;

const indexes = new WeakMap<Lexicon, WordIndex>();

export function wordIndex(lex: Lexicon): WordIndex {
  let index = indexes.get(lex);
  if (index) return index;
  index = new Map();
  for (const [word, rank] of lex.entries()) {
    if (!/^[a-z]+$/.test(word) || rank > maxRank(word.length)) continue;
    const L = word.length;
    let entry = index.get(L);
    if (!entry) {
      const n = Math.min(L, maxSwaps(L) + 1);
      entry = { words: [], cuts: Array.from({ length: n + 1 }, (_, i) => Math.round((i * L) / n)), parts: Array.from({ length: n }, () => new Map()) };
      index.set(L, entry);
    }
    const at = entry.words.push(word) - 1;
    entry.parts.forEach((part, i) => {
      const key = word.slice(entry.cuts[i], entry.cuts[i + 1]);
      const list = part.get(key);
      if (list) list.push(at);
      else part.set(key, [at]);
    });
  }
  indexes.set(lex, index);
  return index;
}

/** Listed words of `word`'s length that agree with it on at least one part: every word maxSwaps letters away, and more. */
function nearWords(index: WordIndex, word: string): string[] {
  const entry = index.get(word.length);
  if (!entry) return [];
  const found = new Set<number>();
  entry.parts.forEach((part, i) => {
    for (const at of part.get(word.slice(entry.cuts[i], entry.cuts[i + 1])) ?? []) found.add(at);
  });
  return [...found].sort((a, b) => a - b).map((at) => entry.words[at]!);
}

/**
 * Listed words `word` may be a misreading of, with the letters they swap: maxSwaps or fewer, never a capitalised
 * word's capital (only listed words with that letter first are tried).
 */
function listedNear(index: WordIndex, word: string, capital = false): { word: string; swaps: number }[] {
  const from = capital ? 1 : 0;
  const lower = word.toLowerCase();
  const L = word.length;
  const most = maxSwaps(L);
  const out: { word: string; swaps: number }[] = [];
  for (const w of nearWords(index, lower)) {
    if (capital && w[0] !== lower[0]) continue;
    let swaps = 0;
    for (let k = from; k < L && swaps <= most; k++) if (w[k] !== word[k]) swaps++;
    if (swaps <= most) out.push({ word: w, swaps });
  }
  return out;
}

/** An unlisted word of a line and the listed words it may have been, each estimated from the forced pass. */
export interface WordReading {
  start: number;
  end: number;
  candidates: { ids: number[]; estimate: number }[];
}

/**
 * The unlisted lower-case words of a line (two letters or more) and, for each, up to SHORTLIST listed words of
 * its length that differ from it in maxSwaps letters or fewer, likeliest first by the forced pass: a swap at
 * position t costs how much less likely the listed letter was there than the letter read. The estimate holds
 * for the first swap; later ones are judged after a letter the model did not see, so the shortlist is scored
 * again exactly (readWordsAgain).
 */
export function misreadWords(
  tokens: readonly number[],
  logProbs: LineLogProbs,
  vocab: PieceVocab,
  lex: Lexicon,
  words: readonly UnlistedWord[] = unlistedWords(tokens, vocab, lex),
): WordReading[] {
  const letterIds = new Map<string, number>();
  vocab.pieces.forEach((p, id) => /^[a-z]$/.test(p) && letterIds.set(p, id));
  const out: WordReading[] = [];
  for (const { start, end, capital, near } of words) {
    const L = end - start;
    if (!logProbs[end]) continue;
    const from = capital ? 1 : 0;
    const found: { ids: number[]; estimate: number }[] = [];
    for (const { word: w, swaps } of near) {
      const ids = [...w].map((ch, k) => (k < from ? tokens[start + k]! : letterIds.get(ch)!));
      let estimate = 0;
      for (let k = from; k < L; k++) {
        const lp = logProbs[start + k]!;
        if (ids[k] !== tokens[start + k]) estimate += lp[tokens[start + k]!]! - lp[ids[k]!]!;
      }
      if (estimate <= maxCost(L) + slack(swaps)) found.push({ ids, estimate });
    }
    if (found.length) out.push({ start, end, candidates: found.sort((a, b) => a.estimate - b.estimate).slice(0, SHORTLIST) });
  }
  return out;
}

/**
 * Which listed word, if any, a misread word was: `costs[i]` is how many nats less likely the line is with
 * candidate i than as read (exactly, over the word and the token after it). The cheapest is taken when it costs
 * at most maxCost and every other candidate MARGIN more; otherwise the word stays as read.
 */
export function chooseReading(reading: WordReading, costs: readonly number[]): number[] | undefined {
  const order = costs.map((c, i) => [c, i] as const).sort((a, b) => a[0] - b[0]);
  const [best, next] = order;
  const L = reading.end - reading.start;
  if (!best || best[0] > maxCost(L) || (next && next[0] - best[0] < MARGIN)) return undefined;
  return reading.candidates[best[1]]!.ids;
}

/**
 * `lines` (token ids, without bos) with their misread words read again: one teacher-forced pass over the lines
 * as read, a shortlist of listed words per unlisted word (misreadWords), and one forced pass over each
 * shortlisted word in its line up to the token after it, which gives its exact cost (chooseReading).
 */
export async function readWordsAgain<C, M>(
  model: SpeculativeModel<C, M>,
  memory: M,
  lines: readonly number[][],
  tokenizer: { bos: number; eos: number },
  vocab: PieceVocab,
  lex: Lexicon,
  words: readonly (readonly UnlistedWord[])[] = lines.map((t) => unlistedWords(t, vocab, lex)),
): Promise<number[][]> {
  const forced = await forcedPass(model, memory, lines, tokenizer.bos);
  const read = forced.logProbs;
  const readings = lines.map((t, i) => misreadWords(t, read[i]!, vocab, lex, words[i]));
  const rows = readings.flatMap((rs, line) => rs.flatMap((reading) => reading.candidates.map((c) => ({ line, reading, ids: c.ids }))));
  const exact: number[] = new Array(rows.length);
  try {
    // A call takes whole lines, of about as many shortlisted letters each, so little of it is padding.
    const letters = new Map<number, number>();
    for (const r of rows) letters.set(r.line, (letters.get(r.line) ?? 0) + r.ids.length);
    const order = [...letters.keys()].sort((a, b) => letters.get(a)! - letters.get(b)! || a - b);
    for (let at = 0; at < order.length; at += EXACT_LINES) {
      const chunk = new Set(order.slice(at, at + EXACT_LINES));
      const picked = rows.flatMap((r, i) => (chunk.has(r.line) ? [i] : []));
      const scored = await scoreWords(model, memory, forced, picked.map((i) => rows[i]!), lines, tokenizer.eos);
      picked.forEach((i, j) => (exact[i] = scored[j]!));
    }
  } finally {
    model.releaseCache?.(forced.cache);
  }
  // Log-probability of the line as read over tokens[start .. end] (end: the token after the word, or the line's end).
  const asRead = (line: number, { start, end }: WordReading) => {
    let sum = 0;
    for (let t = start; t <= end; t++) sum += read[line]![t]![lines[line]![t] ?? tokenizer.eos]!;
    return sum;
  };
  const out = lines.map((t) => [...t]);
  let row = 0;
  readings.forEach((rs, line) =>
    rs.forEach((reading) => {
      const costs = reading.candidates.map((_, c) => asRead(line, reading) - exact[row + c]!);
      row += reading.candidates.length;
      const ids = chooseReading(reading, costs);
      if (ids) out[line]!.splice(reading.start, ids.length, ...ids);
    }),
  );
  return out;
}

/**
 * Log-probability of each row's word, swapped into its line, over the word and the token after it. The word's
 * first letter is judged by the forced pass's own logits (same prefix); the rest by one decoder call with one row
 * per line: every shortlisted word of the line is fed after the forced pass's cache, each seeing the line up to
 * its start and its own letters only (a tree of readings), so no line is read twice nor its memory copied.
 */
async function scoreWords<C, M>(
  model: SpeculativeModel<C, M>,
  memory: M,
  forced: { logProbs: LineLogProbs[]; cache: C; slots: number },
  rows: readonly { line: number; reading: WordReading; ids: number[] }[],
  lines: readonly number[][],
  eos: number,
): Promise<number[]> {
  const lineIds = [...new Set(rows.map((r) => r.line))].sort((a, b) => a - b);
  const B = lineIds.length;
  // Where each row's word sits among its line's new steps.
  const at = new Map<number, number>();
  const used = new Map<number, number>();
  rows.forEach((r, i) => {
    at.set(i, used.get(r.line) ?? 0);
    used.set(r.line, (used.get(r.line) ?? 0) + r.ids.length);
  });
  const T = Math.max(...used.values());
  const P = forced.slots;
  const W = P + T;
  const V = model.vocabSize;
  const ids = new Int32Array(B * T);
  const positions = new Int32Array(B * T);
  const mask = new Float32Array(B * T * W).fill(MASKED);
  // Padding steps see bos and themselves (their output is unused).
  for (let b = 0; b < B; b++) for (let k = 0; k < T; k++) mask[(b * T + k) * W] = mask[(b * T + k) * W + P + k] = 0;
  rows.forEach(({ line, reading: { start }, ids: word }, i) => {
    const b = lineIds.indexOf(line);
    const from = at.get(i)!;
    word.forEach((id, j) => {
      const k = from + j;
      ids[b * T + k] = id;
      positions[b * T + k] = start + 1 + j;
      const m = (b * T + k) * W;
      mask.fill(0, m, m + start + 1); // bos and the line before the word
      mask.fill(0, m + P + from, m + P + k + 1); // the word so far
    });
  });
  const past = model.selectCacheRows(forced.cache, lineIds);
  const mem = B === lines.length ? memory : model.selectMemoryRows(memory, lineIds);
  const out = await model.decode({ batch: B, steps: T, ids, positions, mask, past, memory: mem });
  if (out.present !== past) model.releaseCache?.(past);
  model.releaseCache?.(out.present);
  return rows.map(({ line, reading: { start, end }, ids: word }, i) => {
    const b = lineIds.indexOf(line);
    let sum = forced.logProbs[line]![start]![word[0]!]!;
    word.forEach((_, j) => {
      // Step j predicts the word's next letter, and its last step the token after the word.
      const next = j + 1 < word.length ? word[j + 1]! : (lines[line]![end] ?? eos);
      const k = b * T + at.get(i)! + j;
      sum += logSoftmax(out.logits.subarray(k * V, (k + 1) * V))[next]!;
    });
    return sum;
  });
}
