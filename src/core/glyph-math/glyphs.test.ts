import { describe, expect, it } from 'vitest';
import { fontClass, isItalicFace, isItalicFont } from './glyphs';

describe('fontClass', () => {
  it('reads a math font under a doubled subset tag as the font it is (corpus-olmocr/dolma-page-1.pdf)', () => {
    expect(fontClass('AAAAAI+WQXUWR_CMMI8')).toBe('italic');
    expect(fontClass('AAAAAG+BTRRVT_CMMIB8')).toBe('italic');
    expect(fontClass('AAAAAO+MODLFL_FdSymbolA-Book')).toBe('symbol');
    expect(fontClass('AAAAAJ+IYASNL_NimbusRomNo9L-Regu')).toBe('text');
  });

  it('knows the Times- and Palatino-like math fonts TeX papers use (newtx, newpx)', () => {
    expect(fontClass('ABCDEF+NewTXMI')).toBe('italic');
    expect(fontClass('ABCDEF+ntxsy')).toBe('symbol');
    expect(fontClass('ABCDEF+NewTXEXX')).toBe('extension');
    expect(fontClass('ABCDEF+NewPXMI')).toBe('italic');
    expect(fontClass('ABCDEF+txsys')).toBe('symbol');
    // their \mathbb letters are in symbol font B
    expect(fontClass('HJWTHT+txsyb')).toBe('bb');
    expect(fontClass('ABCDEF+pxsyb')).toBe('bb');
  });

  it('leaves text fonts whose names merely contain such letters as text', () => {
    for (const name of ['MinionPro-Regular', 'MS-Mincho', 'Calibri', 'Symphony-Roman', 'LatinoType-Bold', 'Mtc-Regular']) expect(fontClass(name)).toBe('text');
    // a journal's text ± and footnote ∗ (corpus-olmocr/not_parsing2.pdf)
    expect(fontClass('FLIHJC+MTSY')).toBe('text');
  });
});

describe('isItalicFace', () => {
  it('knows URW’s abbreviated faces: Nimbus "ReguItal", "MediItal", "BoldObli"', () => {
    expect(isItalicFace('AAAAAB+QZUHCN_NimbusRomNo9L-ReguItal')).toBe(true);
    expect(isItalicFace('NimbusRomNo9L-MediItal')).toBe(true);
    expect(isItalicFace('NimbusMonL-BoldObli')).toBe(true);
    expect(isItalicFace('TimesNewRomanPS-ItalicMT')).toBe(true);
    expect(isItalicFace('CMTI10')).toBe(true);
    // prose reads them as words still
    expect(isItalicFont('NimbusRomNo9L-ReguItal')).toBe(false);
  });

  it('does not take upright faces for italic', () => {
    for (const name of ['NimbusRomNo9L-Regu', 'NimbusRomNo9L-Medi', 'Digital-Regular', 'Capitalis', 'Vitality-Bold', 'CMR10']) expect(isItalicFace(name)).toBe(false);
  });
});
