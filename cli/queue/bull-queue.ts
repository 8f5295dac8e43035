// The one module that speaks BullMQ. Two queues under one prefix: `documents` (one job per input: split it
// into pages, then assemble its Markdown once every page is done) and `pages` (one job per page, children of
// their document's job, so BullMQ itself runs the assembly after the last page, on whichever worker is free).
import { FlowProducer, Queue, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { DocumentSpec } from './queue-names';
import { fileNameOf, pageJobId, repairJobId, stemOf } from './queue-names';
import { pageRate, pagesLeft, etaSeconds, type Failure, type JobCounts, type QueueStatus } from './queue-status';

export const DOCUMENTS = 'documents';
export const PAGES = 'pages';

/**
 * What a document job carries; `pageCount` and `pagesQueued` once it has been split and its pages queued,
 * `round` for retry-failed's assembly (whose pages are queued with it).
 */
export interface DocumentJobData extends DocumentSpec {
  key: string;
  file: string;
  stem: string;
  pageCount?: number;
  pagesQueued?: boolean;
  round?: number;
}

export interface PageJobData extends DocumentJobData {
  page: number;
}

/**
 * Retries for what may pass (a share that is briefly away, a URL that times out, a worker that ran out of
 * memory): 5 tries, 2 s, 4 s, 8 s, 16 s apart. What cannot pass (a damaged file, a page past its limits)
 * fails at once (UnrecoverableError in the worker). Finished jobs are kept: they make adding again a no-op.
 */
export function jobOptions(attempts = 5): JobsOptions {
  return { attempts, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: false, removeOnFail: false };
}

/** Redis connections for BullMQ: commands wait through a reconnect instead of failing (BullMQ's advice for workers). */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** A Redis URL fit for logs: its password hidden. */
export const shownUrl = (url: string) => url.replace(/\/\/([^@/]*)@/, '//***@');

export class PageQueue {
  readonly redis: Redis;
  readonly documents: Queue<DocumentJobData>;
  readonly pages: Queue<PageJobData>;

  constructor(
    url: string,
    readonly prefix: string,
  ) {
    this.redis = redisConnection(url);
    this.documents = new Queue<DocumentJobData>(DOCUMENTS, { connection: this.redis, prefix });
    this.pages = new Queue<PageJobData>(PAGES, { connection: this.redis, prefix });
  }

  /** Fails fast when Redis cannot be reached, rather than waiting on reconnects forever. */
  async ping(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer from Redis')), timeoutMs)));
    try {
      await Promise.race([this.redis.ping(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Queues a document unless it is queued already; says what became of it. A different input that would write
   * the same output files is refused (two documents named alike in one output folder would overwrite each other).
   */
  async addDocument(spec: DocumentSpec, key: string, attempts?: number): Promise<{ state: 'added' | string; clash?: string }> {
    const file = fileNameOf(spec.input);
    const stem = stemOf(file);
    const owners = `${this.prefix}:pagemark:outputs`;
    const target = `${spec.out}/${stem}`;
    await this.redis.hsetnx(owners, target, spec.input);
    const owner = await this.redis.hget(owners, target);
    if (owner !== spec.input) return { state: 'refused', clash: owner ?? undefined };
    const existing = await this.documents.getJob(key);
    if (existing) return { state: await existing.getState() };
    await this.documents.add('document', { ...spec, key, file, stem }, { ...jobOptions(attempts), jobId: key });
    return { state: 'added' };
  }

  /** Adds a split document's pages as children of its job (ids fixed per page, so adding again is a no-op). */
  async addPages(job: Job<DocumentJobData>, pageCount: number): Promise<void> {
    const d = job.data;
    const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
    await this.pages.addBulk(
      pages.map((page) => ({
        name: 'page',
        data: { ...d, pageCount, page },
        opts: {
          ...jobOptions(job.opts.attempts),
          jobId: pageJobId(d.key, page),
          parent: { id: job.id!, queue: job.queueQualifiedName },
          // A page that fails for good leaves a stand-in in its document instead of holding it back forever.
          ignoreDependencyOnFailure: true,
        },
      })),
    );
  }

  async status(now = Date.now()): Promise<QueueStatus> {
    const types = ['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed', 'waiting-children'] as const;
    const documents = (await this.documents.getJobCounts(...types)) as unknown as JobCounts;
    const pages = (await this.pages.getJobCounts(...types)) as unknown as JobCounts;
    // The most recent finished pages are enough for the rate (newest first).
    const recent = await this.pages.getJobs(['completed'], 0, 499, false);
    const pagesPerSecond = pageRate(recent, now);
    const failures: Failure[] = [];
    for (const [queue, isPage] of [[this.documents, false], [this.pages, true]] as const) {
      for (const job of await queue.getJobs(['failed'], 0, 199, true)) {
        if (!job) continue;
        const data = job.data as PageJobData;
        failures.push({ file: data.file, ...(isPage && { page: data.page }), reason: job.failedReason, attempts: job.attemptsMade });
      }
    }
    const workers = (await this.pages.getWorkers()).length;
    return { documents, pages, pagesPerSecond, etaSeconds: etaSeconds(pagesLeft(pages), pagesPerSecond), workers, failures };
  }

  /**
   * Tries failed jobs again. A failed document starts over where it stopped. A failed page whose document is
   * still waiting for pages is simply retried; one whose document was already assembled (with a stand-in for
   * it) is queued in a new round: fresh page jobs under a new assembly job, which rewrites the document from
   * every page record once they are done.
   */
  async retryFailed(): Promise<{ documents: number; pages: number }> {
    let documents = 0;
    let pages = 0;
    for (const job of await this.documents.getJobs(['failed'])) {
      if (!job) continue;
      await job.retry('failed');
      documents++;
    }
    const repairs = new Map<string, { data: PageJobData; jobs: Job<PageJobData>[] }>();
    for (const job of await this.pages.getJobs(['failed'])) {
      if (!job) continue;
      const parentId = job.parent?.id;
      const parentState = parentId ? await this.documents.getJobState(parentId) : 'unknown';
      pages++;
      if (parentState !== 'completed') {
        await job.retry('failed');
        continue;
      }
      const entry = repairs.get(job.data.key) ?? { data: job.data, jobs: [] };
      entry.jobs.push(job);
      repairs.set(job.data.key, entry);
    }
    if (repairs.size) {
      const flows = new FlowProducer({ connection: this.redis, prefix: this.prefix });
      for (const [key, { data, jobs }] of repairs) {
        const round = await this.redis.incr(`${this.prefix}:pagemark:round:${key}`);
        const { page: _page, ...documentData } = data;
        await flows.add({
          name: 'document',
          queueName: DOCUMENTS,
          data: { ...documentData, round, pagesQueued: true },
          opts: { ...jobOptions(), jobId: repairJobId(key, round) },
          children: jobs.map((j) => ({
            name: 'page',
            queueName: PAGES,
            data: { ...j.data, round },
            opts: { ...jobOptions(), jobId: pageJobId(key, j.data.page, round), ignoreDependencyOnFailure: true },
          })),
        });
        for (const j of jobs) await j.remove().catch(() => {});
      }
      await flows.close();
    }
    return { documents, pages };
  }

  async close(): Promise<void> {
    await Promise.all([this.documents.close(), this.pages.close()]);
    this.redis.disconnect();
  }
}
