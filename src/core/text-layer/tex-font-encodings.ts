// Math fonts whose glyphs pdf.js reads as other characters. Some journal typesetters (PLOS, IntechOpen) embed
// Computer Modern under their own names — TeX_CM_Maths_Italic, TeX_CM_Maths_Symbols, TeX_CM_Roman … — with
// no ToUnicode map and TeX's own encodings, plus a few glyphs moved above 127 and named after Latin letters.
// pdf.js then reads "B ¼ ð1Þ" for "B = (1)", "@A" for "∂A", "b" for β:
//
//   misnamedFontText("Cðs; tÞ", "TeX_CM_Maths_Symbols") → "C(s; t)"   (each font's own table; ';' is the
//                                                                        italic font's comma, read there)
//
// The tables are TeX's encodings (OML for math italic, OMS for symbols, OMX for the extension font, OT1 for
// roman) and Adobe's Symbol encoding for the Greek of the PI_chars fonts. Each applies to its font only:
// a "¼" in a text font is a quarter.
import { baseFontName } from './font-name';

const GREEK_CAPITALS = 'ΓΔΘΛΞΠΣΥΦΨΩ';

/** Characters from a code-indexed string, starting at `from`. */
const run = (from: number, chars: string): Record<string, string> =>
  Object.fromEntries([...chars].map((ch, i) => [String.fromCharCode(from + i), ch]));

/** OML (cmmi): Greek at 0–39, punctuation that is math, ∂ and ℓ. */
const OML: Record<string, string> = {
  ...run(0x00, GREEK_CAPITALS),
  ...run(0x0b, 'αβγδϵζηθικλμνξπρστυϕχψωεϑϖϱςφ'),
  ...run(0x3a, '.,</>⋆∂'),
  '`': 'ℓ',
  '{': 'ı',
  '|': 'ȷ',
  '}': '℘',
};

/** OMS (cmsy) below 128; its capitals are calligraphic and stay letters (the font class says so). */
const OMS: Record<string, string> = {
  ...run(0x00, '−·×∗÷⋄±∓⊕⊖⊗⊘⊙◯∘∙≍≡⊆⊇≤≥⪯⪰∼≈⊂⊃≪≫≺≻←→↑↓↔↗↘≃⇐⇒⇑⇓⇔↖↙∝′∞∈∋△▽'),
  ...run(0x38, '∀∃¬∅ℜℑ⊤⊥ℵ'),
  ...run(0x5b, '∪∩⊎∧∨⊢⊣⌊⌋⌈⌉{}⟨⟩|‖↕⇕\\≀√⨿∇∫⊔⊓⊑⊒§†‡¶♣♢♡♠'),
};

/** The typesetter's own glyphs above 127 in its symbol font (named eth, Thorn, thorn, onequarter). */
const MOVED_SYMBOLS: Record<string, string> = { ð: '(', Þ: ')', þ: '+', '¼': '=' };

/**
 * OMX (cmex): delimiters in their sizes, the pieces tall ones are built of (⎛⎜⎝, ⎧⎨⎩⎪), big operators, wide
 * accents, radicals. A tall radical's upper pieces and the tips of horizontal braces are no character of their own.
 */
const OMX: Record<string, string> = {
  ...run(0x00, '()[]⌊⌋⌈⌉{}⟨⟩|‖/\\'),
  ...run(0x10, '()()[]⌊⌋⌈⌉{}⟨⟩/\\()[]⌊⌋⌈⌉{}⟨⟩/\\/\\'),
  ...run(0x30, '⎛⎞⎡⎤⎣⎦⎢⎥⎧⎫⎩⎭⎨⎬⎪|⎝⎠⎜⎟⟨⟩⨆⨆'),
  ...run(0x48, '∮∮⨀⨀⨁⨁⨂⨂∑∏∫⋃⋂⨄⋀⋁∑∏∫⋃⋂⨄⋀⋁∐∐'),
  ...run(0x62, 'ˆˆˆ˜˜˜[]⌊⌋⌈⌉{}'),
  ...run(0x70, '√√√√√'),
  ...run(0x77, '‖↑↓'),
  ...run(0x7e, '⇑⇓'),
};

/** OT1 (cmr): Greek capitals, ligatures and accents where ASCII has other characters. */
const OT1: Record<string, string> = {
  ...run(0x00, GREEK_CAPITALS),
  ...run(0x0b, 'ﬀﬁﬂﬃﬄıȷ`´ˇ˘¯˚¸ßæœøÆŒØ'),
  '"': '”',
  '<': '¡',
  '>': '¿',
  '\\': '“',
  '^': 'ˆ',
  _: '˙',
  '{': '–',
  '|': '—',
  '}': '˝',
  '~': '˜',
  '\u007f': '¨',
};

/** Adobe's Symbol encoding: Greek by Latin letter. */
const SYMBOL_GREEK: Record<string, string> = {
  ...run(0x61, 'αβχδεφγηιϕκλμνοπθρστυϖωξψζ'),
  ...run(0x41, 'ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ'),
};

const TABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  texcmmathsitalic: OML,
  texcmmathssymbols: { ...OMS, ...MOVED_SYMBOLS },
  texcmmathsextension: OMX,
  texcmroman: OT1,
  pichars1: SYMBOL_GREEK,
  pichars2: SYMBOL_GREEK,
};

const key = (font: string) => baseFontName(font).toLowerCase().replace(/[^a-z0-9]/g, '');

/** TeX's extension fonts, OMX below 128: Computer Modern's, Latin Modern's, txfonts' and pxfonts'. */
const isOmxFont = (font: string) => /^(cmex|lmex|txex|pxex)/.test(key(font));

/**
 * A glyph of a TeX extension font that its ToUnicode map leaves unnamed (pdfTeX names few of cmex's): pdf.js
 * gives its character code instead, "X" for a display ∑ and "Z" for ∫, as copying from such a paper does.
 * `unicodes`: the font's ToUnicode by code as pdf.js read it. Undefined where the glyph is named, or the font is
 * no extension font, or its map is unknown.
 */
export function extensionGlyph(code: number, font: string, unicodes: readonly (string | null)[] | undefined): string | undefined {
  if (!unicodes || unicodes[code] || code > 0x7f || !isOmxFont(font)) return undefined;
  return OMX[String.fromCharCode(code)] ?? '';
}

/**
 * `text` (pdf.js's text content, where a glyph's code is gone) with an extension font's unnamed glyphs as the
 * characters they draw. A character is taken for a code where the map names nothing at that code and no
 * code as that character; a space stays (pdf.js puts spaces between words itself).
 */
export function extensionFontText(text: string, font: string, unicodes: readonly (string | null)[] | undefined): string {
  if (!unicodes || !isOmxFont(font)) return text;
  const named = new Set(unicodes.filter(Boolean));
  let out = '';
  for (const ch of text) out += ch === ' ' || named.has(ch) ? ch : (extensionGlyph(ch.codePointAt(0)!, font, unicodes) ?? ch);
  return out;
}

/** Is this one of the fonts whose glyphs pdf.js misreads (so its characters need `misnamedFontText`)? */
export const isMisnamedFont = (font: string): boolean => key(font) in TABLES;

/** `text` as the font draws it, where the font is one of the misnamed ones; otherwise as it is. */
export function misnamedFontText(text: string, font: string): string {
  const table = TABLES[key(font)];
  if (!table) return text;
  // pdf.js puts spaces between a run's words itself: a space is no glyph of the font (OML's 0x20 is ψ).
  let out = '';
  for (const ch of text) out += ch === ' ' ? ch : (table[ch] ?? ch);
  return out;
}
