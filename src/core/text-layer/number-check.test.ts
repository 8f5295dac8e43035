import { describe, expect, it } from 'vitest';
import { digitSwaps, digitsOf, numberConflicts, numberLines } from './number-check';

describe('number check', () => {
  it('picks the lines with the most digits, at most n, in page order', () => {
    const texts = ['Dear Sir,', 'IBAN DE00 1234 5678 9012 3456 78', 'Total due: 1,234.56 EUR', 'on 12 May', undefined, 'Invoice 2026-11-30'];
    expect(numberLines(texts)).toEqual([1, 2, 5]);
    expect(numberLines(texts, 2)).toEqual([1, 5]);
  });

  it('reads digits the way the page writes them (full-width and other compatibility forms included)', () => {
    expect(digitsOf('ＤＥ９９ 12-34')).toBe('991234');
  });

  it('reports a line whose digits the pixels read as other digits, not letters for digits or lost characters', () => {
    const layer = ['IBAN DE99 1234 5678', 'Amount 1,250.00', 'Date 2026-12-01', 'IBAN DE00 1234 5678'];
    const pixels = ['IBAN DE00 1234 5678', 'Amount 1.250,00', 'Dat', 'IBAN DEOO 1234 S678'];
    expect(numberConflicts(layer, pixels)).toEqual([{ text: 'IBAN DE99 1234 5678', pixels: 'IBAN DE00 1234 5678' }]);
  });

  it('counts digit-for-digit swaps after aligning the readings', () => {
    expect(digitSwaps('Total 1,250.00', 'Total 1,250.00')).toBe(0);
    expect(digitSwaps('Total 1,250.00', 'Totl 1,25O.00')).toBe(0);
    expect(digitSwaps('Total 1,250.00', 'Total 7,250.08')).toBe(2);
    expect(digitSwaps('Acct 12345678', 'Acct 1234578')).toBe(0); // a lost digit is not a swap
    expect(digitSwaps('IBAN DE99 1234', 'IBAN DEOO 1234')).toBe(2); // O looks like 0, not 9
  });
});
