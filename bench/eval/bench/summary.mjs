// Aggregation as olmOCR-bench's benchmark.py: a test's score is the share of repeats it passed and it
// counts as passed when more than half did; each JSONL file (and the "baseline" group) scores its pass
// rate; the overall score is the mean of those rates; per-type rates average the repeat shares.

/** Share of repeats passed, from {passes: boolean[]} or {passed: boolean}. */
const repeatShare = (r) => (Array.isArray(r.passes) ? (r.passes.length ? r.passes.filter(Boolean).length / r.passes.length : 0) : r.passed ? 1 : 0);

/**
 * results: [{set, type, passed | passes}] — one per test (baseline tests included, set "baseline").
 * → {overall, ci: [low, high], sets: {name: {passed, total, rate}}, types: {type: {rate, count}}, tests}
 */
export function summarize(results, { bootstrapSamples = 1000, confidence = 0.95, seed = 1 } = {}) {
  const sets = {};
  const types = {};
  const bySet = new Map();
  for (const r of results) {
    const share = repeatShare(r);
    const passed = share > 0.5;
    const set = r.set ?? 'unknown';
    const s = (sets[set] ??= { passed: 0, total: 0, rate: 0 });
    s.total++;
    if (passed) s.passed++;
    if (!bySet.has(set)) bySet.set(set, []);
    bySet.get(set).push(passed ? 1 : 0);
    const t = (types[r.type] ??= { sum: 0, count: 0 });
    t.sum += share;
    t.count++;
  }
  for (const s of Object.values(sets)) s.rate = s.total ? s.passed / s.total : 0;
  const rates = Object.values(sets).map((s) => s.rate);
  const overall = rates.length ? rates.reduce((a, b) => a + b, 0) / rates.length : 0;
  return {
    overall,
    ci: bootstrapInterval([...bySet.values()], bootstrapSamples, confidence, seed),
    sets,
    types: Object.fromEntries(Object.entries(types).map(([k, t]) => [k, { rate: t.sum / t.count, count: t.count }])),
    tests: results.length,
  };
}

/**
 * Percentile bootstrap of the mean of per-set pass rates, each set resampled on its own (the bench
 * passes its per-file sizes as `splits`; its utils.calculate_bootstrap_ci was not available to read).
 */
function bootstrapInterval(groups, samples, confidence, seed) {
  const filled = groups.filter((g) => g.length);
  if (!filled.length) return [0, 0];
  const random = mulberry32(seed);
  const means = [];
  for (let b = 0; b < samples; b++) {
    let total = 0;
    for (const g of filled) {
      let sum = 0;
      for (let i = 0; i < g.length; i++) sum += g[Math.floor(random() * g.length)];
      total += sum / g.length;
    }
    means.push(total / filled.length);
  }
  means.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  const pick = (q) => means[Math.min(means.length - 1, Math.max(0, Math.floor(q * means.length)))];
  return [pick(tail), pick(1 - tail)];
}

/** Small seeded PRNG, so a report's interval does not change between runs. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
