import { describe, expect, it } from 'vitest';
import type { PageResult, PageStats } from '../protocol/page';
import type { PageState } from './document-store';
import { awaitingFirstPage, docProgress, formatDuration, throughput } from './doc-progress';

function stats(over: Partial<PageStats>): PageStats {
  return {
    tokens: 0, decoderCalls: 0, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 1,
    ms: { total: 0, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'wasm', ...over,
  };
}
const result = (page: number, s: Partial<PageStats>): PageResult => ({ page, markdown: '', regions: [], figures: [], stats: stats(s) });

describe('docProgress', () => {
  it('estimates the time left from the finished pages', () => {
    const p = docProgress([
      { page: 1, status: 'done', ms: 2000 },
      { page: 2, status: 'done', ms: 4000 },
      { page: 3, status: 'recognizing' },
      { page: 4, status: 'queued' },
      { page: 5, status: 'failed' },
    ]);
    expect(p).toMatchObject({ total: 5, done: 2, failed: 1, active: true, remainingMs: 6000 });
  });
  it('has no estimate before the first page is done', () => {
    expect(docProgress([{ page: 1, status: 'queued' }]).remainingMs).toBeNull();
  });
});

describe('throughput', () => {
  it('sums over pages: acceptance over all draft steps, tokens per verifier pass', () => {
    const t = throughput([
      // Page 1: 300 tokens in 100 passes; page 2: 100 tokens in 100 passes (batched: fewer decoder calls).
      result(1, { tokens: 300, decoderCalls: 20, tokensPerPass: 3, acceptedPerStep: [80, 60], proposedPerStep: [100, 80], ms: { ...stats({}).ms, total: 1000 } }),
      result(2, { tokens: 100, decoderCalls: 10, tokensPerPass: 1, acceptedPerStep: [10, 0], proposedPerStep: [20, 0], ms: { ...stats({}).ms, total: 3000 } }),
    ])!;
    expect(t.pagesPerSecond).toBeCloseTo(0.5);
    expect(t.tokensPerSecond).toBeCloseTo(100);
    expect(t.tokensPerPass).toBeCloseTo(2);
    expect(t.acceptance).toBeCloseTo(150 / 200);
  });
  it('reports no acceptance for plain greedy decoding', () => {
    expect(throughput([result(1, { tokens: 5, decoderCalls: 5 })])!.acceptance).toBeNull();
  });
});

describe('formatDuration', () => {
  it('reads naturally', () => {
    expect(formatDuration(400)).toBe('1 s');
    expect(formatDuration(75_000)).toBe('1 min 15 s');
    expect(formatDuration(3_900_000)).toBe('1 h 5 min');
  });
});

describe('awaitingFirstPage', () => {
  const doc = (status: string, ...pages: string[]) => ({ status, pages: pages.map((s, i) => ({ page: i + 1, status: s as PageState['status'] })) });
  it('holds while a document opens or none of its pages is finished', () => {
    expect(awaitingFirstPage([])).toBe(false);
    expect(awaitingFirstPage([doc('opening')])).toBe(true);
    expect(awaitingFirstPage([doc('ready', 'rendering', 'queued')])).toBe(true);
    expect(awaitingFirstPage([doc('ready', 'recognizing', 'queued')])).toBe(true);
  });
  it('ends with the first page read or failed, or when nothing is left to read', () => {
    expect(awaitingFirstPage([doc('ready', 'done', 'recognizing')])).toBe(false);
    expect(awaitingFirstPage([doc('ready', 'failed', 'queued')])).toBe(false);
    expect(awaitingFirstPage([doc('ready', 'cancelled', 'cancelled')])).toBe(false);
    expect(awaitingFirstPage([doc('failed'), doc('needs-password'), doc('ready')])).toBe(false);
    // A second document still on its first page holds it again.
    expect(awaitingFirstPage([doc('ready', 'done'), doc('ready', 'rendering')])).toBe(true);
  });
});
