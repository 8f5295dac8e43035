import { describe, expect, it } from 'vitest';
import { endsSentence, hasSectionNumber, isAmount, isCaption, isEquationNumber, isFurniture, isHangingMarker, isItemMark, isLeaderLine, isPageNumber, isUnitNote, listMarker, mathScore, mostlyDigits } from './text-cues';

describe('text cues', () => {
  it('list markers', () => {
    expect(listMarker('• item')).toMatchObject({ ordered: false });
    expect(listMarker('12) item')).toMatchObject({ ordered: true, number: 12 });
    expect(listMarker('(b) item')).toMatchObject({ ordered: true });
    expect(listMarker('1.5 litres of water')).toBeUndefined();
    expect(listMarker('Plain text')).toBeUndefined();
  });
  it('captions, page numbers, section numbers, equation numbers', () => {
    expect(isCaption('Figure 3: A plot.')).toBe(true);
    expect(isCaption('Table 2. Results')).toBe(true);
    expect(isCaption('Figures are shown below')).toBe(false);
    expect(['12', '- 4 -', 'Page 3 of 10', 'xiv', '--18-', '15789'].every(isPageNumber)).toBe(true);
    expect(['12 apples', '157890', '15789–15809'].some(isPageNumber)).toBe(false);
    expect(hasSectionNumber('2.3 Results')).toBe(true);
    expect(hasSectionNumber('Results')).toBe(false);
    expect(isEquationNumber('(2.14)')).toBe(true);
    expect(isEquationNumber('(see above)')).toBe(false);
  });
  it("a table's unit note", () => {
    expect(['Yen (millions)', '(in thousands)', '$ in millions', 'EUR (thousands)', 'In millions', "£'000", 'US$ millions'].every(isUnitNote)).toBe(true);
    expect(['2021', 'Millions of people', 'Total equity', 'Yen', '(1,521)', 'Thousands Oaks', '%', '(%)', '(in thousands of cases, see note 3)'].some(isUnitNote)).toBe(false);
  });
  it('amounts, their brackets closed', () => {
    expect(['(77,283)', '¥ 175,820', '-3.5%', '1,958,945', '( 1,521 )', '$ 12.50', '42'].every(isAmount)).toBe(true);
    // The end of a wrapped cell ("Delayed (Q3" / "16)") and its start are no amounts.
    expect(['16)', '(3.5', '7', 'Q3 16'].some(isAmount)).toBe(false);
  });
  it('math reads as math, prose as prose', () => {
    expect(mathScore('√𝑥2 = |𝑥|')).toBeGreaterThanOrEqual(0.5);
    expect(mathScore('\\frac{a}{b} = c')).toBeGreaterThanOrEqual(0.5);
    expect(mathScore('E = mc^2')).toBeGreaterThanOrEqual(0.5);
    expect(mathScore('The results were good, and the method works well.')).toBe(0);
    // A magazine's ornament set as "===" in its own text (long_tiny_text 20_pg39) is not a display formula.
    expect(mathScore('===')).toBe(0);
    expect(mathScore('* * *')).toBe(0);
    expect(mathScore('a = b')).toBeGreaterThanOrEqual(0.5);
    expect(mathScore('= =')).toBe(0);
  });
});

describe('marks and leaders', () => {
  it('tells a mark standing apart from its text', () => {
    expect(['2.', '[12]', '•'].map(isHangingMarker)).toEqual([true, true, true]);
    expect(['(1)', 'A7.', '2.5', 'x'].map(isHangingMarker)).toEqual([false, false, false, false]);
    expect(['A7.', 'B1:', '12.', '(c)', 'iv)', '(3)', '4.2.'].map(isItemMark)).toEqual([true, true, true, true, true, true, true]);
    expect(['Note', 'A77B.', '1,000'].map(isItemMark)).toEqual([false, false, false]);
  });

  it('tells a contents line by its leader out to a page reference', () => {
    expect(['Preview of Programming.......... 276', 'Using Variables in a Program . . . . . 288', 'Preface .......... xiv'].map(isLeaderLine)).toEqual([true, true, true]);
    expect(['x_1, x_2, ..., x_n', 'Signature ____________ Date', 'see p. 12', 'Amount ........ $25'].map(isLeaderLine)).toEqual([false, false, false, false]);
  });
});

describe('furniture', () => {
  it("reads a journal's abbreviated name as furniture, and neither initials nor a sentence", () => {
    for (const t of ['J. Spec. Phil.', 'Phys. Rev. Lett. 120, 231101 (2018)', 'Ann. Phys. 415', 'Proc. Natl. Acad. Sci.', 'Phys. Rev. D 98, 123 (2018)']) expect(isFurniture(t)).toBe(true);
    for (const t of ['J. B.', 'Yrs truly J. B.', 'See Fig. 3.', 'Dr. Smith.', 'It was so. Then.']) expect(isFurniture(t)).toBe(false);
  });
});

describe('cells', () => {
  it("tells a sentence's end from an initial's or an abbreviation's stop", () => {
    for (const t of ['Categories.', 'as is evident upon close examination.', 'see the annex;']) expect(endsSentence(t)).toBe(true);
    for (const t of ['J.', 'sp.', 'Table 3', 'Total:', '1,958.']) expect(endsSentence(t)).toBe(false);
  });

  it('tells figures and codes from words', () => {
    for (const t of ['1,958,945', '(4,048)', 'A6', '12 (6)', '2020']) expect(mostlyDigits(t)).toBe(true);
    for (const t of ['Non-controlling interests', 'EC Number', 'Q1 report', '-']) expect(mostlyDigits(t)).toBe(false);
  });
});
