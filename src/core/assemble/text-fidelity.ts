// A page's text as its author wrote it, whatever spelled it apart: TeX's spacing accents composed with their
// letters, typographic ligatures written out.
//
//   composeAccents(text)   "Kr¨ahenb¨uhl", "Popovi´c", "Universite´", "Colec¸ ão" → "Krähenbühl", "Popović", "Université", "Coleção"
//   expandLigatures(text)  "ﬁ" → "fi", "ﬄ" → "ffl" …
//   pageText(text)         both, then NFC

/** Spacing accents as PDFs made by TeX (and some word processors) draw them, and the marks they stand for. */
const MARKS: Record<string, { mark: string; takes: string }> = {
  '´': { mark: '\u0301', takes: 'aeiouyAEIOUYcnszlrCNSZLRı' },
  '`': { mark: '\u0300', takes: 'aeiouAEIOUı' },
  '¨': { mark: '\u0308', takes: 'aeiouyAEIOUYı' },
  ˇ: { mark: '\u030C', takes: 'cszrnedtlCSZRNEDTL' },
  '˘': { mark: '\u0306', takes: 'aguAGU' },
  '˜': { mark: '\u0303', takes: 'anoANO' },
  '¸': { mark: '\u0327', takes: 'cstCST' },
  '˙': { mark: '\u0307', takes: 'zegcZEGCI' },
  '˚': { mark: '\u030A', takes: 'uaUA' },
  '˝': { mark: '\u030B', takes: 'ouOU' },
  '¯': { mark: '\u0304', takes: 'aeiouAEIOU' },
};

/**
 * An accent goes on the letter after it (TeX draws it first), or on the letter before it when the one after
 * cannot take it (a word processor's "Ste´phane", a word-final "Universite´"); a cedilla goes on the letter
 * before it, and the space a PDF may put after it ("Colec¸ ão") goes. A dotless ı under an accent is an i. A
 * doubled backtick (TeX's opening quotes) is left alone.
 */
export function composeAccents(text: string): string {
  if (!/[´`¨ˇ˘˜¸˙˚˝¯]/.test(text)) return text;
  const chars = [...text];
  const out: string[] = [];
  for (let k = 0; k < chars.length; k++) {
    const c = chars[k]!;
    const m = MARKS[c];
    if (!m || (c === '`' && (chars[k + 1] === '`' || chars[k - 1] === '`'))) {
      out.push(c);
      continue;
    }
    const base = (l: string) => (l === 'ı' ? 'i' : l);
    const prev = out.at(-1);
    const next = chars[k + 1];
    const prevTakes = prev !== undefined && m.takes.includes(prev);
    const nextTakes = next !== undefined && m.takes.includes(next);
    if (c === '¸' && prevTakes) {
      out[out.length - 1] = base(prev!) + m.mark;
      if (next === ' ' && /\p{Ll}/u.test(chars[k + 2] ?? '')) k++;
    } else if (nextTakes) {
      out.push(base(next!) + m.mark);
      k++;
    } else if (prevTakes) out[out.length - 1] = base(prev!) + m.mark;
    else out.push(c);
  }
  return out.join('').normalize('NFC');
}

const LIGATURES: Record<string, string> = { 'ﬀ': 'ff', 'ﬁ': 'fi', 'ﬂ': 'fl', 'ﬃ': 'ffi', 'ﬄ': 'ffl', 'ﬅ': 'st', 'ﬆ': 'st' };

export const expandLigatures = (text: string) => text.replace(/[ﬀ-ﬆ]/g, (l) => LIGATURES[l] ?? l);

export const pageText = (text: string) => composeAccents(expandLigatures(text)).normalize('NFC');
