// `pagemark queue status` arithmetic and text: throughput from the pages finished lately, time left from it.
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  prioritized: number;
  completed: number;
  failed: number;
  'waiting-children': number;
}

export interface Failure {
  file: string;
  /** Absent for a document that failed before it was split into pages. */
  page?: number;
  reason: string;
  attempts: number;
}

export interface QueueStatus {
  documents: JobCounts;
  pages: JobCounts;
  /** Pages per second over the recent window; undefined until two pages are done in it. */
  pagesPerSecond?: number;
  /** Seconds until the pages known so far are done at that rate. */
  etaSeconds?: number;
  workers: number;
  failures: Failure[];
}

/** How far back throughput is measured: long enough to smooth page-to-page variation, short enough to follow a fleet that grows. */
export const RATE_WINDOW_MS = 120_000;

/**
 * Pages per second from the pages finished in the last `windowMs`: their count over the time from when the
 * earliest of them started (or the window's start, if earlier work overlaps it) to now.
 */
export function pageRate(finished: { processedOn?: number; finishedOn?: number }[], now: number, windowMs = RATE_WINDOW_MS): number | undefined {
  const recent = finished.filter((j) => j.finishedOn !== undefined && j.finishedOn > now - windowMs);
  if (recent.length < 2) return undefined;
  const firstStart = Math.min(...recent.map((j) => j.processedOn ?? j.finishedOn!));
  const span = now - Math.max(firstStart, now - windowMs);
  return span > 0 ? recent.length / (span / 1000) : undefined;
}

/** Pages not yet done: waiting, delayed (backing off before a retry) or being converted. */
export const pagesLeft = (c: JobCounts) => c.waiting + c.prioritized + c.delayed + c.active;

export function etaSeconds(left: number, rate: number | undefined): number | undefined {
  if (left === 0) return 0;
  return rate ? left / rate : undefined;
}

export function formatDuration(s: number): string {
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}

export function formatStatus(s: QueueStatus): string {
  const d = s.documents;
  const p = s.pages;
  const lines = [
    `documents: ${d.completed} done, ${d['waiting-children']} converting, ${d.waiting + d.prioritized + d.delayed} waiting, ${d.active} being split or assembled, ${d.failed} failed`,
    `pages:     ${p.completed} done, ${p.active} converting, ${p.waiting + p.prioritized} waiting, ${p.delayed} waiting to retry, ${p.failed} failed`,
    `workers:   ${s.workers}`,
    `rate:      ${s.pagesPerSecond === undefined ? '–' : `${s.pagesPerSecond.toFixed(2)} pages/s`}`,
    `time left: ${s.etaSeconds === undefined ? '–' : formatDuration(s.etaSeconds)}${d.waiting + d.prioritized + d.delayed + d.active ? ' (documents not yet split into pages are not counted)' : ''}`,
  ];
  if (s.failures.length) {
    lines.push('failed:');
    for (const f of s.failures) lines.push(`  ${f.file}${f.page ? ` page ${f.page}` : ''}: ${f.reason} (${f.attempts} ${f.attempts === 1 ? 'try' : 'tries'})`);
  }
  return lines.join('\n') + '\n';
}
