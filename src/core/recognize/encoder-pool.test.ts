// The encoder pool's queue over fake threads (the real ones: test/line-encoder-pool.test.ts in Node, e2e/ocr.spec.ts
// and e2e/cli-vs-browser.spec.ts in Chromium): lines go to idle threads and come back to their own callers, a thread
// that cannot start fails the opening, one that ends fails only the line it held, and a closed pool refuses lines.
import { describe, expect, it } from 'vitest';
import type { LineInput } from '../image/line-input';
import { openEncoderPool, type EncodeJob, type EncoderThreadEvents, type StartEncoderThread } from './encoder-pool';

const line = (width: number): LineInput => ({ tensor: new Float32Array(3 * 2 * width), height: 2, width, contentWidth: width });

/** Threads that answer when told to: `jobs` holds what each was given, `answer(i)` replies to thread i's last job. */
function fakeThreads(opts: { failAt?: number } = {}) {
  const events: EncoderThreadEvents[] = [];
  const jobs: EncodeJob[][] = [];
  let terminated = 0;
  const start: StartEncoderThread = (ev) => {
    const i = events.length;
    events.push(ev);
    jobs.push([]);
    queueMicrotask(() => ev.reply(i === opts.failAt ? { id: -1, error: 'no graphs' } : { id: -1 }));
    return { post: (job) => jobs[i]!.push(job), terminate: () => void terminated++ };
  };
  const answer = (i: number) => {
    const job = jobs[i]!.at(-1)!;
    events[i]!.reply({ id: job.id, memory: { crossKv: new Float32Array([job.line.width]), draftKv: new Float32Array(0), steps: job.line.width } });
  };
  return { start, events, jobs, answer, terminated: () => terminated };
}

describe('openEncoderPool', () => {
  it('hands lines to idle threads and queues the rest, each memory to its own caller', async () => {
    const t = fakeThreads();
    const pool = await openEncoderPool(2, t.start, 'recognizer');
    expect(pool.parallel).toBe(2);
    const asked = [10, 20, 30].map((w) => pool.encode(line(w)));
    expect(t.jobs.map((j) => j.length).sort()).toEqual([1, 1]); // the third waits
    const first = t.jobs.findIndex((j) => j[0]!.line.width === 10);
    t.answer(first); // that thread is idle again and takes the third line
    expect(t.jobs[first]!.map((j) => j.line.width)).toEqual([10, 30]);
    t.answer(1 - first);
    t.answer(first);
    expect((await Promise.all(asked)).map((m) => m.steps)).toEqual([10, 20, 30]);
  });

  it('fails its opening when a thread cannot open the graphs, and stops the others', async () => {
    const t = fakeThreads({ failAt: 1 });
    await expect(openEncoderPool(3, t.start, 'recognizer')).rejects.toThrow('recognizer: no graphs');
    expect(t.terminated()).toBe(3);
  });

  it('fails its opening when a thread ends before it is ready', async () => {
    const start: StartEncoderThread = (ev) => {
      queueMicrotask(() => ev.ended('exit code 1'));
      return { post: () => {}, terminate: () => {} };
    };
    await expect(openEncoderPool(2, start, 'recognizer')).rejects.toThrow('recognizer: encoder thread ended before it was ready (exit code 1)');
  });

  it('fails only the line a thread held when it ends; the other thread reads on', async () => {
    const t = fakeThreads();
    const pool = await openEncoderPool(2, t.start, 'recognizer');
    const [a, b] = [pool.encode(line(5)), pool.encode(line(6))];
    const holderOf5 = t.jobs.findIndex((j) => j[0]!.line.width === 5);
    t.events[holderOf5]!.ended('exit code 134');
    await expect(a).rejects.toThrow('encoder thread ended (exit code 134)');
    const c = pool.encode(line(7));
    const other = 1 - holderOf5;
    t.answer(other);
    await expect(b).resolves.toMatchObject({ steps: 6 });
    t.answer(other);
    await expect(c).resolves.toMatchObject({ steps: 7 });
    t.events[other]!.ended('exit code 1');
    await expect(pool.encode(line(8))).rejects.toThrow('every encoder thread has ended');
  });

  it('passes a line that cannot be encoded back as that line’s error', async () => {
    const t = fakeThreads();
    const pool = await openEncoderPool(1, t.start, 'recognizer');
    const p = pool.encode(line(4));
    t.events[0]!.reply({ id: t.jobs[0]![0]!.id, error: 'input too wide' });
    await expect(p).rejects.toThrow('recognizer: input too wide');
  });

  it('refuses lines once closed, and rejects those still queued', async () => {
    const t = fakeThreads();
    const pool = await openEncoderPool(1, t.start, 'recognizer');
    const held = pool.encode(line(3));
    const queued = pool.encode(line(4));
    await pool.close();
    await expect(queued).rejects.toThrow('the line encoder is closed');
    await expect(pool.encode(line(5))).rejects.toThrow('the line encoder is closed');
    expect(t.terminated()).toBe(1);
    void held.catch(() => {});
  });
});
