import { describe, expect, it } from 'vitest';
import { baseFontName, isBoldFont } from './font-name';

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

describe('isBoldFont', () => {
  it('tells bold faces by their names, as PDFs from word processors and TeX name them', () => {
    const bold = ['ArialNarrow-Bold', 'TimesNewRomanPS-BoldMT', 'POLBIL+Plantin-Bold', 'FLIDAJ+Caecilia-Heavy', 'HelveticaNeue-Black', 'NimbusRomNo9L-Medi', 'MyriadPro-Semibold', 'ABCDEF+CMBX12', 'LMRomanBX10-Regular'];
    expect(bold.filter((n) => !isBoldFont(n))).toEqual([]);
    const plain = ['ArialNarrow', 'TimesNewRomanPSMT', 'NimbusRomNo9L-Regu', 'ABCDEF+CMR10', 'Caecilia-Roman', 'MediaevalSans', 'Helvetica-Oblique'];
    expect(plain.filter(isBoldFont)).toEqual([]);
    expect(isBoldFont(undefined)).toBe(false);
  });
});
