// A word list a pack may carry (recognizer.lexicon): one word per line, optionally "word<TAB>rank", where the
// rank orders words from common to rare (SCOWL's size levels for the pocket pack). Words are stored as
// written; lookups try the word as written, then lower-cased, so "The" and "THE" are known through "the".

export interface Lexicon {
  /** The rank of `word` (smaller is more common), or undefined when the word is not listed. */
  rank(word: string): number | undefined;
  readonly size: number;
  /** Every listed word with its rank, in the list's order. */
  entries(): IterableIterator<[string, number]>;
}

export function parseLexicon(text: string, file = 'lexicon.txt'): Lexicon {
  const ranks = new Map<string, number>();
  let line = 0;
  for (let start = 0; start < text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const tab = text.indexOf('\t', start);
    if (text.slice(start, end).trim() && text[start] !== '#') {
      const cut = tab >= 0 && tab < end ? tab : end;
      const word = text.slice(start, cut).trim();
      const rank = cut < end ? Number(text.slice(cut + 1, end)) : 0;
      if (!word || !Number.isFinite(rank)) throw new Error(`${file}: line ${line + 1}: expected "word" or "word<TAB>rank"`);
      if (!ranks.has(word)) ranks.set(word, rank);
    }
    start = end + 1;
  }
  if (ranks.size === 0) throw new Error(`${file}: holds no words`);
  return {
    size: ranks.size,
    rank(word) {
      return ranks.get(word) ?? ranks.get(word.toLowerCase());
    },
    entries() {
      return ranks.entries();
    },
  };
}
