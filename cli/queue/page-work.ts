// What a worker does with each job: split a document into page jobs, convert one page (the CLI's engine and
// isolated document process, so a hostile document fails its job, never the worker), assemble a document.
import { UnrecoverableError, WaitingChildrenError, type Job } from 'bullmq';
import { fileURLToPath } from 'node:url';
import type { PageResult } from '../../src/protocol/page';
import { createConverter, EngineError, type Converter } from '../engine';
import { openIsolatedSource, PageLimitError } from '../isolated-source';
import { InputError, type PageSource } from '../page-source';
import { writeFigures } from '../run';
import { writeDocument } from './assemble';
import type { DocumentJobData, PageJobData, PageQueue } from './bull-queue';
import { localInput } from './fetch-input';
import { keepPageRecord, readPageRecord } from './page-records';
import { jobSettings, outputPaths, type JobSettings } from './queue-names';

const DEFAULT_PACK = fileURLToPath(new URL('../../models/pocket', import.meta.url));

/** What `pagemark queue add` asks for when given no conversion options; workers load it as they start. */
export const DEFAULT_SETTINGS: JobSettings = { mode: 'ocr', pack: null, k: 3, dropHeaders: false, ownText: true };

/** Errors that come back the same every time: the job fails now, with the message as its reason. */
const lasting = (e: unknown) => e instanceof InputError || e instanceof PageLimitError;

function failFor(e: unknown): never {
  if (lasting(e)) throw new UnrecoverableError((e as Error).message);
  throw e;
}

/** One engine per distinct setting, loaded when a job first needs it and kept (a fleet usually has one). */
export class Engines {
  private readonly engines = new Map<string, Promise<Converter>>();

  constructor(private readonly threads: number) {}

  get(s: JobSettings): Promise<Converter> {
    const id = JSON.stringify(s);
    let engine = this.engines.get(id);
    if (!engine) {
      engine = createConverter({ mode: s.mode, pack: s.pack ?? DEFAULT_PACK, k: s.k, dropHeaders: s.dropHeaders, keepHyphens: s.keepHyphens, ownText: s.ownText, threads: this.threads });
      this.engines.set(id, engine);
      engine.catch(() => this.engines.delete(id));
    }
    return engine;
  }

  async close(): Promise<void> {
    const all = [...this.engines.values()];
    this.engines.clear();
    await Promise.all(all.map((e) => e.then((x) => x.close(), () => {})));
  }
}

async function open(d: DocumentJobData): Promise<PageSource> {
  try {
    return await openIsolatedSource(await localInput(d.input, d.key), d.limits);
  } catch (e) {
    return failFor(e);
  }
}

/** Whether a document's pages are in the queue: marked once queued; retry-failed's rounds are queued with theirs. */
async function pagesQueued(job: Job<DocumentJobData>): Promise<boolean> {
  const d = job.data;
  if (d.pagesQueued || d.round !== undefined) return true;
  if (d.pageCount === undefined) return false;
  // Split by an older worker, which recorded the count before queuing the pages: queued if it has any.
  const counts = await job.getDependenciesCount();
  return Object.values(counts).some((n) => (n ?? 0) > 0);
}

/**
 * A document job: first split (count the pages, queue them as children, wait), then, run again by BullMQ
 * once every page is done or failed for good, assemble the Markdown from the page records.
 */
export async function processDocument(job: Job<DocumentJobData>, token: string, queue: PageQueue): Promise<{ pages: number; failed: number[] }> {
  // A queued document has its count recorded (retry-failed's rounds carry it from their pages' data).
  const pageCount = (await pagesQueued(job)) ? job.data.pageCount! : await split(job, queue);
  if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
  const { missing } = await writeDocument({ key: job.data.key, out: job.data.out, stem: job.data.stem, pageCount });
  return { pages: pageCount, failed: missing };
}

/** Counts a document's pages and queues them as its children; returns the count. */
async function split(job: Job<DocumentJobData>, queue: PageQueue): Promise<number> {
  const source = await open(job.data);
  const pageCount = source.pageCount;
  await source.close();
  // Marked only once the pages are queued: a worker that dies between the two splits again, to the same page
  // ids, which BullMQ adds once. (Marking first would assemble a document whose pages were never queued.)
  await queue.addPages(job, pageCount);
  await job.updateData({ ...job.data, pageCount, pagesQueued: true });
  return pageCount;
}

/** A page job: converts the page unless a record of it exists already (a run that died after writing it). */
export async function processPage(job: Job<PageJobData>, engines: Engines): Promise<{ page: number; chars: number; reused: boolean }> {
  const d = job.data;
  const paths = outputPaths(d.out, d.stem);
  const done = await readPageRecord(paths.pageRecord(d.page), d.key);
  if (done) {
    // Rewrites the page's Markdown from the record (the same bytes), in case the run died between the two.
    await keepPageRecord(paths.pageRecord(d.page), paths.pageMarkdown(d.page), done);
    return { page: d.page, chars: done.result.markdown.length, reused: true };
  }
  let engine: Converter;
  try {
    engine = await engines.get(jobSettings(d.engine));
  } catch (e) {
    // This worker's problem (its pack), not the page's: the page is tried again, here or elsewhere.
    throw new Error(e instanceof EngineError ? e.message : `the engine could not start: ${(e as Error).message}`);
  }
  const source = await open(d);
  let result: PageResult;
  try {
    result = await engine.ocrPage(source, d.page).catch(failFor);
    // Figures go beside the document's Markdown, named with its stem as the CLI names them for several files.
    if (result.figures.length) await writeFigures(source, result, [d.out], `${d.stem}-`);
  } finally {
    await source.close();
  }
  const kept = await keepPageRecord(paths.pageRecord(d.page), paths.pageMarkdown(d.page), { document: d.key, file: d.file, result });
  return { page: d.page, chars: kept.result.markdown.length, reused: false };
}
