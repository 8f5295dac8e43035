import { describe, expect, it } from 'vitest';
import { isMisnamedFont, misnamedFontText } from './tex-font-encodings';
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
  it('is applied wherever pdf.js text is named (namedText)', () => {
    // A run of the symbol font: "( − )" around letters set in other fonts; its spaces are pdf.js's own.
    expect(namedText('ð \u0000 Þ', 'TeX_CM_Maths_Symbols', undefined)).toBe('( − )');
  });
});
