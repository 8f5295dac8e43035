// Results tables of a pdflatex page (test/fixtures/tables/results.tex): booktabs with groups over \cmidrule, a full
// grid with \cline under its groups, cells of a value and its spread, values with their errors (\pm), a table
// without rules, and two heading rows. TeX sets columns 12 pt apart, about an em at 11 pt: the widest cells of
// neighbouring columns stand no further apart than a loose word space, so the text layer runs them together
// ("Linear probe 73.03", "26.35 (3.2) 21.70 (1.0)", "Error Accuracy Time (s)"). Scored with olmOCR-bench's table
// tests, written from the LaTeX source, as the default reads the page.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { scoreTest } from '../bench/eval/bench-tests.mjs';
import { pagemark } from './support/run-cli';

const pdf = join(import.meta.dirname, 'fixtures/tables/results.pdf');

const TABLES: Record<string, Record<string, string>[]> = {
  // booktabs, groups over \cmidrule; "Linear probe" is the widest stub, 12 pt from its figure.
  'a stub run into the figure beside it': [
    { cell: '73.03', left: 'Linear probe', up: '12.4', down: '52.7', right: '90.1', top_heading: 'F1' },
    { cell: '12.4', left: 'Baseline', top_heading: 'F1', right: '87.1' },
  ],
  // Two columns of a value and its spread, their widest cells 12 pt apart in every row.
  'figures run together across a column gap': [
    { cell: '26.35 (3.2)', left: 'Ours (small)', right: '21.70 (1.0)', top_heading: 'F1' },
    { cell: '46.3 (6.8)', left: '3.63 (2.9)', up: '21.70 (1.0)', top_heading: 'Time (s)' },
    { cell: '89.8 (6.6)', left: '89.27 (7.9)', down: '72.1 (4.3)', top_heading: 'Time (s)' },
  ],
  // A full grid: the text layer runs two cells a rule apart into one line; the stub's head spans both heading rows.
  'a grid whose rules part cells the text layer ran together': [
    { cell: '85.15 (4.0)', left: '24.7 (1.3)', right: '92.60 (7.6)', up: '44.8 (4.0)', top_heading: 'AUC' },
    { cell: '92.60 (7.6)', left: '85.15 (4.0)', right: '66.6 (4.4)', top_heading: 'F1' },
    { cell: '45.53 (1.1)', left: 'Two-stage', top_heading: 'Recall' },
  ],
  // Values with their errors: each reads as printed, the stub run into the first as above.
  'values with their errors': [
    { cell: '48.98 ± 2.7', left: 'Nearest neighbour', right: '9.4 ± 0.4', up: '85.5 ± 0.6', top_heading: 'BLEU' },
  ],
  // No rules: the heading row's words run together.
  'a heading row run together': [
    { cell: '64.62', left: 'Kernel ridge', right: '81.93', top_heading: 'Error' },
    { cell: '35.3', left: '49.8', top_heading: 'Accuracy' },
  ],
  // Two heading rows (groups over metrics, no \cmidrule): the metrics' row runs together.
  'the last of two heading rows run together': [
    { cell: '45.3', left: '34.2', top_heading: 'Time (s)' },
    { cell: '41.8', left: '46.8', top_heading: 'Precision' },
  ],
};

describe('results tables whose cells the text layer runs together (pdflatex, 11 pt)', () => {
  let markdown = '';
  beforeAll(async () => {
    const r = await pagemark(pdf);
    expect(r.code).toBe(0);
    markdown = r.stdout;
  }, 120_000);

  for (const [what, tests] of Object.entries(TABLES)) {
    it(`reads ${what}`, () => {
      const failed = tests.filter((t) => !(scoreTest({ type: 'table', max_diffs: 0, ...t }, markdown) as { passed: boolean }).passed);
      expect(failed).toEqual([]);
    });
  }

  it('writes a value with its error as printed, not as a formula', () => {
    expect(markdown).toContain('48.98 ± 2.7');
    expect(markdown).not.toMatch(/\\pm/);
  });
});
