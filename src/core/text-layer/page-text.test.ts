import { describe, expect, it } from 'vitest';
import { isBoldFont } from './page-text';

describe('isBoldFont', () => {
  it('tells bold faces by their names, as PDFs from word processors and TeX name them', () => {
    const bold = ['ArialNarrow-Bold', 'TimesNewRomanPS-BoldMT', 'POLBIL+Plantin-Bold', 'FLIDAJ+Caecilia-Heavy', 'HelveticaNeue-Black', 'NimbusRomNo9L-Medi', 'MyriadPro-Semibold', 'ABCDEF+CMBX12', 'LMRomanBX10-Regular'];
    expect(bold.filter((n) => !isBoldFont(n))).toEqual([]);
    const plain = ['ArialNarrow', 'TimesNewRomanPSMT', 'NimbusRomNo9L-Regu', 'ABCDEF+CMR10', 'Caecilia-Roman', 'MediaevalSans', 'Helvetica-Oblique'];
    expect(plain.filter(isBoldFont)).toEqual([]);
    expect(isBoldFont(undefined)).toBe(false);
  });
});
