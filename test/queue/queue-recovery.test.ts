// What the queue keeps through trouble: a Redis server killed and restarted (append-only file on) loses no job
// it acknowledged; a URL that fails for a while is retried with backoff; one that is gone fails once, with its
// reason, and `queue retry-failed` tries it again.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf, type MadePage } from '../support/pdf-maker';
import { startLoopback, type Route } from '../support/loopback-server';
import { PageQueue } from '../../cli/queue/bull-queue';
import { hasRedis, startRedis, type RedisServer } from '../support/redis-server';
import { pagemark, startWorker, type WorkerProcess } from '../support/queue-workers';

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-recovery-'));
const page = (title: string): MadePage => ({ width: 420, height: 300, content: `BT /F1 16 Tf 40 250 Td (${title}) Tj /F1 12 Tf 0 -28 Td (A page that survives a restart of the queue.) Tj ET` });
const servers: RedisServer[] = [];
const workers: WorkerProcess[] = [];
let http: Server | undefined;

afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  for (const s of servers) await s.stop();
  http?.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function settled(queue: PageQueue, documents: number, ms = 240_000) {
  const until = Date.now() + ms;
  for (;;) {
    const s = await queue.status().catch(() => undefined);
    if (s && s.documents.completed + s.documents.failed >= documents && s.pages.active + s.pages.waiting + s.pages.delayed === 0) return s;
    if (Date.now() > until) throw new Error(`the queue did not settle: ${JSON.stringify(s)}\n${workers.map((w) => w.lines.join('\n')).join('\n---\n')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe.skipIf(!hasRedis)('the page queue through trouble', () => {
  it('loses nothing acknowledged when Redis is killed and restarted with its append-only file', async () => {
    const redis = await startRedis({ appendonly: true });
    servers.push(redis);
    writeFileSync(join(tmp, 'ledger.pdf'), makePdf(['Ledger one', 'Ledger two', 'Ledger three'].map(page)));
    writeFileSync(join(tmp, 'annex.pdf'), makePdf(['Annex one', 'Annex two'].map(page)));
    const reference = pagemark([join(tmp, 'ledger.pdf'), join(tmp, 'annex.pdf'), '-o', join(tmp, 'reference') + '/']);
    expect(reference.code, reference.stderr).toBe(0);

    const q = ['--redis', redis.url, '--prefix', 'restart', '--out', join(tmp, 'restart')];
    expect(pagemark(['queue', 'add', join(tmp, 'ledger.pdf'), ...q]).code).toBe(0);
    workers.push(startWorker(redis.url, 'restart', ['--stall-s', '6', '--threads', '1']));
    await workers[0]!.waitFor(/page ledger\.pdf p\d+ done/);
    // Acknowledged just before the crash: it must be there after it.
    expect(pagemark(['queue', 'add', join(tmp, 'annex.pdf'), ...q]).stdout).toBe('added annex.pdf\n');
    await redis.crashAndRestart();

    const queue = new PageQueue(redis.url, 'restart');
    try {
      const s = await settled(queue, 2);
      expect(s.documents).toMatchObject({ completed: 2, failed: 0 });
      expect(s.pages).toMatchObject({ completed: 5, failed: 0 });
    } finally {
      await queue.close();
    }
    for (const stem of ['ledger', 'annex']) {
      expect(readFileSync(join(tmp, 'restart', `${stem}.md`)).equals(readFileSync(join(tmp, 'reference', `${stem}.md`))), `${stem}.md`).toBe(true);
    }
    workers[0]!.kill('SIGTERM');
    expect((await workers[0]!.exited).code).toBe(0);
  }, 400_000);

  it('retries a URL that fails for a while, fails a gone one once with its reason, and retry-failed tries it again', async () => {
    const redis = await startRedis();
    servers.push(redis);
    const pdf = makePdf(['Report one', 'Report two'].map(page));
    const routes: Record<string, Route> = { '/flaky/report.pdf': { cors: false, status: 503 }, '/gone/notes.pdf': { cors: false, status: 404 } };
    const loop = await startLoopback(routes);
    http = loop.server;
    // The first answer is an error; from then on the file.
    loop.server.on('request', (req) => req.url === '/flaky/report.pdf' && Object.assign(routes['/flaky/report.pdf']!, { status: 200, body: pdf }));
    mkdirSync(join(tmp, 'local'), { recursive: true });
    writeFileSync(join(tmp, 'local', 'report.pdf'), pdf);
    const reference = pagemark(['--own-text-only', join(tmp, 'local', 'report.pdf'), '-o', join(tmp, 'local') + '/']);
    expect(reference.code, reference.stderr).toBe(0);

    const out = join(tmp, 'urls');
    const q = ['--redis', redis.url, '--prefix', 'urls'];
    const added = pagemark(['queue', 'add', '--own-text-only', `${loop.origin}/flaky/report.pdf`, `${loop.origin}/gone/notes.pdf`, '--out', out, ...q]);
    expect(added.stdout).toBe('added report.pdf\nadded notes.pdf\n');
    workers.push(startWorker(redis.url, 'urls', ['--stall-s', '6', '--threads', '1']));
    const queue = new PageQueue(redis.url, 'urls');
    try {
      const s = await settled(queue, 2);
      expect(s.documents).toMatchObject({ completed: 1, failed: 1 });
      expect(s.failures).toEqual([{ file: 'notes.pdf', reason: expect.stringContaining('answered 404'), attempts: 1 }]);
      const flaky = (await queue.documents.getJobs(['completed']))[0]!;
      expect(flaky.attemptsMade).toBeGreaterThanOrEqual(1);
      expect(readFileSync(join(out, 'report.md')).equals(readFileSync(join(tmp, 'local', 'report.md')))).toBe(true);

      Object.assign(routes['/gone/notes.pdf']!, { status: 200, body: pdf });
      expect(pagemark(['queue', 'retry-failed', ...q]).stdout).toBe('queued again: 1 document(s), 0 page(s)\n');
      const after = await settled(queue, 2);
      expect(after.documents).toMatchObject({ completed: 2, failed: 0 });
      expect(readFileSync(join(out, 'notes.md'), 'utf8')).toBe(readFileSync(join(out, 'report.md'), 'utf8'));
    } finally {
      await queue.close();
    }
  }, 300_000);

  it('splits again a document whose worker died after counting its pages but before queuing them', async () => {
    const redis = await startRedis();
    servers.push(redis);
    const file = join(tmp, 'dossier.pdf');
    writeFileSync(file, makePdf(['Dossier one', 'Dossier two', 'Dossier three'].map(page)));
    const reference = pagemark([file, '-o', join(tmp, 'dossier-reference') + '/']);
    expect(reference.code, reference.stderr).toBe(0);
    const out = join(tmp, 'split');
    expect(pagemark(['queue', 'add', file, '--out', out, '--redis', redis.url, '--prefix', 'split']).code).toBe(0);
    const queue = new PageQueue(redis.url, 'split');
    try {
      // What such a worker left behind: the count recorded on the document, none of its pages queued.
      const [document] = await queue.documents.getJobs(['waiting']);
      await document!.updateData({ ...document!.data, pageCount: 3 });
      workers.push(startWorker(redis.url, 'split', ['--stall-s', '6', '--threads', '1']));
      const s = await settled(queue, 1);
      expect(s.documents).toMatchObject({ completed: 1, failed: 0 });
      expect(s.pages).toMatchObject({ completed: 3, failed: 0 });
      expect(readFileSync(join(out, 'dossier.md')).equals(readFileSync(join(tmp, 'dossier-reference', 'dossier.md')))).toBe(true);
    } finally {
      await queue.close();
    }
  }, 300_000);

  it('hands a page back at once when a stopped worker’s grace time is over', async () => {
    const redis = await startRedis();
    servers.push(redis);
    writeFileSync(join(tmp, 'memo.pdf'), makePdf(['Memo one', 'Memo two'].map(page)));
    const q = ['--redis', redis.url, '--prefix', 'grace'];
    expect(pagemark(['queue', 'add', join(tmp, 'memo.pdf'), '--out', join(tmp, 'grace'), ...q]).code).toBe(0);
    // A long stall interval: the page can only come back this soon by being handed back.
    const stopped = startWorker(redis.url, 'grace', ['--stall-s', '120', '--grace-s', '0', '--threads', '1']);
    workers.push(stopped);
    const started = await stopped.waitFor(/page memo\.pdf p\d+ started \(job (\S+)\)/);
    stopped.kill('SIGTERM');
    expect((await stopped.exited).code).toBe(1);
    expect(stopped.lines.some((l) => /handed back to the queue/.test(l))).toBe(true);
    const queue = new PageQueue(redis.url, 'grace');
    try {
      const job = await queue.pages.getJob(/\(job (\S+)\)/.exec(started)![1]!);
      expect(await job!.getState()).toBe('waiting');
      workers.push(startWorker(redis.url, 'grace', ['--stall-s', '120', '--threads', '1']));
      const s = await settled(queue, 1, 120_000);
      expect(s.pages).toMatchObject({ completed: 2, failed: 0 });
      expect(readFileSync(join(tmp, 'grace', 'memo.md'), 'utf8')).toMatch(/^<!-- page 1 -->\n\n(### )?Memo one[^]*<!-- page 2 -->\n\n(### )?Memo two/);
    } finally {
      await queue.close();
    }
  }, 300_000);
});
