// Rates per set and system: each test type, the baseline test, the set's score (the bench's: the share of
// the set's tests passed), pages/s and how many pages failed to read; overall, the bench's own aggregation
// (the mean of the sets' rates, every page's baseline test a group of its own) with its interval.
import { summarize } from '../bench-tests.mjs';
const TYPES = ['present', 'absent', 'order', 'table', 'math', 'baseline'];

const rate = (passed, total) => ({ passed, total, rate: total ? passed / total : undefined });

function summarizePages(pages) {
  const byType = {};
  for (const type of TYPES) {
    const results = type === 'baseline' ? pages.map((p) => p.baseline) : pages.flatMap((p) => p.tests.filter((t) => t.type === type));
    if (results.length) byType[type] = rate(results.filter((r) => r.passed).length, results.length);
  }
  const byCategory = {};
  for (const t of pages.flatMap((p) => p.tests.filter((x) => x.category))) {
    byCategory[t.category] ??= { passed: 0, total: 0 };
    byCategory[t.category].passed += t.passed ? 1 : 0;
    byCategory[t.category].total += 1;
  }
  for (const c of Object.values(byCategory)) c.rate = c.passed / c.total;
  const all = pages.flatMap((p) => p.tests);
  const seconds = pages.reduce((a, p) => a + p.ms, 0) / 1000;
  return {
    pages: pages.length,
    score: rate(all.filter((r) => r.passed).length, all.length),
    byType,
    ...(Object.keys(byCategory).length && { byCategory }),
    pagesPerSecond: seconds ? pages.length / seconds : undefined,
    secondsPerPage: pages.length ? seconds / pages.length : undefined,
    failedPages: pages.filter((p) => p.status !== 'ok').map((p) => `${p.pdf} p${p.page}: ${p.status}${p.error ? ` (${p.error})` : ''}`),
  };
}

export function summarizeRun(pages, systems, sets) {
  const out = {};
  for (const system of systems) {
    const bySet = {};
    for (const set of sets) {
      const mine = pages.filter((p) => p.system === system && p.set === set);
      if (mine.length) bySet[set] = summarizePages(mine);
    }
    const mine = pages.filter((p) => p.system === system);
    const bench = summarize([
      ...mine.flatMap((p) => p.tests.map((t) => ({ set: p.set, type: t.type, passed: t.passed }))),
      ...mine.map((p) => ({ set: 'baseline', type: 'baseline', passed: p.baseline.passed })),
    ]);
    out[system] = { sets: bySet, overall: bench.overall, ci: bench.ci };
  }
  return out;
}
