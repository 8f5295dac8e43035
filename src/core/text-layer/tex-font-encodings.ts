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
import { texExtensionMetrics } from './tex-extension-metrics';

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
 * accents, radicals. A tall radical's upper pieces are no character of their own; the four tips a horizontal brace
 * is drawn of are read as Latin Modern's map names them (︸ ︷).
 */
const OMX: Record<string, string> = {
  ...run(0x00, '()[]⌊⌋⌈⌉{}⟨⟩|‖/\\'),
  ...run(0x10, '()()[]⌊⌋⌈⌉{}⟨⟩/\\()[]⌊⌋⌈⌉{}⟨⟩/\\/\\'),
  ...run(0x30, '⎛⎞⎡⎤⎣⎦⎢⎥⎧⎫⎩⎭⎨⎬⎪|⎝⎠⎜⎟⟨⟩⨆⨆'),
  ...run(0x48, '∮∮⨀⨀⨁⨁⨂⨂∑∏∫⋃⋂⨄⋀⋁∑∏∫⋃⋂⨄⋀⋁∐∐'),
  ...run(0x62, 'ˆˆˆ˜˜˜[]⌊⌋⌈⌉{}'),
  ...run(0x70, '√√√√√'),
  ...run(0x77, '‖↑↓'),
  ...run(0x7a, '︸︷︸︷'),
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

/** TeX's extension fonts, OMX below 128: Computer Modern's, Latin Modern's, txfonts', pxfonts' and newtx's. */
const isOmxFont = (font: string) => /^(cmex|lmex|lmmathextension|txex|pxex)/.test(key(font));

/**
 * newtx's extension font (txexs) above 127, by the OMX code of the glyph it draws in another form: its big
 * operators again (the ones newtxmath sets, ∏ at 214), its integrals in four sizes and slants; normal-size
 * delimiters as their characters.
 */
const TXEX_HIGH: Record<number, number | string> = {
  ...Object.fromEntries([...'()[]⌊⌋⌈⌉{}⟨⟩|‖'].map((ch, i) => [128 + i, ch])),
  ...Object.fromEntries([175, 180].flatMap((from) => [0, 1, 2, 3, 4].map((i) => [from + i, i === 3 ? 0x48 : 0x52]))),
  ...Object.fromEntries([185, 190].flatMap((from) => [0, 1, 2, 3, 4].map((i) => [from + i, i === 3 ? 0x49 : 0x5a]))),
  // Wide hats and tildes (hat4–6, tilde4–6) and the parenthesis pieces of a tall ( … ) (parenlefttpA … parenrightexA).
  154: 0x64, 155: 0x64, 156: 0x64, 157: 0x67, 158: 0x67, 159: 0x67, 169: 0x30, 170: 0x31, 171: 0x40, 172: 0x41, 173: 0x42, 174: 0x43,
  195: 0x46, 196: 0x47, 199: 0x4a, 200: 0x4b, 201: 0x4c, 202: 0x4d, 203: 0x4e, 204: 0x4f,
  ...Object.fromEntries([0x50, 0x51, 0x53, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5b, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f, 0x60, 0x61].map((omx, i) => [205 + i, omx])),
};
/**
 * txfonts' and newtx's symbol font C (txsyc; pxsyc in pxfonts) sets negated relations at codes whose map, where there
 * is one, says ASCII ("," for ≠): read by its glyph names (nequal at 44, nelement at 60), whatever the map says.
 */
const isTxSymbolC = (font: string) => /^(txsyc|pxsyc)/.test(key(font));
const TXSYC: Record<number, string> = { 9: '∥', 44: '≠', 60: '∉' };

/** newtx's symbol font (txsys) and newpx's (pxsys): math accents at 160–174. */
const isNewtxSymbolFont = (font: string) => /^(txsys|pxsys|ntxsy|newtxsy|newpxsy)/.test(key(font));
const NEWTX_ACCENTS: Record<number, string> = { 160: 'ˆ', 161: '˜', 162: '¯', 163: '˘', 164: '˙', 165: '¨', 166: '˚', 167: 'ˇ', 174: '⃗' };

/** The OMX code a glyph of an extension font draws, or its character where OMX has no code for it. */
const omxCode = (code: number, font: string): number | string | undefined => (code <= 0x7f ? code : /^(txex|newtxex)/.test(key(font)) ? TXEX_HIGH[code] : undefined);

/** AMS's blackboard font (msbm) holds amsfonts' wide accents: \widehat at 0x5B–0x5C, \widetilde at 0x5D–0x5E. */
export function msbmAccent(code: number, font: string): string | undefined {
  if (!/msbm/i.test(font)) return undefined;
  return code === 0x5b || code === 0x5c ? 'ˆ' : code === 0x5d || code === 0x5e ? '˜' : undefined;
}

/**
 * A glyph of a TeX extension font that its ToUnicode map leaves unnamed (pdfTeX names few of cmex's): pdf.js
 * gives its character code instead, "X" for a display ∑ and "Z" for ∫, as copying from such a paper does. newtx's
 * symbol font leaves its math accents unnamed the same way ("¤" for \dot, "®" for \vec). `unicodes`: the font's
 * ToUnicode by code as pdf.js read it. Undefined where the glyph is named, or the font is none of these, or its
 * map is unknown. (txsyc's negated relations are read by its glyph names whatever its map says.)
 */
export function extensionGlyph(code: number, font: string, unicodes: readonly (string | null)[] | undefined): string | undefined {
  if (isTxSymbolC(font) && TXSYC[code]) return TXSYC[code];
  if (!unicodes || unicodes[code]) return undefined;
  if (isNewtxSymbolFont(font)) return NEWTX_ACCENTS[code];
  if (!isOmxFont(font)) return undefined;
  const omx = omxCode(code, font);
  if (omx === undefined) return undefined;
  return typeof omx === 'string' ? omx : (OMX[String.fromCharCode(omx)] ?? '');
}

/** cmex's depths in sizes below the baseline its glyphs hang from (their heights are near zero): TeX's metrics. */
function omxDepth(code: number): number | undefined {
  const steps: [number, number, number][] = [
    [0x00, 0x0b, 1.2], [0x0c, 0x0d, 0.6], [0x0e, 0x0f, 1.2], [0x10, 0x11, 1.8], [0x12, 0x1f, 2.4], [0x20, 0x2d, 3.0], [0x2e, 0x2f, 1.8], [0x30, 0x37, 1.8], [0x38, 0x3b, 0.9],
    [0x3c, 0x3d, 1.8], [0x3e, 0x3f, 0.3], [0x40, 0x41, 1.8], [0x42, 0x43, 0.6], [0x44, 0x45, 1.8], [0x68, 0x6f, 1.8], [0x70, 0x70, 1.2],
    [0x71, 0x71, 1.8], [0x72, 0x72, 2.4], [0x73, 0x73, 3.0], [0x74, 0x74, 1.8],
  ];
  for (const [from, to, depth] of steps) if (code >= from && code <= to) return depth;
  // Big operators: text style at even codes, display at odd; integrals hang further.
  if (code === 0x52 || code === 0x48) return 1.11;
  if (code === 0x5a || code === 0x49) return 2.22;
  if (code >= 0x46 && code <= 0x61) return code >= 0x58 || (code < 0x50 && code % 2 === 1) || code === 0x61 ? 1.4 : 1.0;
  return undefined;
}

/**
 * Where a TeX extension font's glyph is drawn from its baseline, in sizes: `depth` below it, and `height` above it
 * where the font's own metrics give one (cmex's glyphs hang from it: none). Undefined for other fonts.
 */
export function extensionExtent(code: number, font: string): { depth: number; height?: number } | undefined {
  const own = texExtensionMetrics(code, key(font));
  if (own) return { height: own[0], depth: own[1] };
  const omx = isOmxFont(font) ? omxCode(code, font) : undefined;
  const depth = typeof omx === 'number' ? omxDepth(omx) : undefined;
  return depth === undefined ? undefined : { depth };
}

/** How far a TeX extension font's glyph hangs below its baseline, in sizes; undefined for other fonts. */
export const extensionDepth = (code: number, font: string): number | undefined => extensionExtent(code, font)?.depth;

/** How far an extension glyph stands above its baseline, in sizes, where its font's metrics say (cmex's: undefined). */
export const extensionHeight = (code: number, font: string): number | undefined => extensionExtent(code, font)?.height;

/**
 * `text` (pdf.js's text content, where a glyph's code is gone) with an extension font's unnamed glyphs as the
 * characters they draw. A character is taken for a code where the map names nothing at that code and no
 * code as that character; a space stays (pdf.js puts spaces between words itself).
 */
export function extensionFontText(text: string, font: string, unicodes: readonly (string | null)[] | undefined): string {
  if (!unicodes || !(isOmxFont(font) || isNewtxSymbolFont(font))) return text;
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
