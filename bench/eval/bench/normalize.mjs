// olmOCR-bench's normalize_text, rule for rule: every test text and every page output pass through it
// before they are compared, so that markup, quote styles and Unicode forms do not decide a test.

/** Python's `\s` on str (Unicode whitespace); JS `\s` differs (it has U+FEFF, lacks U+1C–1F and U+85). */
export const PY_SPACE = '[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const spaces = new RegExp(`${PY_SPACE}+`, 'g');

// Python's `.` without DOTALL is "anything but \n"; JS `.` also stops at \r, U+2028 and U+2029.
const FANCY = [
  ['‘', "'"], ['’', "'"], ['‚', "'"], ['“', '"'], ['”', '"'], ['„', '"'], ['＿', '_'],
  ['–', '-'], ['—', '-'], ['‑', '-'], ['‒', '-'], ['−', '-'], ['\u00b5', '\u03bc'],
];

/** The bench's text normalization (olmocr/bench/tests.py normalize_text). */
export function normalizeText(md) {
  let s = md.replace(/<br\/?>/g, ' ');
  s = s.replace(/\*\*([^\n]*?)\*\*/g, '$1').replace(/__([^\n]*?)__/g, '$1');
  s = s.replace(/<\/?b>/g, '').replace(/<\/?i>/g, '');
  s = s.replace(/(\*\*|__)([^\n]*?)\1/g, '$2');
  s = s.replace(/(\*|_)([^\n]*?)\1/g, '$2');
  s = s.replace(spaces, ' ').normalize('NFC');
  for (const [fancy, plain] of FANCY) s = s.replaceAll(fancy, plain);
  return s;
}

/** Code points, so lengths and slices count characters as Python does (not UTF-16 units). */
export const codePoints = (s) => Array.from(s, (c) => c.codePointAt(0));
export const fromCodePoints = (a) => String.fromCodePoint(...a);
