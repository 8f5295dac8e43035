// Spacing that old print puts in and a transcription leaves out. Nineteenth-century books set a space before
// ";", ":", "?" and "!" and inside quotation marks (" conseil royal "), and the line recognizer reads those
// spaces faithfully; English text today, and every transcription of such a page, writes "Sirs; masters" and
// "royal" in Paris". A typewriter's doubled hyphen at a line end ("pro--" / "duced") is a word broken once.
// Run on the lines of one block in reading order: a quotation may open on one line and close on another.
import type { Lexicon } from './lexicon';

/** Whitespace before ; : ? ! that follows a word, a number or a closing bracket or quote. */
const SPACE_BEFORE_MARK = /(?<=[\p{L}\p{N})\]"'”’])[ \t]+(?=[;:?!](?=$|[\s"'”’)\],.]))/gu;

/** The block's lines with print spacing closed up; lines that need nothing are returned as they were. */
export function closePrintSpacing(lines: readonly string[], lex?: Lexicon): string[] {
  let quotes = 0; // straight double quotes seen so far in the block: even before an opening one
  return lines.map((line, n) => {
    let text = line.replace(SPACE_BEFORE_MARK, '');
    const parts = text.split(/(\s+)/); // words at even indices, the spaces between at odd ones
    for (let i = 0; i < parts.length; i += 2) {
      const word = parts[i]!;
      const marks = word.split('"').length - 1;
      quotes += marks;
      // A single quote standing alone opens a quotation: a closing one follows its word ("his',"), and an
      // apostrophe sits inside one.
      if (/^['‘]$/.test(word) && i + 2 < parts.length && /^\p{L}/u.test(parts[i + 2]!)) parts[i + 1] = '';
      if (word !== '"') continue; // attached to a word on one side: its role is written already
      // A quote standing alone between spaces goes to the word it belongs to: the next when it opens.
      const opening = quotes % 2 === 1;
      if (opening && i + 2 < parts.length) parts[i + 1] = '';
      else if (!opening && i >= 2) parts[i - 1] = '';
    }
    text = parts.join('');
    text = text.replace(/“\s+(?=\S)/g, '“').replace(/(?<=\S)\s+”/g, '”');
    const next = lines[n + 1];
    if (lex && next !== undefined) text = singleLineEndHyphen(text, next, lex);
    return text;
  });
}

/** "pro--" before "duced": one hyphen where the two halves make a listed word. */
function singleLineEndHyphen(text: string, next: string, lex: Lexicon): string {
  const end = /(\p{L}+)--$/u.exec(text.trimEnd());
  const start = /^\s*([a-z]+)/.exec(next);
  if (!end || !start || lex.rank(end[1]! + start[1]!) === undefined) return text;
  return text.trimEnd().slice(0, -1);
}
