import { describe, expect, it } from 'vitest';
import { baseFontName } from './font-name';

describe('baseFontName', () => {
  it('drops a subset tag, and the second one a PDF subset again carries (corpus-olmocr/dolma-page-1.pdf)', () => {
    expect(baseFontName('ABCDEF+CMMI10')).toBe('CMMI10');
    expect(baseFontName('AAAAAI+WQXUWR_CMMI8')).toBe('CMMI8');
    expect(baseFontName('AAAAAE+JLMXGK_NimbusRomNo9L-Medi')).toBe('NimbusRomNo9L-Medi');
    expect(baseFontName('UXCURL_FdSymbolA-Medium')).toBe('FdSymbolA-Medium');
  });

  it('keeps a name with no tag as it is', () => {
    expect(baseFontName('Times-Roman')).toBe('Times-Roman');
    expect(baseFontName('TeX_CM_Maths_Italic')).toBe('TeX_CM_Maths_Italic');
    expect(baseFontName('ArialMT-Identity-H')).toBe('ArialMT-Identity-H');
  });
});
