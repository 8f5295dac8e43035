// Scores one page's Markdown against olmOCR-bench JSONL tests with the bench's own semantics
// (olmocr/bench/tests.py, benchmark.py); where it cannot match them exactly, bench/EVAL-SCORER.md
// says how it differs. score.mjs stays the scorer of the generated regression set.
import { presenceTest, orderTest } from './bench/text-tests.mjs';
import { tableTest } from './bench/table-test.mjs';
import { mathTest } from './bench/math-test.mjs';
import { baselineTest } from './bench/baseline.mjs';

export { baselineTest } from './bench/baseline.mjs';
export { summarize } from './bench/summary.mjs';
export { normalizeText } from './bench/normalize.mjs';
export { extractFormulas } from './bench/math-test.mjs';

const RUNNERS = { present: presenceTest, absent: presenceTest, order: orderTest, table: tableTest, math: mathTest, baseline: (_, md) => baselineTest(md) };

/** One bench test (a parsed JSONL line) against one page's Markdown → {passed, explanation}. */
export function scoreTest(test, markdown) {
  const run = RUNNERS[test.type];
  if (!run) return { passed: false, explanation: `test type ${JSON.stringify(test.type)} is not scored here` };
  try {
    return run(test, markdown ?? '');
  } catch (e) {
    // The bench counts a test that throws as failed.
    return { passed: false, explanation: `error: ${e.message ?? e}` };
  }
}

/**
 * All tests of one page (same pdf) against its output — one Markdown string, or one per repeat — plus
 * the bench's implicit baseline test unless the tests carry their own.
 * → [{id, type, pdf, page, set, passed, passes, explanation}]
 */
export function scorePage(tests, markdown, { set = 'unknown', baseline = true } = {}) {
  const repeats = Array.isArray(markdown) ? markdown : [markdown];
  const all = [...tests];
  if (baseline && tests.length && !tests.some((t) => t.type === 'baseline')) {
    all.push({ id: `${tests[0].pdf}_baseline`, type: 'baseline', pdf: tests[0].pdf, page: 1, set: 'baseline' });
  }
  return all.map((test) => {
    const runs = repeats.map((md) => scoreTest(test, md));
    const passes = runs.map((r) => r.passed);
    const share = passes.length ? passes.filter(Boolean).length / passes.length : 0;
    const failed = runs.find((r) => !r.passed);
    return {
      id: test.id,
      type: test.type,
      pdf: test.pdf,
      page: test.page,
      set: test.set ?? set,
      passed: share > 0.5,
      passes,
      explanation: (failed ?? runs[0])?.explanation ?? 'no output',
    };
  });
}
