// Pure arithmetic of npm run bench: seconds per page, stage shares, memory trend. No I/O, tested in
// test/bench-page-summary.test.ts (a wrong quantile or slope would silently mislead every table).

/** Linear-interpolated quantile (q in [0, 1]) of a non-empty list. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) throw new Error('quantile of an empty list');
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo]! + (s[Math.ceil(pos)]! - s[lo]!) * (pos - lo);
}

export const r3 = (x: number) => Math.round(x * 1000) / 1000;

export interface PageSpeed {
  pages: number;
  seconds_per_page: { median: number; p90: number };
  pages_per_s: number;
  total_seconds: number;
}

export function pageSpeed(seconds: readonly number[]): PageSpeed {
  const total = seconds.reduce((a, b) => a + b, 0);
  return {
    pages: seconds.length,
    seconds_per_page: { median: r3(quantile(seconds, 0.5)), p90: r3(quantile(seconds, 0.9)) },
    pages_per_s: r3(seconds.length / total),
    total_seconds: r3(total),
  };
}

export const STAGES = ['render', 'detect', 'encoder', 'decoder', 'draft', 'layout', 'other'] as const;
export type Stage = (typeof STAGES)[number];

/** Summed milliseconds per stage over pages, and each stage's share of their sum. */
export function stageProfile(pages: ReadonlyArray<Partial<Record<Stage, number>>>): { ms: Record<Stage, number>; share: Record<Stage, number> } {
  const ms = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>;
  for (const p of pages) for (const s of STAGES) ms[s] += p[s] ?? 0;
  const sum = STAGES.reduce((a, s) => a + ms[s], 0);
  const share = Object.fromEntries(STAGES.map((s) => [s, sum > 0 ? r3(ms[s] / sum) : 0])) as Record<Stage, number>;
  return { ms: Object.fromEntries(STAGES.map((s) => [s, Math.round(ms[s])])) as Record<Stage, number>, share };
}

/** The fastest K > 0 by total seconds over the same pages; `fallback` when none ran. */
export function bestK(totals: ReadonlyMap<number, number>, fallback: number): number {
  let best = fallback;
  let bestTotal = Infinity;
  for (const [k, total] of totals) {
    if (k > 0 && total < bestTotal) [best, bestTotal] = [k, total];
  }
  return best;
}

/** Least-squares slope of y over x; 0 when x does not vary. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx === 0 ? 0 : sxy / sxx;
}

export interface MemoryTrend {
  peak: number;
  /** Mean over the samples after the first `settlePages` pages were done. */
  steady: number;
  /** Bytes gained per 100 pages converted, fitted after the first `settlePages` pages. */
  growthPer100Pages: number;
}

/** How one memory series moves with pages done: a page that is never released shows up as growth. */
export function memoryTrend(samples: ReadonlyArray<{ pagesDone: number; value: number }>, settlePages: number): MemoryTrend {
  const peak = samples.reduce((a, s) => Math.max(a, s.value), 0);
  const settled = samples.filter((s) => s.pagesDone >= settlePages);
  const steady = settled.length > 0 ? settled.reduce((a, s) => a + s.value, 0) / settled.length : 0;
  return { peak, steady: Math.round(steady), growthPer100Pages: Math.round(slope(settled.map((s) => [s.pagesDone, s.value])) * 100) };
}
