// The numbers a page's own text states, checked against what its pixels show. A PDF can draw one thing and carry
// another in its text (a picture of "IBAN DE00…" under text that says "DE99…"); visibility rules catch the known
// tricks, and this catches what they miss on the lines where a wrong character costs most: account numbers,
// amounts, dates. The lines are recognized and their digits compared. A difference is reported beside the page,
// never silently "fixed": the recognizer misreads a digit now and then, and the PDF's text is usually right.

/** Lines checked per page at most (each costs one line recognition). */
export const MAX_NUMBER_LINES = 6;
/** A line states a number worth checking when it holds at least this many digits. */
const MIN_DIGITS = 4;

export interface NumberConflict {
  /** The line as the PDF's text has it. */
  text: string;
  /** The line as recognized from the page's pixels. */
  pixels: string;
}

export const digitsOf = (s: string): string => s.normalize('NFKC').replace(/\D/g, '');

/** Up to `n` lines to check: those with the most digits (IBANs, account numbers, amounts, dates), page order kept. */
export function numberLines(texts: readonly (string | undefined)[], n = MAX_NUMBER_LINES): number[] {
  return texts
    .map((t, i) => ({ i, digits: digitsOf(t ?? '').length }))
    .filter((x) => x.digits >= MIN_DIGITS)
    .sort((a, b) => b.digits - a.digits || a.i - b.i)
    .slice(0, n)
    .map((x) => x.i)
    .sort((a, b) => a - b);
}

/**
 * Digits the pixels read as another digit, after aligning the two readings character by character (spaces
 * ignored). A letter that looks like a digit (O, l, S…) reads as that digit: the recognizer confuses them often, so
 * "DEOO" agrees with "DE00" and contradicts "DE99". A dropped or unlike character is unsure, not contradicting —
 * and swapping digits is exactly what a lying text layer does.
 */
export function digitSwaps(layer: string, pixels: string): number {
  const a = [...layer.normalize('NFKC').replace(/\s+/g, '')];
  const b = [...pixels.normalize('NFKC').replace(/\s+/g, '')];
  // Levenshtein table, then one optimal alignment walked back from the end.
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  let swaps = 0;
  for (let i = a.length, j = b.length; i > 0 && j > 0; ) {
    if (d[i]![j] === d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      const want = a[i - 1]!;
      const read = asDigit(b[j - 1]!);
      if (/\d/.test(want) && read !== undefined && read !== want) swaps++;
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return swaps;
}

/** Letters a recognizer reads for digits, as the digit they look like. */
const LOOKS_LIKE: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', I: '1', l: '1', i: '1', '|': '1', Z: '2', z: '2', S: '5', s: '5', G: '6', b: '6', T: '7', B: '8', g: '9', q: '9' };
const asDigit = (c: string): string | undefined => (/\d/.test(c) ? c : LOOKS_LIKE[c]);

/** Lines where the pixels read a digit of the PDF's text as another digit. */
export function numberConflicts(layer: readonly string[], recognized: readonly string[]): NumberConflict[] {
  return layer.flatMap((text, i) => (digitSwaps(text, recognized[i] ?? '') > 0 ? [{ text, pixels: recognized[i]! }] : []));
}
