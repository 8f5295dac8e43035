// `pagemark worker`: takes page and document jobs from the queue until it is told to stop.
// SIGTERM or SIGINT: no new jobs; the pages in hand are finished within the grace time, or handed back to the
// queue at its end (another worker takes them at once). A second signal ends the worker now; so does SIGKILL,
// after which BullMQ's stall check hands its pages to other workers once their locks lapse.
import { Worker, type Job } from 'bullmq';
import { hostname } from 'node:os';
import { endDocumentProcesses } from '../isolated-source';
import { PageQueue, redisConnection, shownUrl, DOCUMENTS, PAGES, type DocumentJobData, type PageJobData } from './bull-queue';
import { clearDownloads } from './fetch-input';
import { DEFAULT_SETTINGS, Engines, processDocument, processPage } from './page-work';

export interface WorkerOptions {
  redis: string;
  prefix: string;
  concurrency: number;
  threads: number;
  /** How long a job's lock lasts without renewal; a killed worker's pages come back this long after. */
  stallMs: number;
  graceMs: number;
}

export async function runWorker(o: WorkerOptions): Promise<number> {
  const name = `${hostname()}:${process.pid}`;
  const log = (line: string) => process.stderr.write(`pagemark worker ${name}: ${line}\n`);
  const queue = new PageQueue(o.redis, o.prefix);
  try {
    await queue.ping();
  } catch (e) {
    log(`cannot reach Redis at ${shownUrl(o.redis)}: ${(e as Error).message}`);
    await queue.close();
    return 2;
  }
  const engines = new Engines(o.threads);
  // The pack is loaded before the first job, so a worker that says it is ready converts at full speed.
  const t0 = performance.now();
  await engines.get(DEFAULT_SETTINGS).then(
    () => log(`pack loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`),
    (e) => log(`note: the built-in pack did not load (${(e as Error).message}); jobs that need it will be retried elsewhere`),
  );
  const inHand = new Map<string, { job: Job; token: string }>();
  const common = { prefix: o.prefix, name, lockDuration: o.stallMs, stalledInterval: o.stallMs, maxStalledCount: 2, autorun: false };

  const pages = new Worker<PageJobData>(
    PAGES,
    async (job, token) => {
      inHand.set(job.id!, { job, token: token! });
      const t0 = performance.now();
      log(`page ${job.data.file} p${job.data.page} started (job ${job.id})`);
      try {
        const r = await processPage(job, engines);
        log(`page ${job.data.file} p${job.data.page} ${r.reused ? 'was already done' : 'done'} in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
        return r;
      } finally {
        inHand.delete(job.id!);
      }
    },
    { ...common, connection: redisConnection(o.redis), concurrency: o.concurrency },
  );
  const documents = new Worker<DocumentJobData>(
    DOCUMENTS,
    async (job, token) => {
      inHand.set(job.id!, { job, token: token! });
      try {
        const r = await processDocument(job, token!, queue);
        log(`document ${job.data.file} assembled (${r.pages} pages${r.failed.length ? `, ${r.failed.length} failed` : ''})`);
        return r;
      } finally {
        inHand.delete(job.id!);
      }
    },
    { ...common, connection: redisConnection(o.redis), concurrency: 1 },
  );
  for (const w of [pages, documents]) {
    w.on('failed', (job, err) => job && err.name !== 'WaitingChildrenError' && log(`${job.name} ${job.data.file}${'page' in job.data ? ` p${job.data.page}` : ''} failed (try ${job.attemptsMade}): ${err.message}`));
    w.on('error', (err) => log(`queue error: ${err.message}`));
  }

  let stopping = false;
  const finished = new Promise<number>((resolve) => {
    const stop = async (signal: string) => {
      if (stopping) {
        log(`${signal} again: ending now`);
        process.exit(1);
      }
      stopping = true;
      log(`${signal}: finishing ${inHand.size} job(s) in hand (up to ${o.graceMs / 1000} s), taking no new ones`);
      const grace = setTimeout(async () => {
        // Pages not finished in time go back to the queue now rather than after the stall interval. The engine
        // is mid-page, so the process ends here instead of closing it (document processes end with their parent).
        const handedBack = inHand.size;
        for (const { job, token } of inHand.values()) await job.moveToWait(token).catch(() => {});
        log(`grace time over: ${handedBack} job(s) handed back to the queue`);
        await clearDownloads();
        process.exit(handedBack ? 1 : 0);
      }, o.graceMs);
      await Promise.all([pages.close(), documents.close()]);
      clearTimeout(grace);
      resolve(0);
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  });
  void pages.run();
  void documents.run();
  log(`ready: ${o.concurrency} page(s) at a time, queue prefix “${o.prefix}”`);
  const code = await finished;
  endDocumentProcesses();
  await engines.close();
  await clearDownloads();
  await queue.close();
  return code;
}
