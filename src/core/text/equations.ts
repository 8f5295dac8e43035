// Equations in a recognized line written as inline math. A math book's prose sets its simple equations in the
// line ("Put CD = h, AB = 2c, and", "Clearing of fractions, ad = bc."), and the line recognizer reads them as
// text. Markdown writes math as $…$ (DESIGN §4), so a run that is plainly an equation is wrapped: variables
// of at most three letters, numbers and a coefficient before a variable ("2c", "18 x"), joined by operators,
// with an "=" between two sides. Anything else stops the run — a word, a stray mark, a letter the recognizer
// made of a symbol it does not know — so garbled math stays text, never a formula that claims to be read.
import type { Lexicon } from './lexicon';

/** One piece of a line: a space, a letter run, a number, an operator, a bracket or anything else. */
type Atom = { text: string; kind: 'space' | 'letters' | 'number' | 'op' | 'open' | 'close' | 'other' };

const OPERATORS = new Set(['=', '+', '-', '−', '–', '—', '×', '·', ':', '/', '<', '>', '≤', '≥']);

function atoms(text: string): Atom[] {
  return (text.match(/\s+|\p{L}+|\d+(?:\.\d+)?|./gu) ?? []).map((t) => ({
    text: t,
    kind: /^\s/.test(t)
      ? 'space'
      : /^\p{L}/u.test(t)
        ? 'letters'
        : /^\d/.test(t)
          ? 'number'
          : OPERATORS.has(t)
            ? 'op'
            : t === '(' || t === '['
              ? 'open'
              : t === ')' || t === ']'
                ? 'close'
                : 'other',
  }));
}

/** Short words of prose: "the sum = the whole" is a sentence, not an equation. */
const PROSE = new Set(
  ('the and for but not nor are was his her its you our all any can had has him who may one two out how why now ' +
    'new per yet let put set get use is it in on at to of or as an be by he we me my no so do if up us am go')
    .split(' '),
);

/** Words this common are prose, not a product of variables ("see", "sum", "log"). */
const COMMON_RANK = 20;

/** A variable: one letter, or up to three (segments "AB", products "bc"), Latin only, and no word of prose. */
function isVariable(a: Atom, lex?: Lexicon): boolean {
  if (a.kind !== 'letters' || a.text.length > 3 || !/^[A-Za-z]+$/.test(a.text)) return false;
  const lower = a.text.toLowerCase();
  if (a.text.length === 1 || a.text === a.text.toUpperCase()) return !PROSE.has(lower) || a.text.length === 1;
  return !PROSE.has(lower) && (lex?.rank(lower) ?? Infinity) > COMMON_RANK;
}

/**
 * A term: variables, numbers and brackets with nothing between them ("2c", "x(2c", "ad"), or a number a space
 * before a variable ("18 x"). Returns the atom index just past the term that starts at `i`, or `i` if none.
 */
function termEnd(a: readonly Atom[], i: number, lex?: Lexicon): number {
  let j = i;
  let operand = false;
  while (j < a.length) {
    const t = a[j]!;
    if (isVariable(t, lex) || t.kind === 'number') operand = true;
    else if (t.kind !== 'open' && t.kind !== 'close') break;
    if (t.kind === 'number' && a[j + 1]?.kind === 'space' && a[j + 1]!.text === ' ' && a[j + 2] && isVariable(a[j + 2]!, lex)) j += 2;
    j++;
  }
  // A term glued to a word or a stray mark ("2sin", "AD”") is part of something else.
  const glued = a[j] && (a[j]!.kind === 'letters' || (a[j]!.kind === 'other' && !/^[,.;]$/.test(a[j]!.text)));
  return operand && !glued ? j : i;
}

/** Wraps each equation of `text` in $…$; a line that already has math, or none, is returned as it was. */
export function markEquations(text: string, lex?: Lexicon): string {
  if (!text.includes('=') || text.includes('$')) return text;
  const a = atoms(text);
  // Terms and operators, alternating, with spaces between them skipped: [start, end) atom ranges.
  const pieces: { start: number; end: number; op: boolean }[] = [];
  for (let i = 0; i < a.length; ) {
    if (a[i]!.kind === 'space') {
      i++;
      continue;
    }
    const end = termEnd(a, i, lex);
    if (end > i) {
      pieces.push({ start: i, end, op: false });
      i = end;
    } else {
      pieces.push({ start: i, end: i + 1, op: a[i]!.kind === 'op' });
      if (a[i]!.kind !== 'op') pieces[pieces.length - 1]!.start = -1; // a stop: a word, a mark
      i++;
    }
  }
  signedTerms(pieces, a);
  const spans: [number, number][] = [];
  for (let p = 0; p < pieces.length; p++) {
    if (!pieces[p]!.op || a[pieces[p]!.start]!.text !== '=') continue;
    // Out from the "=": term, operator, term … while they alternate.
    let lo = p;
    while (lo - 1 >= 0 && pieces[lo - 1]!.start >= 0 && pieces[lo - 1]!.op !== pieces[lo]!.op) lo--;
    let hi = p;
    while (hi + 1 < pieces.length && pieces[hi + 1]!.start >= 0 && pieces[hi + 1]!.op !== pieces[hi]!.op) hi++;
    while (lo < p && pieces[lo]!.op) lo++;
    while (hi > p && pieces[hi]!.op) hi--;
    if (lo === p || hi === p) continue; // a side is empty: "(= ones who …" is no equation
    const start = pieces[lo]!.start;
    const end = pieces[hi]!.end;
    const body = a.slice(start, end).map((x) => x.text).join('');
    // Numbers alone ("7 = 35") are more often a misread sum or a price than an equation the page sets.
    if (!/[A-Za-z]/.test(body) || !balanced(body) || (spans.length && spans[spans.length - 1]![1] > start)) continue;
    spans.push([start, end]);
  }
  if (!spans.length) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += a.slice(at, start).map((x) => x.text).join('');
    out += `$${a.slice(start, end).map((x) => (DASHES.has(x.text) ? '-' : x.text)).join('')}$`;
    at = end;
  }
  return out + a.slice(at).map((x) => x.text).join('');
}

/** Dashes a page or the recognizer sets for a minus; the math writes them as a hyphen-minus. */
const DASHES = new Set(['–', '—', '−']);
const SIGNS = new Set(['-', '+', ...DASHES]);

/**
 * A sign that starts a side is part of its term ("f(4) = - 14", "- 4x = –16"): right after "=", at the line's
 * start, or glued to the term after a word ("so –x = 2"). A dash with a space after a word may be prose's ("Hence
 * – x = 5") and stays an operator, which the equation's run does not begin with.
 */
function signedTerms(pieces: { start: number; end: number; op: boolean }[], a: readonly Atom[]): void {
  for (let p = 0; p + 1 < pieces.length; p++) {
    const sign = pieces[p]!;
    const term = pieces[p + 1]!;
    if (!sign.op || !SIGNS.has(a[sign.start]!.text) || term.op || term.start < 0) continue;
    const before = pieces[p - 1];
    const afterEquals = before?.op && a[before.start]!.text === '=';
    const glued = term.start === sign.end;
    // Glued after a word or a mark, a sign starts a negative; after a term it is a minus ("x –y").
    if (!(afterEquals || p === 0 || (glued && before!.start < 0))) continue;
    pieces.splice(p, 2, { start: sign.start, end: term.end, op: false });
  }
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}
