// One page's Markdown against its olmOCR-bench tests, plus the bench's implicit baseline test.
import { scoreTest, baselineTest } from '../bench-tests.mjs';

export function scorePage(tests, markdown) {
  return {
    tests: tests.map((t) => ({ id: t.id, type: t.type, ...(t.category && { category: t.category }), ...scoreTest(t, markdown) })),
    baseline: baselineTest(markdown),
  };
}
