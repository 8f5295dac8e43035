import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { contentsEntries } from './contents';
import type { TextLine } from './types';

const L = (x0: number, y0: number, x1: number, text: string): TextLine => ({ bbox: [x0, y0, x1, y0 + 20] as BBox, text });
const entries = (lines: TextLine[]) => contentsEntries(lines.map((_, i) => i), lines.map((l) => l.bbox), lines, 20).map((e) => e.lines);

describe('contentsEntries', () => {
  it('joins each right-aligned page number to the title lines before it on its row', () => {
    const lines = [
      L(100, 100, 300, '1 Introduction'),
      L(880, 100, 900, '3'),
      L(130, 130, 160, '1.1'), // a section number a little before its title
      L(175, 130, 850, 'Background . . . . . . . . . . . . .'),
      L(880, 130, 900, '4'),
      L(130, 160, 850, '1.2 Aims . . . . . . . . . . . . . . .'),
      L(870, 160, 900, '12'),
    ];
    expect(entries(lines)).toEqual([[0, 1], [2, 3, 4], [5, 6]]);
  });

  it('takes lines that end in their page number under a "Contents" heading, and no such lines without one', () => {
    const headed = [L(300, 60, 420, 'CONTENTS'), L(100, 100, 260, 'PREFACE xiii'), L(100, 130, 300, 'INTRODUCTION 1'), L(140, 160, 330, 'Film 53')];
    expect(entries(headed)).toEqual([[1], [2], [3]]);
    // Lines ending in growing numbers, nothing saying contents: a list, a form, anything.
    const titles = ['Founders 85', 'Recorders 95', 'Transformers 100', 'Collectors 108', 'Property 116', 'Beginnings 130'];
    expect(entries(titles.map((t, k) => L(100, 100 + 30 * k, 300, t)))).toEqual([]);
  });

  it('finds no contents in a table of values, in numbers that fall, or in a list set apart from the next', () => {
    const values = [L(100, 100, 200, 'Alpha'), L(400, 100, 440, '12.5'), L(100, 130, 200, 'Beta'), L(400, 130, 440, '14.0'), L(100, 160, 200, 'Gamma'), L(400, 160, 440, '9.8')];
    expect(entries(values)).toEqual([]);
    const falling = [L(100, 100, 300, '1 Alpha . . . . . .'), L(400, 100, 420, '5'), L(100, 130, 300, '2 Beta . . . . . .'), L(400, 130, 420, '3'), L(100, 160, 300, '3 Gamma . . . . . .'), L(400, 160, 420, '9')];
    expect(entries(falling)).toEqual([]);
    // Three entries, but the third stands four body lines below the second: two lists, each too short.
    const apart = [L(100, 100, 300, '1 Alpha . . . . . .'), L(400, 100, 420, '1'), L(100, 130, 300, '2 Beta . . . . . .'), L(400, 130, 420, '2'), L(100, 230, 300, '3 Gamma . . . . . .'), L(400, 230, 420, '3')];
    expect(entries(apart)).toEqual([]);
  });

  it("finds no contents in a form's numbered lines: numbered at both ends, or all under one number", () => {
    // Form 1040: "12 Business income . . . . 12", "13 Capital gain . . . . 13".
    const form = [12, 13, 14].map((n, k) => [L(100, 100 + 30 * k, 700, `${n} Business income or (loss) . . . . . .`), L(720, 100 + 30 * k, 740, String(n))]).flat();
    expect(entries(form)).toEqual([]);
    // A tax form's rows, each "38 <quarter>" with its line code at the right: 110, 111, 112.
    const codes = [110, 111, 112].map((n, k) => [L(100, 100 + 30 * k, 400, '38 first quarter'), L(700, 100 + 30 * k, 740, String(n))]).flat();
    expect(entries(codes)).toEqual([]);
  });

  it('keeps lists side by side apart', () => {
    const left = [0, 1, 2].map((k) => [L(100, 100 + 30 * k, 300, `${k + 1} Left . . . . . .`), L(400, 100 + 30 * k, 420, String(5 + 4 * k))]).flat();
    const right = [0, 1, 2].map((k) => [L(600, 100 + 30 * k, 800, `${k + 4} Right . . . . . .`), L(900, 100 + 30 * k, 920, String(9 - k))]).flat();
    // The right list's numbers fall: it is no contents, and the left one is, on its own.
    expect(entries([...left, ...right])).toEqual([[0, 1], [2, 3], [4, 5]]);
  });
});
