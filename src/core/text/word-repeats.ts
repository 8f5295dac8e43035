// Words the recognizer wrote twice. An attention decoder that loses its place on a line can read a word
// again ("listened to, to, to, and", "The hard and and knotty"). Printed text does not put a small function
// word twice in a row, so such a run is cut to one. Words a sentence may repeat ("that that", "had had",
// "no, no, no", "ha ha ha") are not in DOUBLED and are kept as read.
const DOUBLED = new Set(['the', 'and', 'of', 'to', 'an', 'in', 'on', 'for', 'with', 'by', 'at', 'from', 'as', 'or', 'but']);

/** `text` with a run of one function word, written alike (case and punctuation), cut to one copy. */
export function cutRepeatedWords(text: string): string {
  const parts = text.split(/(\s+)/); // words at even indices, the spaces between at odd ones
  const out: string[] = [];
  for (let i = 0; i < parts.length; ) {
    const word = parts[i]!;
    let end = i + 2;
    while (word !== '' && end < parts.length && parts[end] === word) end += 2;
    const run = (end - i) / 2;
    const keep = run > 1 && DOUBLED.has(word.toLowerCase().replace(/[^a-z]/g, '')) ? 1 : run;
    out.push(...parts.slice(i, i + 2 * keep - 1));
    if (end - 1 < parts.length) out.push(parts[end - 1]!);
    i = end;
  }
  return out.join('');
}

/**
 * A line the recognizer lost its place on (read to its length bound, or past what its width holds: read-boxes.ts)
 * ends in one character over and over ("-7-------------------" for a spread's page number "-7-"): the run at its
 * end is cut to one copy. Dots are kept as read: a dot leader is denser than any text, so a real one can look so too.
 */
export function cutRunawayTail(text: string): string {
  const m = /([^\s.])\1{3,}\s*$/u.exec(text);
  return m ? text.slice(0, m.index + 1) : text;
}
