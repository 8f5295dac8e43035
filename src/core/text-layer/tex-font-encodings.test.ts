import { describe, expect, it } from 'vitest';
import { extensionDepth, extensionFontText, extensionGlyph, extensionHeight, isMisnamedFont, misnamedFontText } from './tex-font-encodings';
import { namedText } from './glyph-names';

// What pdf.js reads from the fonts of a PLOS ONE paper (corpus-olmocr/load_v_error.pdf, pages 5–13), and
// what the page shows there.
describe('misnamedFontText', () => {
  it("reads the symbol font's moved glyphs and TeX's OMS codes", () => {
    expect(misnamedFontText('B¼', 'TeX_CM_Maths_Symbols')).toBe('B=');
    expect(misnamedFontText('ð Þ', 'TeX_CM_Maths_Symbols')).toBe('( )');
    expect(misnamedFontText('þ', 'TeX_CM_Maths_Symbols')).toBe('+');
    expect(misnamedFontText('\u0000', 'TeX_CM_Maths_Symbols')).toBe('−');
    expect(misnamedFontText('\u0018', 'TeX_CM_Maths_Symbols')).toBe('∼');
    expect(misnamedFontText('0', 'TeX_CM_Maths_Symbols')).toBe('′');
  });
  it('reads math italic as OML: the partial sign and the comma', () => {
    expect(misnamedFontText('@A', 'TeX_CM_Maths_Italic')).toBe('∂A');
    expect(misnamedFontText('s; t', 'TeX_CM_Maths_Italic')).toBe('s, t');
    expect(misnamedFontText('L<x', 'TeX_CM_Maths_Italic')).toBe('L<x');
    expect(misnamedFontText('\u000c', 'TeX_CM_Maths_Italic')).toBe('β');
  });
  it('reads the Greek fonts by the Symbol encoding, the extension and roman fonts as TeX does', () => {
    expect(misnamedFontText('bg', 'PI_chars_2')).toBe('βγ');
    expect(misnamedFontText('D', 'PI_chars_1')).toBe('Δ');
    expect(misnamedFontText('qf', 'PI_chars_1')).toBe('θφ');
    expect(misnamedFontText('\u0010\u0011Z', 'TeX_CM_Maths_Extension')).toBe('()∫');
    expect(misnamedFontText('_', 'TeX_CM_Roman')).toBe('˙');
  });
  it('leaves every other font alone, a subset prefix or spelling aside', () => {
    expect(misnamedFontText('¼ ð þ @ b', 'MinionPro-Regular')).toBe('¼ ð þ @ b');
    expect(misnamedFontText('b', 'Symbol')).toBe('b');
    expect(isMisnamedFont('ABCDEF+TeXCMMathsSymbols')).toBe(true);
    expect(isMisnamedFont('CMSY10')).toBe(false);
  });
  it('drops a variation selector after a character (newtx names its display ∑ "∑" U+FE01)', () => {
    expect(namedText('∑\uFE01', 'THGAAW+txexs', undefined)).toBe('∑');
    expect(namedText('√\uFE03x', 'THGAAW+txexs', undefined)).toBe('√x');
  });

  it('is applied wherever pdf.js text is named (namedText)', () => {
    // A run of the symbol font: "( − )" around letters set in other fonts; its spaces are pdf.js's own.
    expect(namedText('ð \u0000 Þ', 'TeX_CM_Maths_Symbols', undefined)).toBe('( − )');
  });
});

// pdfTeX's ToUnicode map for cmex names few of its glyphs (a paper made with TeX Live 2022's pdflatex, as
// arXiv makes them): pdf.js reads the rest as their codes, "X" for a display ∑.
const CMEX_MAP: (string | null)[] = Array.from({ length: 256 }, () => null);
for (let c = 0x30; c <= 0x43; c++) CMEX_MAP[c] = '';
CMEX_MAP[0xa1] = '√';

describe('extensionGlyph', () => {
  it('reads a TeX extension font’s unnamed glyphs by their OMX code', () => {
    expect(extensionGlyph(0x58, 'EQGTYE+CMEX10', CMEX_MAP)).toBe('∑');
    expect(extensionGlyph(0x5a, 'EQGTYE+CMEX10', CMEX_MAP)).toBe('∫');
    expect(extensionGlyph(0x50, 'LMEX10', CMEX_MAP)).toBe('∑');
    expect(extensionGlyph(0x70, 'CMEX10', CMEX_MAP)).toBe('√');
    expect(extensionGlyph(0x12, 'CMEX10', CMEX_MAP)).toBe('(');
    expect(extensionGlyph(0x28, 'CMEX10', CMEX_MAP)).toBe('{');
    expect(extensionGlyph(0x30, 'CMEX10', CMEX_MAP)).toBe('⎛');
    expect(extensionGlyph(0x3c, 'CMEX10', CMEX_MAP)).toBe('⎨');
    // a tall radical's upper pieces draw no character of their own
    expect(extensionGlyph(0x76, 'CMEX10', CMEX_MAP)).toBe('');
  });

  it('keeps what the map names, and every other font’s glyphs', () => {
    const named = [...CMEX_MAP];
    named[0x58] = '∑';
    expect(extensionGlyph(0x58, 'CMEX10', named)).toBeUndefined();
    expect(extensionGlyph(0x58, 'CMSY10', CMEX_MAP)).toBeUndefined();
    expect(extensionGlyph(0x58, 'CMEX10', undefined)).toBeUndefined();
  });

  it('reads Latin Modern’s extension font as cmex, and newtx’s glyphs above OMX by the OMX glyph they draw again', () => {
    expect(extensionGlyph(0x58, 'KTUIHF+LMMathExtension10-Regular', CMEX_MAP)).toBe('∑');
    expect(extensionDepth(0x20, 'KTUIHF+LMMathExtension10-Regular')).toBe(3.0);
    // txexs: ∏ of newtxmath's display style at 214, a text-style ∑ at 205, a normal-size ( at 128
    expect(extensionGlyph(214, 'THGAAW+txexs', CMEX_MAP)).toBe('∏');
    expect(extensionGlyph(205, 'THGAAW+txexs', CMEX_MAP)).toBe('∑');
    expect(extensionGlyph(128, 'THGAAW+txexs', CMEX_MAP)).toBe('(');
    // by txexs's own metrics: its display ∏ hangs 1.53 sizes (cmex's 1.4)
    expect(extensionDepth(214, 'THGAAW+txexs')).toBe(1.53);
    // a tall ( of newtxmath: txexs's pieces at 169–174 stand on their baseline, as OMX's pieces drawn again
    expect([169, 171, 173].map((c) => extensionGlyph(c, 'THGAAW+txexs', CMEX_MAP))).toEqual(['⎛', '⎝', '⎜']);
    expect([extensionHeight(169, 'THGAAW+txexs'), extensionDepth(169, 'THGAAW+txexs')]).toEqual([1.44, 0]);
    // its bracket pieces too (bracketlefttp stands 0.6 above its baseline; cmex's hangs 1.76 below it)
    expect([extensionHeight(0x32, 'THGAAW+txexs'), extensionDepth(0x32, 'THGAAW+txexs')]).toEqual([0.6, 0.01]);
    expect(extensionDepth(0x32, 'CMEX10')).toBe(1.8);
    expect(extensionHeight(0x30, 'CMEX10')).toBeUndefined();
    // cmex has no glyph above 127
    expect(extensionGlyph(214, 'CMEX10', CMEX_MAP)).toBeUndefined();
    // newtx's symbol font: its accents unnamed (\dot at 164, \vec at 174); what its map names stays
    expect(extensionGlyph(164, 'QKEVCL+txsys', [])).toBe('˙');
    expect(extensionGlyph(174, 'QKEVCL+txsys', [])).toBe('⃗');
    // txsyc's negated relations, whatever its map says (ASCII: "," for ≠ at 44)
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    expect([44, 60].map((c) => extensionGlyph(c, 'CXLQND+txsyc', ascii))).toEqual(['≠', '∉']);
    expect(extensionGlyph(44, 'CMSY10', ascii)).toBeUndefined();
    // newpx's symbol font the same (\dot at 164)
    expect(extensionGlyph(164, 'EBWXFZ+pxsys', [])).toBe('˙');
    const plus: string[] = [];
    plus[0xb8] = '+';
    expect(extensionGlyph(0xb8, 'QKEVCL+txsys', plus)).toBeUndefined();
  });
});

describe('extensionFontText', () => {
  it('reads the codes in a run of text, where pdf.js left no code', () => {
    expect(extensionFontText('XZ', 'CMEX10', CMEX_MAP)).toBe('∑∫');
    expect(namedText('X', 'ABCDEF+CMEX10', undefined, CMEX_MAP)).toBe('∑');
  });

  it('keeps a character the map gives for some code: it is that glyph, not a code', () => {
    const named = [...CMEX_MAP];
    named[0x00] = '(';
    // "(" may be the code of a huge brace (0x28) or the named small parenthesis (0x00): named wins.
    expect(extensionFontText('( X', 'CMEX10', named)).toBe('( ∑');
    expect(extensionFontText('( X', 'CMEX10', CMEX_MAP)).toBe('{ ∑');
    expect(extensionFontText('X', 'Helvetica', CMEX_MAP)).toBe('X');
  });
});
