// Misread words mended with a word list, the way a proof-reader would: only where the word as read is not a
// word, a look-alike swap makes it one, and no other swap of the same likelihood does.
//
// The line recognizer decodes greedily, letter by letter, and on old print and typewriter faces it confuses
// shapes that differ by a stroke: "rcpulsed", "foundcd", "s1r", "109o". Decoding stays exactly greedy
// (speculation must reproduce it); this runs on the finished text of a recognized line. Four mends:
//  - numbers: a run of digits holding o, O, l, I or i ("109o", "i9o1") is read as digits ("1090", "1901");
//  - digits in words: 0, 1, 5 or 8 inside letters ("s1r", "year8") where letters make a listed word;
//  - look-alike letters: one swap from LOOK_ALIKES (two of the likeliest in a long word) turns an unlisted
//    lower-case word into a listed one;
//  - split words: two neighbours, one not a word, whose letters make a listed word are joined ("Uni versity").
// A word the list knows is never touched, and neither is one with two equally likely mends.
import type { Lexicon } from './lexicon';

/**
 * [read, meant, cost]: shapes the recognizer confuses, the likelier cheaper. Weaker look-alikes (i/t, r/f, a/e,
 * u/s …) were tried and dropped: on the bench's own transcriptions they turned right words into others
 * ("synthases" → "syntheses") and mended no more of our misreads (bench/word-mends.ts).
 */
const LOOK_ALIKES: readonly (readonly [string, string, number])[] = [
  ['c', 'e', 1], ['e', 'c', 1], ['rn', 'm', 1], ['m', 'rn', 2], ['cl', 'd', 1], ['li', 'h', 2], ['ii', 'u', 2],
  ['l', 'i', 2], ['i', 'l', 2], ['l', 't', 2], ['t', 'l', 2], ['f', 't', 2], ['t', 'f', 2], ['m', 'n', 2],
  ['u', 'n', 2], ['n', 'u', 2], ['b', 'h', 2], ['h', 'b', 2], ['o', 'a', 2], ['a', 'o', 2],
];

/** Digits the recognizer reads for letters, and the letters they stand for. */
const DIGIT_LETTERS: Readonly<Record<string, readonly string[]>> = { '0': ['o'], '1': ['i', 'l'], '5': ['s'], '8': ['s'] };
const NUMBER_LOOK_ALIKES: Readonly<Record<string, string>> = { o: '0', O: '0', l: '1', I: '1', i: '1' };
/** Two-letter words a digit may stand in (longer ones go through the word list). */
const SHORT_WORDS = new Set(['in', 'it', 'is', 'if', 'of', 'on', 'or', 'to', 'so', 'no', 'do', 'go', 'be', 'he', 'we', 'me', 'my', 'by', 'at', 'as', 'an', 'am', 'us', 'up']);

export interface RepairOptions {
  /** Rarest rank a mend may produce (the list may know rarer words; they are kept, never produced). */
  maxRank?: number;
  /** The line goes on a word the line before broke with a hyphen: its first word is half a word. */
  continues?: boolean;
}

const DEFAULT_MAX_RANK = 60;
const SHORT_MAX_RANK = 10;
/** Shortest word tried with two swaps: in a short one two swaps reach too many words. */
const MIN_TWO_SWAPS = 6;

/** `text` with misread words mended; words the list knows, and words it cannot mend, are kept as read. */
export function repairLine(text: string, lex: Lexicon, opts: RepairOptions = {}): string {
  const maxRank = opts.maxRank ?? DEFAULT_MAX_RANK;
  const chunks = text.split(/(\s+)/);
  const words = chunks.map((c, i) => (/\S/.test(c) ? i : -1)).filter((i) => i >= 0);
  // Halves of a word broken with a hyphen are left for the join (inline-text.ts): "immigra-" / "tion" at a
  // line end and the next line's start, or within a line where the break was kept as printed.
  const half = new Set<number>();
  words.forEach((at, n) => {
    const next = words[n + 1];
    if (/[A-Za-z][-‐]$/.test(chunks[at]!) && (next === undefined || /^[a-z]/.test(chunks[next]!))) {
      half.add(at);
      if (next !== undefined) half.add(next);
    }
  });
  if (opts.continues && words.length) half.add(words[0]!);
  joinSplitWords(chunks, words, half, lex, maxRank);
  return chunks
    // A half keeps its letters; a digit in it is still a misread ("Dear s1r-" at a line end).
    .map((chunk, i) => (!/\S/.test(chunk) ? chunk : repairChunk(chunk, lex, maxRank, half.has(i))))
    .join('');
}

/**
 * Typewriter faces space letters widely, and the detector or recognizer splits a word at a wide gap ("c onferred",
 * "Uni versity"). Two neighbours, one of them not a word, whose letters together make a listed word are
 * written as that word. Two listed words ("any way", "be fore") are kept apart: either may be meant.
 */
function joinSplitWords(chunks: string[], words: number[], half: ReadonlySet<number>, lex: Lexicon, maxRank: number): void {
  for (let n = 0; n + 1 < words.length; n++) {
    const at = words[n]!;
    const next = words[n + 1]!;
    if (half.has(at) || half.has(next)) continue;
    const a = /^([^A-Za-z0-9]*)([A-Za-z]+)$/.exec(chunks[at]!);
    const b = /^([a-z]+)([^A-Za-z0-9]*)$/.exec(chunks[next]!);
    if (!a || !b || caseOf(a[2]!) === 'mixed' || caseOf(a[2]!) === 'upper') continue;
    if (lex.rank(a[2]!) !== undefined && lex.rank(b[1]!) !== undefined) continue;
    const joined = a[2]! + b[1]!;
    if (joined.length < 4 || (lex.rank(joined) ?? Infinity) > maxRank) continue;
    chunks[at] = chunks[at]! + chunks[next]!;
    chunks[at + 1] = '';
    chunks[next] = '';
    n++;
  }
}

/** One whitespace-delimited chunk: punctuation around it kept, hyphen and slash parts mended one by one. */
function repairChunk(chunk: string, lex: Lexicon, maxRank: number, digitsOnly: boolean): string {
  const m = /^([^A-Za-z0-9]*)(.*?)([^A-Za-z0-9]*)$/s.exec(chunk);
  if (!m || !m[2]) return chunk;
  const [, lead, core, trail] = m;
  const parts = core!.split(/([-‐–/,.])/);
  // Parts of a compound are often prefixes, names or halves of a broken word ("pre-Islamic", "d'Am-boise"):
  // only their digits are mended.
  const compound = digitsOnly || parts.length > 1;
  // An amount ("£1oo,ooo") or a number with a real digit group beside it: look-alikes there are digits.
  const amount = /[£$€]$/.test(lead!) || (compound && parts.some((p, i) => i % 2 === 0 && /^[0-9]+$/.test(p)));
  const mend = (p: string, i: number) =>
    amount && /^[0-9oOlIi]+$/.test(p) && !/^[0-9]+l$/.test(p) && (/[0-9]/.test(p) || (i > 0 && /^[oO]{3}$/.test(p)))
      ? [...p].map((ch) => NUMBER_LOOK_ALIKES[ch] ?? ch).join('')
      : repairWord(p, lex, maxRank, compound);
  return lead + parts.map((p, i) => (i % 2 === 1 ? p : mend(p, i))).join('') + trail;
}

/** One word without punctuation (a possessive 's is kept aside). */
export function repairWord(word: string, lex: Lexicon, maxRank = DEFAULT_MAX_RANK, digitsOnly = false): string {
  const poss = /^(.+?)(['’]s)$/.exec(word);
  if (poss) return repairWord(poss[1]!, lex, maxRank, digitsOnly) + poss[2];
  if (!/^[A-Za-z0-9]+$/.test(word)) return word;
  if (/[0-9]/.test(word)) return /[A-Za-z]/.test(word) ? mendDigits(word, lex, maxRank) : word;
  // Capitalised words are mostly names, which no word list holds ("Salar" is not a misread "Solar").
  if (digitsOnly || word.length < 3 || word !== word.toLowerCase() || lex.rank(word) !== undefined) return word;
  // A three-letter word becomes only a common one ("cnd" → "end", not "von" → "van").
  return mendLetters(word, lex, word.length === 3 ? SHORT_MAX_RANK : maxRank) ?? (word.length === 3 ? commonestWord(word) : undefined) ?? word;
}

/**
 * The two commonest words of English with one letter misread as a shape like it ("ihe", "lhe", "aud"), in
 * three-letter words the list does not know. The look-alikes here are wider than LOOK_ALIKES: only these two
 * words can come of them, and a word like "und" (German) or "ths" (a writer's own) is no look-alike of either.
 */
const COMMONEST: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  the: { t: 'ilf', h: 'bkn', e: 'co' },
  and: { a: 'oe', n: 'urm', d: '' },
};

function commonestWord(lower: string): string | undefined {
  const near = Object.entries(COMMONEST).filter(([word, misreads]) => {
    const diff = [...word].map((ch, i) => (ch === lower[i] ? -1 : i)).filter((i) => i >= 0);
    return diff.length === 1 && misreads[word[diff[0]!]!]!.includes(lower[diff[0]!]!);
  });
  return near.length === 1 ? near[0]![0] : undefined;
}

function mendDigits(word: string, lex: Lexicon, maxRank: number): string {
  // "109o", "i9o1": a number with letter look-alikes, at least two real digits so a word is not taken for one.
  // A lone l after the digits is pounds sterling in old print ("430,000l.").
  if (/^[0-9oOlIi]+$/.test(word) && (word.match(/[0-9]/g) ?? []).length >= 2 && word.length >= 4 && !/^[0-9]+l$/.test(word)) {
    return [...word].map((ch) => NUMBER_LOOK_ALIKES[ch] ?? ch).join('');
  }
  // Ordinals, shillings and pence, units and codes: "22nd", "5s", "2d", "mp3", "A4" are as meant.
  if (/^[0-9]+(st|nd|rd|th|s|d)$/i.test(word) || /[2-46-79]/.test(word)) return word;
  // Capitals beside digits make a code ("A5", "D1D"); more digits than letters, a number.
  if (/[A-Z]/.test(word) && (word.match(/[a-z]/g) ?? []).length < 2) return word;
  const digits = (word.match(/[0-9]/g) ?? []).length;
  if (digits > 2 || digits * 2 > word.length) return word;
  let options = [''];
  for (const ch of word) {
    const subs = DIGIT_LETTERS[ch] ?? [ch];
    options = options.flatMap((o) => subs.map((s) => o + s));
  }
  const known = options.filter((o) => (o.length === 2 ? SHORT_WORDS.has(o.toLowerCase()) : (lex.rank(o) ?? Infinity) <= maxRank));
  if (known.length !== 1) return word;
  return withCaseOf(word, known[0]!);
}

function mendLetters(word: string, lex: Lexicon, maxRank: number): string | undefined {
  const casing = caseOf(word);
  if (casing === 'mixed') return undefined;
  const lower = word.toLowerCase();
  const known = (text: string) => (lex.rank(text) ?? Infinity) <= maxRank;
  // A three-letter word takes only the likeliest swaps ("cnd" → "end"; "von" is not a misread "van").
  const one = swapsOf(lower).filter((c) => lower.length > 3 || c.cost === 1);
  let found = one.filter((c) => known(c.text));
  // A long word may hold two of the likeliest misreads ("lcttcr" → "letter"), tried only where one swap finds
  // nothing; two of the others reach too many words ("devant" → "devout").
  if (!found.length && lower.length >= MIN_TWO_SWAPS) {
    const likeliest = one.filter((a) => a.cost === 1);
    found = likeliest
      .flatMap((a) => swapsOf(a.text, a.at + a.length).filter((b) => b.cost === 1).map((b) => ({ ...b, cost: 2 })))
      .filter((c) => known(c.text));
  }
  if (!found.length) return undefined;
  const cost = Math.min(...found.map((c) => c.cost));
  const best = new Set(found.filter((c) => c.cost === cost).map((c) => c.text));
  if (best.size !== 1) return undefined;
  return applyCase([...best][0]!, casing);
}

/** Every word one look-alike swap at or after `from` makes of `lower`, with where the swap ends up. */
function swapsOf(lower: string, from = 0): { text: string; cost: number; at: number; length: number }[] {
  const out: { text: string; cost: number; at: number; length: number }[] = [];
  for (const [read, meant, cost] of LOOK_ALIKES) {
    for (let at = lower.indexOf(read, from); at >= 0; at = lower.indexOf(read, at + 1)) {
      out.push({ text: lower.slice(0, at) + meant + lower.slice(at + read.length), cost, at, length: meant.length });
    }
  }
  return out;
}

type Casing = 'lower' | 'title' | 'upper' | 'mixed';

function caseOf(word: string): Casing {
  if (word === word.toLowerCase()) return 'lower';
  if (word === word.toUpperCase()) return word.length > 1 ? 'upper' : 'title';
  if (word[0] === word[0]!.toUpperCase() && word.slice(1) === word.slice(1).toLowerCase()) return 'title';
  return 'mixed';
}

function applyCase(text: string, casing: Casing): string {
  if (casing === 'upper') return text.toUpperCase();
  if (casing === 'title') return text[0]!.toUpperCase() + text.slice(1);
  return text;
}

/** `meant` (lower case) written in `read`'s case, letter by letter where lengths agree. */
function withCaseOf(read: string, meant: string): string {
  const letters = read.replace(/[^A-Za-z]/g, '');
  if (letters && letters === letters.toUpperCase() && letters.length > 1) return meant.toUpperCase();
  return /^[A-Z]/.test(read) ? meant[0]!.toUpperCase() + meant.slice(1) : meant;
}

/** Share of a text's words (three letters or more) the list knows: too low, and the page is not in its language. */
export function knownShare(texts: readonly string[], lex: Lexicon): number {
  let words = 0;
  let known = 0;
  for (const t of texts) {
    for (const w of t.match(/[A-Za-z]{3,}/g) ?? []) {
      words++;
      if (lex.rank(w) !== undefined) known++;
    }
  }
  return words ? known / words : 0;
}
