// Characters for glyphs pdf.js cannot name. A font subset with its own encoding names its glyphs in a
// /Differences array; pdf.js turns the usual names (alpha, plus, chi) into Unicode, but Linotype's
// Mathematical Pi fonts, which commercial typesetters set journal math in, name theirs by number
// ("H9273" is χ), and pdf.js falls back to the character code: "\u0002" where the page shows χ.
//
//   namedText("\u0002", fontName, differences) → "χ"      (other characters as they were)
//
// Fonts that name their glyphs after the wrong characters altogether are read with their own tables first
// (tex-font-encodings.ts).
import { extensionFontText, misnamedFontText } from './tex-font-encodings';

const GREEK_SMALL = 'αβγδεζηθικλμνξοπρστυφφχψω';

/**
 * Mathematical Pi glyph names → characters. The small Greek letters run H9251 (α) to H9275 (ω) in the
 * alphabet's order with two forms of φ (H9271, H9272); operators and relations are H11xxx.
 */
const MATH_PI: Record<string, string> = {
  ...Object.fromEntries([...GREEK_SMALL].map((ch, i) => [`H${9251 + i}`, ch])),
  H9004: 'Δ',
  H11001: '+',
  H11002: '−',
  H11005: '=',
  H11006: '±',
  H11009: '∞',
  H11021: '<',
  H11022: '>',
};

const isMathPi = (font: string) => /mathematicalpi|mathpi/i.test(font.replace(/[^a-z]/gi, ''));

/** Variation selectors: a form of the character before them, no character of their own. */
const VARIATION = /[\uFE00-\uFE0F]/g;

/** A control character (not tab or line end) stands for a glyph pdf.js found no Unicode for. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * `text` with each glyph pdf.js left as its character code replaced by the character its font's glyph
 * name says, where the name is known; a control character or variation selector left over is dropped (it
 * would reach the Markdown as an invisible byte).
 */
export function namedText(
  text: string,
  font: string | undefined,
  differences: readonly (string | null | undefined)[] | undefined,
  unicodes?: readonly (string | null)[],
): string {
  if (font) text = extensionFontText(misnamedFontText(text, font), font, unicodes);
  // newtx's maps name its big operators with a variation selector after them ("∑" U+FE01: the display size).
  text = text.replace(VARIATION, '');
  if (!CONTROL.test(text)) return text;
  const named = font && differences && isMathPi(font);
  let out = '';
  for (const ch of text) {
    if (!CONTROL.test(ch)) out += ch;
    else if (named) out += MATH_PI[differences[ch.charCodeAt(0)] ?? ''] ?? '';
  }
  return out;
}
