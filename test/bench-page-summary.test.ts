// The benchmark's arithmetic and /proc parsing: mistakes here would not fail any run, only mislead its tables.
import { describe, expect, it } from 'vitest';
import { bestK, memoryTrend, pageSpeed, quantile, slope, stageProfile } from '../bench/page-summary';
import { parentFromStat, processTree, pssFromSmapsRollup, rssFromStatus } from '../bench/process-memory';
import { tesseractAssetPath } from '../bench/bench-server';

describe('bench page summary', () => {
  it('interpolates quantiles between sorted values', () => {
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 0], 0.9)).toBeCloseTo(9);
    expect(() => quantile([], 0.5)).toThrow();
  });

  it('reports median, p90 and pages per second of the same pages', () => {
    const s = pageSpeed([2, 4, 6, 8]);
    expect(s.seconds_per_page.median).toBe(5);
    expect(s.seconds_per_page.p90).toBeCloseTo(7.4);
    expect(s.pages_per_s).toBe(0.2);
    expect(s.total_seconds).toBe(20);
  });

  it('sums stages over pages and gives shares that add up to one', () => {
    const p = stageProfile([{ detect: 100, encoder: 300 }, { detect: 100, decoder: 400, render: 100 }]);
    expect(p.ms.detect).toBe(200);
    expect(p.share.encoder).toBe(0.3);
    expect(p.share.decoder).toBe(0.4);
    expect(Object.values(p.share).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
  });

  it('picks the fastest K above zero', () => {
    expect(bestK(new Map([[0, 5], [1, 9], [3, 7]]), 3)).toBe(3);
    expect(bestK(new Map([[0, 1]]), 2)).toBe(2);
  });

  it('fits a slope and sees a leak as growth per 100 pages, a flat series as none', () => {
    expect(slope([[0, 1], [1, 3], [2, 5]])).toBeCloseTo(2);
    expect(slope([[1, 1], [1, 5]])).toBe(0);
    const leak = Array.from({ length: 50 }, (_, i) => ({ pagesDone: i, value: 1e8 + i * 1e7 + (i % 3) * 1e6 }));
    expect(memoryTrend(leak, 10).growthPer100Pages).toBeGreaterThan(9e8);
    const flat = Array.from({ length: 50 }, (_, i) => ({ pagesDone: i, value: i < 5 ? i * 1e8 : 5e8 + (i % 2) * 1e6 }));
    const t = memoryTrend(flat, 10);
    expect(Math.abs(t.growthPer100Pages)).toBeLessThan(1e6);
    expect(t.peak).toBe(5e8 + 1e6);
  });
});

describe('bench /proc parsing and asset paths', () => {
  it('reads RSS, PSS and the parent pid, whatever the command name holds', () => {
    expect(rssFromStatus('Name:\tchromium\nVmRSS:\t  2048 kB\nThreads:\t3\n')).toBe(2048 * 1024);
    expect(rssFromStatus('Name:\tzombie\n')).toBeNull();
    expect(pssFromSmapsRollup('Rss:  10 kB\nPss:  4 kB\nPss_Anon: 1 kB\n')).toBe(4 * 1024);
    expect(parentFromStat('4242 (Web Content (x)) S 17 4242 4242 0 -1')).toBe(17);
  });

  it('collects a process and all its descendants only', () => {
    const parents = new Map([[10, 1], [11, 10], [12, 11], [13, 1], [14, 13]]);
    expect(processTree(parents, 10).sort()).toEqual([10, 11, 12]);
  });

  it('serves tesseract.js files from their packages and nothing outside them', () => {
    expect(tesseractAssetPath('/bench-assets/tesseract/core/tesseract-core-simd-lstm.wasm')).toMatch(/node_modules\/tesseract\.js-core\/tesseract-core-simd-lstm\.wasm$/);
    expect(tesseractAssetPath('/bench-assets/tesseract/eng/4.0.0_best_int/eng.traineddata.gz')).toMatch(/@tesseract\.js-data\/eng\/4\.0\.0_best_int\/eng\.traineddata\.gz$/);
    expect(tesseractAssetPath('/bench-assets/tesseract/core/../../../package.json')).toBeNull();
    expect(tesseractAssetPath('/bench-assets/tesseract/core/%2e%2e/%2e%2e/package.json')).toBeNull();
    expect(tesseractAssetPath('/bench-assets/tesseract/other/x.js')).toBeNull();
    expect(tesseractAssetPath('/src/main.tsx')).toBeNull();
  });
});
