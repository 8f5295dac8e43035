// The encoder pool's queue over fake threads (the real ones: test/line-encoder-pool.test.ts in Node, e2e/ocr.spec.ts
// and e2e/cli-vs-browser.spec.ts in Chromium): lines go to idle threads and come back to their own callers, a thread
// that cannot start fails the opening, one that ends fails only the line it held, and a closed pool refuses lines.
import { describe, expect, it } from 'vitest';
import type { LineInput } from '../image/line-input';
import { jobTransfer, openEncoderPool, ownBuffers, replyTransfer, type EncodeJob, type EncoderThreadEvents, type StartEncoderThread } from './encoder-pool';

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

describe('a line that cannot be sent', () => {
  it('fails alone: the thread takes the next line', async () => {
    const t = fakeThreads();
    const refusing: StartEncoderThread = (ev) => {
      const thread = t.start(ev);
      const post = (job: EncodeJob) => {
        if (job.line.width === 0) throw new Error('detached');
        thread.post(job);
      };
      return { ...thread, post };
    };
    const pool = await openEncoderPool(1, refusing, 'recognizer');
    await expect(pool.encode(line(0))).rejects.toThrow('recognizer: the line could not be sent to an encoder thread: detached');
    const next = pool.encode(line(5));
    t.answer(0);
    expect((await next).steps).toBe(5);
  });
});

describe('what a message hands over', () => {
  const receive = (message: unknown, transfer: ArrayBuffer[]) =>
    new Promise<unknown>((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port2.onmessage = (e) => {
        resolve(e.data);
        port1.close();
        port2.close();
      };
      port1.postMessage(message, transfer);
    });

  it("moves a job's line input to the thread: the sender's copy is gone, the thread's is whole", async () => {
    const job: EncodeJob = { id: 7, line: line(4) };
    job.line.tensor.fill(0.5);
    const got = (await receive(job, jobTransfer(job))) as EncodeJob;
    expect(job.line.tensor.byteLength).toBe(0);
    expect(Array.from(got.line.tensor)).toEqual(new Array(24).fill(0.5));
  });

  it("moves a reply's memory buffers back", async () => {
    const r = { id: 1, memory: { crossKv: new Float32Array([1, 2]), draftKv: new Float32Array([3]), steps: 1 } };
    const got = (await receive(r, replyTransfer(r))) as typeof r;
    expect([r.memory.crossKv.byteLength, r.memory.draftKv.byteLength]).toEqual([0, 0]);
    expect([Array.from(got.memory.crossKv), Array.from(got.memory.draftKv)]).toEqual([[1, 2], [3]]);
  });

  it('copies what is not a whole buffer of its own: a view into a larger one, a shared one; lists a buffer once', () => {
    const whole = new Float32Array(4);
    expect(ownBuffers(new Float32Array(whole.buffer, 4, 2), undefined)).toEqual([]);
    expect(ownBuffers(new Float32Array(new SharedArrayBuffer(16)))).toEqual([]);
    expect(ownBuffers(whole, new Float32Array(whole.buffer))).toEqual([whole.buffer]);
    expect(replyTransfer({ id: -1 })).toEqual([]);
  });
});
