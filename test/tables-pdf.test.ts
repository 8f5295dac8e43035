// A results table of a pdflatex page (test/fixtures/tables/multirow.tex): booktabs rules, a head spanning three
// columns over a \cmidrule, and \multirow labels each set across the two rows of its group. Scored with
// olmOCR-bench's table tests (a cell and its neighbours in the HTML table), read as the default reads it (the
// detector's line boxes filled with the PDF's own text). The table floats inside a paragraph.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { scoreTest } from '../bench/eval/bench-tests.mjs';
import { pagemark } from './support/run-cli';

const pdf = join(import.meta.dirname, 'fixtures/tables/multirow.pdf');

const TESTS = [
  // Each row of a group is a row of its own: the second was read into the first ("90.3 92.8" one cell).
  { cell: '90.3', left: '100M', up: '83.9', down: '92.8', top_heading: 'Train' },
  { cell: '92.8', left: '200M', up: '90.3', top_heading: 'Train' },
  { cell: '86.1', up: '84.9', left: '86.7', top_heading: 'Test' },
  // A group's label spans both its rows.
  { cell: '10M', left: 'Small', down: '20M' },
  { cell: '20M', left: 'Small', up: '10M' },
  { cell: '200M', left: 'Large', up: '100M' },
];

describe('a table with labels set across two rows (\\multirow)', () => {
  // As the default reads it. (Read from the layer alone, pdf.js runs a row's cells a tab's space apart into one line,
  // "Model Size": the columns are not found there, before or after this.)
  it('keeps each row apart and gives each label both its rows', async () => {
    const r = await pagemark(pdf);
    expect(r.code).toBe(0);
    const failed = TESTS.filter((t) => !(scoreTest({ type: 'table', max_diffs: 0, ...t }, r.stdout) as { passed: boolean }).passed);
    expect(failed).toEqual([]);
    // The float stands inside the paragraph ("… in Table 1. Larger" over it, "models score higher …" under it): the
    // paragraph is one again.
    expect(r.stdout).toContain('listed in Table 1. Larger models score higher on every split.');
  }, 60_000);
});
