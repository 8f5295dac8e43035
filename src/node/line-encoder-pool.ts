// Line memories read on worker threads, several lines at once (recognize-lines.ts encodes a batch's lines
// together, and the next batch while one decodes). The line encoder is most of a scanned page's time and runs
// one line at a time: onnxruntime's own threads do not speed up a 48-px-high line (encoder + memory graphs, measured
// on 2 cores: 6.4–6.8 ms a line with one thread, 13.2 ms with two), while two threads each with sessions of their
// own read two lines in little more than the time of one (4.1 ms a line; bench/PAGES.md). Each thread runs the same graphs through the same encodeLine, so a
// line's memory is the same as on the main thread.
//
//   lineEncoderPool(threads) → LineEncoderFactory for openPageEngine / openPageReader, or undefined for one thread
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LineInput } from '../core/image/line-input';
import type { GraphBytes, LineEncoder, LineEncoderFactory, LineMemoryHost } from '../core/recognize/line-memory';

export interface EncodeJob {
  id: number;
  line: LineInput;
}

/** A thread's answer: id -1 says it is ready (or, with an error, that it could not open the graphs). */
export interface EncodeReply {
  id: number;
  memory?: LineMemoryHost;
  error?: string;
}

const ENTRY = new URL('./line-encoder-thread.mjs', import.meta.url);

/** `threads` encoder threads (0: one per core); undefined where that is one: the main thread encodes then. */
export function lineEncoderPool(threads = 0): LineEncoderFactory | undefined {
  const n = threads > 0 ? threads : availableParallelism();
  return n > 1 ? (graphs, spec, label) => openPool(n, graphs, spec, label) : undefined;
}

interface Pending {
  job: EncodeJob;
  resolve: (m: LineMemoryHost) => void;
  reject: (e: Error) => void;
}

async function openPool(n: number, graphs: { encoder: GraphBytes; memory: GraphBytes }, spec: unknown, label: string): Promise<LineEncoder> {
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  let ended: Error | undefined;
  let nextId = 0;

  const dispatch = () => {
    while (idle.length && queue.length) {
      const w = idle.pop()!;
      const p = queue.shift()!;
      busy.set(w, p);
      w.postMessage(p.job);
    }
  };
  const created: Worker[] = [];
  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(ENTRY, { workerData: { ...graphs, spec, label } });
      created.push(w);
      w.unref(); // an engine left open does not keep the process alive
      w.on('message', (r: EncodeReply) => {
        if (r.id === -1) return r.error ? reject(new Error(`${label}: ${r.error}`)) : resolve(w);
        const p = busy.get(w);
        busy.delete(w);
        idle.push(w);
        if (p) r.error !== undefined ? p.reject(new Error(`${label}: ${r.error}`)) : p.resolve(r.memory!);
        dispatch();
      });
      w.on('error', (e) => reject(new Error(`${label}: encoder thread failed: ${e.message}`)));
      w.on('exit', (code) => {
        reject(new Error(`${label}: encoder thread ended before it was ready (exit code ${code})`)); // no-op once ready
        // A thread that ends fails the line it held; the others go on, and with none left every line fails.
        const p = busy.get(w);
        busy.delete(w);
        const at = idle.indexOf(w);
        if (at >= 0) idle.splice(at, 1);
        p?.reject(new Error(`${label}: encoder thread ended (exit code ${code})`));
        if (!ended && idle.length + busy.size === 0) {
          ended = new Error(`${label}: every encoder thread has ended`);
          for (const q of queue.splice(0)) q.reject(ended);
        }
      });
    });
  const workers = await Promise.all(Array.from({ length: n }, start)).catch(async (e: unknown) => {
    ended = e as Error;
    await Promise.all(created.map((w) => w.terminate()));
    throw e;
  });
  idle.push(...workers);
  return {
    parallel: n,
    encode(line) {
      if (ended) return Promise.reject(ended);
      return new Promise((resolve, reject) => {
        queue.push({ job: { id: nextId++, line }, resolve, reject });
        dispatch();
      });
    },
    async close() {
      ended ??= new Error(`${label}: the line encoder is closed`);
      for (const q of queue.splice(0)) q.reject(ended);
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
