import { describe, expect, it } from 'vitest';
import { etaSeconds, formatDuration, formatStatus, pageRate, pagesLeft, type JobCounts } from './queue-status';

const counts = (c: Partial<JobCounts>): JobCounts => ({ waiting: 0, active: 0, delayed: 0, prioritized: 0, completed: 0, failed: 0, 'waiting-children': 0, ...c });

describe('queue status', () => {
  it('measures pages/s from when the recent pages started', () => {
    const now = 100_000;
    // Four pages done in the 10 s since the first of them started.
    const done = [1, 2, 3, 4].map((i) => ({ processedOn: now - 10_000 + (i - 1) * 2500, finishedOn: now - 10_000 + i * 2500 }));
    expect(pageRate(done, now)).toBeCloseTo(0.4);
    expect(pageRate(done.slice(0, 1), now)).toBeUndefined();
    // Pages from long ago do not count; an idle fleet has no rate.
    expect(pageRate(done, now + 10 * 60_000)).toBeUndefined();
    // Work that began before the window is measured over the window only.
    expect(pageRate([{ processedOn: 0, finishedOn: now - 1 }, { processedOn: 0, finishedOn: now }], now, 20_000)).toBeCloseTo(0.1);
  });

  it('estimates time left from pages waiting, retrying and converting', () => {
    expect(pagesLeft(counts({ waiting: 5, delayed: 2, active: 3, completed: 9, failed: 1 }))).toBe(10);
    expect(etaSeconds(10, 0.5)).toBe(20);
    expect(etaSeconds(0, undefined)).toBe(0);
    expect(etaSeconds(3, undefined)).toBeUndefined();
    expect(formatDuration(3725)).toBe('1 h 2 min');
  });

  it('lists failures with their reasons', () => {
    const text = formatStatus({
      documents: counts({ completed: 1, failed: 1 }),
      pages: counts({ completed: 3 }),
      workers: 2,
      pagesPerSecond: 1.5,
      etaSeconds: 0,
      failures: [{ file: 'corrupt.pdf', reason: '“corrupt.pdf”: this PDF is damaged', attempts: 1 }, { file: 'big.pdf', page: 7, reason: 'Page 7 took too long', attempts: 1 }],
    });
    expect(text).toContain('1.50 pages/s');
    expect(text).toContain('  corrupt.pdf: “corrupt.pdf”: this PDF is damaged (1 try)');
    expect(text).toContain('  big.pdf page 7: Page 7 took too long');
  });
});
