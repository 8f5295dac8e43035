// Three real workers on a real redis-server convert a set of PDFs; one is SIGKILLed mid-page, another is
// stopped with SIGTERM mid-page. Every document must equal the single-process CLI's output byte for byte,
// with no page lost or doubled, and the corrupt PDF must end as one failed job with its reason.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, type MadePage } from '../support/pdf-maker';
import { PageQueue } from '../../cli/queue/bull-queue';
import { hasRedis, startRedis, type RedisServer } from '../support/redis-server';
import { pagemark, startWorker, type WorkerProcess } from '../support/queue-workers';

const root = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-fleet-'));
const page = (title: string): MadePage => ({ width: 420, height: 300, content: `BT /F1 16 Tf 40 250 Td (${title}) Tj /F1 12 Tf 0 -28 Td (Workers convert this page and nothing else.) Tj 0 -18 Td (The assembled document keeps every page once.) Tj ET` });
const docs = {
  'atlas.pdf': ['Atlas one', 'Atlas two', 'Atlas three', 'Atlas four'].map(page),
  'brief.pdf': ['Brief first', 'Brief second'].map(page),
};

let redis: RedisServer | undefined;
const workers: WorkerProcess[] = [];

/** Polls until every document is done or failed, as the queue itself reports it. */
async function settled(queue: PageQueue, documents: number, ms = 240_000) {
  const until = Date.now() + ms;
  for (;;) {
    const s = await queue.status();
    if (s.documents.completed + s.documents.failed >= documents && s.pages.active + s.pages.waiting + s.pages.delayed === 0) return s;
    if (Date.now() > until) throw new Error(`the queue did not settle: ${JSON.stringify(s)}\n${workers.map((w) => w.lines.join('\n')).join('\n---\n')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe.skipIf(!hasRedis)('pagemark workers on a queue', () => {
  beforeAll(async () => {
    for (const [name, pages] of Object.entries(docs)) writeFileSync(join(tmp, name), makePdf(pages));
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await redis?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('converts a set with three workers, one killed mid-page, byte for byte as the CLI does', async () => {
    const inputs = Object.keys(docs).map((n) => join(tmp, n));
    const corrupt = join(root, 'e2e/fixtures/corrupt.pdf');
    const reference = pagemark([...inputs, '-o', join(tmp, 'reference') + '/']);
    expect(reference.code, reference.stderr).toBe(0);

    const out = join(tmp, 'queued');
    const q = ['--redis', redis!.url, '--prefix', 'fleet'];
    const added = pagemark(['queue', 'add', ...inputs, corrupt, '--out', out, ...q]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('added atlas.pdf\nadded brief.pdf\nadded corrupt.pdf\n');
    // Adding again queues nothing twice.
    expect(pagemark(['queue', 'add', inputs[0]!, '--out', out, ...q]).stdout).toMatch(/^atlas\.pdf: already in the queue/);

    const flags = ['--stall-s', '6', '--threads', '1', '--grace-s', '120'];
    workers.push(startWorker(redis!.url, 'fleet', flags), startWorker(redis!.url, 'fleet', flags), startWorker(redis!.url, 'fleet', flags));
    const [killed, stopped] = workers as [WorkerProcess, WorkerProcess, WorkerProcess];
    // SIGKILL the first worker as soon as it has a page in hand.
    const started = await killed.waitFor(/page \S+ p\d+ started \(job (\S+)\)/);
    killed.kill('SIGKILL');
    const killedJob = /\(job (\S+)\)/.exec(started)![1]!;
    expect(await killed.exited).toMatchObject({ signal: 'SIGKILL' });
    // SIGTERM the second while it converts a page: it finishes that page, then ends cleanly.
    const inHand = await stopped.waitFor(/page \S+ p\d+ started/);
    stopped.kill('SIGTERM');
    const [, file, p] = /page (\S+) p(\d+) started/.exec(inHand)!;
    expect((await stopped.exited).code).toBe(0);
    expect(stopped.lines.some((l) => l.includes(`page ${file} p${p} done`) || l.includes(`page ${file} p${p} was already done`))).toBe(true);

    const queue = new PageQueue(redis!.url, 'fleet');
    try {
      const s = await settled(queue, 3);
      // The killed worker's page came back after the stall interval and was done by another worker.
      const job = await queue.pages.getJob(killedJob);
      expect(await job!.getState()).toBe('completed');
      expect(job!.stalledCounter + job!.attemptsStarted).toBeGreaterThanOrEqual(2);
      // Six pages, six page jobs done, none failed; the corrupt PDF is the one failure, with its reason.
      expect(s.pages).toMatchObject({ completed: 6, failed: 0 });
      expect(s.documents).toMatchObject({ completed: 2, failed: 1 });
      expect(s.failures).toEqual([{ file: 'corrupt.pdf', reason: expect.stringMatching(/“corrupt\.pdf”: this PDF is damaged or incomplete/), attempts: 1 }]);
    } finally {
      await queue.close();
    }
    for (const [name, pages] of Object.entries(docs)) {
      const stem = name.replace('.pdf', '');
      const md = readFileSync(join(out, `${stem}.md`));
      expect(md.equals(readFileSync(join(tmp, 'reference', `${stem}.md`))), `${stem}.md differs from the CLI's`).toBe(true);
      // Pages lost: 0, duplicated: 0.
      expect([...md.toString().matchAll(/^<!-- page (\d+) -->$/gm)].map((m) => Number(m[1]))).toEqual(pages.map((_, i) => i + 1));
      for (let n = 1; n <= pages.length; n++) {
        const record = JSON.parse(readFileSync(join(out, 'pages', `${stem}_pg${n}.json`), 'utf8'));
        expect(readFileSync(join(out, 'pages', `${stem}_pg${n}.md`), 'utf8')).toBe(record.result.markdown + '\n');
      }
    }
    const status = pagemark(['queue', 'status', ...q]);
    expect(status.stdout).toMatch(/pages: +6 done/);
    expect(status.stdout).toMatch(/corrupt\.pdf: “corrupt\.pdf”: this PDF is damaged/);
    // The last worker stops cleanly when asked.
    workers[2]!.kill('SIGTERM');
    expect((await workers[2]!.exited).code).toBe(0);
  }, 400_000);
});
