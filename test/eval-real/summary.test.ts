// The real-page eval's numbers: per set, per type and overall as olmOCR-bench aggregates them.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { summarizeRun } from '../../bench/eval/real/summary.mjs';
// @ts-expect-error plain JS module without types
import { renderReport } from '../../bench/eval/real/report.mjs';

const test = (id: string, type: string, passed: boolean, category?: string) => ({ id, type, passed, explanation: passed ? '' : `missing ${id}`, ...(category && { category }) });
const page = (set: string, pdf: string, system: string, tests: ReturnType<typeof test>[], baseline: boolean, ms = 2000, status = 'ok') => ({
  set, pdf, page: 1, system, status, ms, tests, baseline: { passed: baseline, explanation: baseline ? '' : 'empty output' },
});

const pages = [
  // set A: 3 of 4 tests; set B: 1 of 2; baselines 2 of 3.
  page('A', 'a1.pdf', 'sys', [test('a1', 'present', true), test('a2', 'order', false)], true),
  page('A', 'a2.pdf', 'sys', [test('a3', 'present', true), test('a4', 'absent', true)], true),
  page('B', 'b1.pdf', 'sys', [test('b1', 'math', true, 'math'), test('b2', 'math', false, 'math')], false, 4000, 'timeout'),
];

describe('summarizeRun', () => {
  const s = summarizeRun(pages, ['sys'], ['A', 'B']);

  it('scores each set by the share of its tests passed, baseline apart', () => {
    expect(s.sys.sets.A.score).toMatchObject({ passed: 3, total: 4, rate: 0.75 });
    expect(s.sys.sets.B.score).toMatchObject({ passed: 1, total: 2, rate: 0.5 });
    expect(s.sys.sets.A.byType.order).toMatchObject({ passed: 0, total: 1 });
    expect(s.sys.sets.B.byCategory.math).toMatchObject({ passed: 1, total: 2 });
  });

  it('takes the overall score as the mean of the sets and the baseline group', () => {
    expect(s.sys.overall).toBeCloseTo((0.75 + 0.5 + 2 / 3) / 3, 10);
    expect(s.sys.ci[0]).toBeLessThanOrEqual(s.sys.overall);
    expect(s.sys.ci[1]).toBeGreaterThanOrEqual(s.sys.overall);
  });

  it('reports speed and the pages that were not read', () => {
    expect(s.sys.sets.A.secondsPerPage).toBe(2);
    expect(s.sys.sets.B.failedPages).toEqual(['b1.pdf p1: timeout']);
  });
});

describe('renderReport', () => {
  it('lists what a system failed on each page, with the scorer\'s explanation', () => {
    const report = { date: '2026-12-01T00:00:00Z', pack: 'models/pocket', k: 3, systems: ['pagemark'], sets: [{ name: 'A', pages: 2 }, { name: 'B', pages: 1 }],
      pages: pages.map((p) => ({ ...p, system: 'pagemark' })) };
    const md = renderReport({ ...report, summary: summarizeRun(report.pages, ['pagemark'], ['A', 'B']) });
    expect(md).toContain('| A | 75.0 % (3/4) |');
    expect(md).toContain('`a2` (order): missing a2');
    expect(md).toContain('B / b1.pdf p1** — 1/2 passed, timeout');
    expect(md).not.toContain('a2.pdf p1**'); // a page that passed everything is not listed
  });
});
