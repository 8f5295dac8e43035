// The real-page eval's promise: a page that hangs or takes its process down costs that page only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS module without types
import { SystemProcess } from '../../bench/eval/real/system-process.mjs';

// A stand-in for page-worker.mjs speaking the same protocol: "hang" never answers, "crash" dies.
const fakeWorker = `
process.on('message', ({ id, pdf, page }) => {
  if (pdf === 'hang') return;
  if (pdf === 'crash') process.kill(process.pid, 'SIGSEGV');
  if (pdf === 'bad') return process.send({ id, error: 'not a PDF', ms: 1 });
  process.send({ id, markdown: pdf + ' page ' + page + ' by ' + process.pid, ms: 1 });
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
`;

describe('SystemProcess', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagemark-fake-worker-'));
  const worker = join(dir, 'worker.mjs');
  writeFileSync(worker, fakeWorker);
  const proc = new SystemProcess('fake', { pack: '', k: 0, reuseOcr: false, timeoutMs: 1500, worker });
  afterAll(() => proc.close());

  it('answers pages, and a hung page times out without losing the next one', async () => {
    const first = await proc.read('a.pdf', 1);
    expect(first.markdown).toMatch(/^a\.pdf page 1 by \d+$/);
    const hung = await proc.read('hang', 1);
    expect(hung.timeout).toBe(true);
    expect(hung.markdown).toBeUndefined();
    const next = await proc.read('b.pdf', 2);
    expect(next.markdown).toMatch(/^b\.pdf page 2 by \d+$/);
    // The hung process was replaced, not reused.
    expect(next.markdown.split(' by ')[1]).not.toBe(first.markdown.split(' by ')[1]);
  });

  it('reports a crash and an error as that page\'s result and goes on', async () => {
    const crashed = await proc.read('crash', 1);
    expect(crashed.crash).toBe(true);
    expect(crashed.error).toMatch(/SIGSEGV/);
    const bad = await proc.read('bad', 1);
    expect(bad.error).toBe('not a PDF');
    expect((await proc.read('c.pdf', 3)).markdown).toMatch(/^c\.pdf page 3/);
  });
});
