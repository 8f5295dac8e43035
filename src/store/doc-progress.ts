// Progress, time remaining and decoding statistics, derived from page states.
import type { PageResult } from '../protocol/page';
import type { PageState } from './document-store';

export interface DocProgress {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  active: boolean;
  /** Estimated milliseconds until the queued pages are done, from the mean time of finished pages. */
  remainingMs: number | null;
}

export function docProgress(pages: readonly PageState[]): DocProgress {
  let done = 0, failed = 0, cancelled = 0, waiting = 0, msSum = 0, timed = 0;
  for (const p of pages) {
    if (p.status === 'done') done++;
    else if (p.status === 'failed') failed++;
    else if (p.status === 'cancelled') cancelled++;
    else waiting++;
    if (p.status === 'done' && p.ms !== undefined) {
      msSum += p.ms;
      timed++;
    }
  }
  return {
    total: pages.length,
    done,
    failed,
    cancelled,
    active: waiting > 0,
    remainingMs: timed > 0 && waiting > 0 ? (msSum / timed) * waiting : null,
  };
}

export function formatDuration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export interface Throughput {
  pages: number;
  pagesPerSecond: number;
  tokensPerSecond: number;
  /** Accepted / proposed draft tokens, over all draft steps; null without speculation. */
  acceptance: number | null;
  tokensPerPass: number;
  backend: string;
}

export function throughput(results: readonly PageResult[]): Throughput | null {
  if (results.length === 0) return null;
  let ms = 0, tokens = 0, passes = 0, accepted = 0, proposed = 0;
  for (const r of results) {
    ms += r.stats.ms.total;
    tokens += r.stats.tokens;
    // Per-sequence verifier passes: with batched lines one decoder call serves many sequences, so
    // the engine's own tokensPerPass is the reference; pages are combined by their token counts.
    if (r.stats.tokensPerPass > 0) passes += r.stats.tokens / r.stats.tokensPerPass;
    accepted += r.stats.acceptedPerStep.reduce((a, b) => a + b, 0);
    proposed += r.stats.proposedPerStep.reduce((a, b) => a + b, 0);
  }
  const seconds = ms / 1000;
  return {
    pages: results.length,
    pagesPerSecond: seconds > 0 ? results.length / seconds : 0,
    tokensPerSecond: seconds > 0 ? tokens / seconds : 0,
    acceptance: proposed > 0 ? accepted / proposed : null,
    tokensPerPass: passes > 0 ? tokens / passes : 0,
    backend: results[results.length - 1].stats.backend,
  };
}

/**
 * Whether a document is opening or has not finished any page yet: the first things a user waits for. The
 * service worker's first install (tens of megabytes copied into the cache) waits while this holds
 * (UpdatePrompt.tsx), so it does not take the cores from the first page.
 */
export function awaitingFirstPage(docs: readonly { status: string; pages: readonly PageState[] }[]): boolean {
  return docs.some((d) => {
    if (d.status === 'opening') return true;
    const p = docProgress(d.pages);
    return d.status === 'ready' && p.active && p.done + p.failed === 0;
  });
}
