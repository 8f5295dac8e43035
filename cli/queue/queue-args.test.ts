import { describe, expect, it } from 'vitest';
import { UsageError } from '../args';
import { shownUrl } from './bull-queue';
import { DEFAULT_SETTINGS } from './page-work';
import { parseQueueCli } from './queue-args';

describe('queue arguments', () => {
  it('takes the CLI’s conversion options for queue add, with absolute inputs and output', () => {
    const c = parseQueueCli(['queue', 'add', 'a.pdf', 'https://example.org/b.pdf', '--redis', 'redis://h:1', '--prefix=books', '--out', 'out', '--k', '1', '--drop-headers', '--no-own-text', '--page-timeout', '30'], '/home/u');
    expect(c).toMatchObject({ command: 'add', target: { redis: 'redis://h:1', prefix: 'books' }, attempts: 5 });
    if (c.command !== 'add') throw new Error();
    expect(c.documents.map((d) => d.input)).toEqual(['/home/u/a.pdf', 'https://example.org/b.pdf']);
    expect(c.documents[0]).toMatchObject({ out: '/home/u/out', engine: { mode: 'ocr', pack: null, k: 1, dropHeaders: true, ownText: false }, limits: { pageTimeMs: 30_000, memoryMb: 2048 } });
    const kept = parseQueueCli(['queue', 'add', 'a.pdf', '--keep-hyphens']);
    if (kept.command !== 'add') throw new Error();
    expect(kept.documents[0]!.engine.keepHyphens).toBe(true);
    // Plain `queue add` asks for what workers load as they start.
    const plain = parseQueueCli(['queue', 'add', 'a.pdf']);
    expect(plain.command === 'add' && plain.documents[0]!.engine).toEqual(DEFAULT_SETTINGS);
    const tl = parseQueueCli(['queue', 'add', 'a.pdf', '--own-text-only', '--pack', 'p'], '/w');
    expect(tl.command === 'add' && tl.documents[0]!.engine).toMatchObject({ mode: 'own-text', pack: '/w/p' });
    // The flags' old names queue the same documents.
    expect(parseQueueCli(['queue', 'add', 'a.pdf', '--text-layer', '--no-pdf-text'], '/w')).toEqual(parseQueueCli(['queue', 'add', 'a.pdf', '--own-text-only', '--no-own-text'], '/w'));
  });

  it('reads worker options and refuses what makes no sense', () => {
    expect(parseQueueCli(['worker', '--concurrency', '2', '--threads', '1', '--stall-s', '5', '--grace-s', '0', '--redis', 'redis://r:6379'])).toEqual({
      command: 'worker',
      worker: { redis: 'redis://r:6379', prefix: 'pagemark', concurrency: 2, threads: 1, stallMs: 5000, graceMs: 0 },
    });
    expect(() => parseQueueCli(['worker', '--concurrency', '0'])).toThrow(UsageError);
    expect(() => parseQueueCli(['worker', 'file.pdf'])).toThrow(UsageError);
    expect(() => parseQueueCli(['queue', 'add', 'a.pdf', '--redis', 'http://x'])).toThrow(UsageError);
    expect(() => parseQueueCli(['queue', 'add', 'a.pdf', '--json'])).toThrow(/option of pagemark itself/);
    expect(() => parseQueueCli(['queue', 'add', '--prefix', 'a b', 'x.pdf'])).toThrow(UsageError);
    expect(() => parseQueueCli(['queue', 'nope'])).toThrow(/unknown queue command/);
    expect(parseQueueCli(['queue'])).toEqual({ command: 'help' });
  });

  it('hides a Redis password in what it prints', () => {
    expect(shownUrl('redis://:s3cret@10.0.0.5:6379/0')).toBe('redis://***@10.0.0.5:6379/0');
    expect(shownUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});
