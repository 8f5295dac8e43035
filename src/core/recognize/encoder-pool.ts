// A LineEncoder over several encoder threads (Node worker threads, or Web Workers in the browser), each with the
// recognizer's encoder and memory graphs in sessions of its own: a 48-px line is too little work for
// onnxruntime's own threads, while threads each reading a line of their own read two lines in little more than
// the time of one (bench/PAGES.md). Lines queue here and go to the first idle thread.
//
//   openEncoderPool(n, startThread, label) → LineEncoder; the adapters say how a thread is started:
//   src/node/line-encoder-pool.ts (worker_threads), workers/engine/line-encoder-pool.ts (Web Workers).
import type { LineInput } from '../image/line-input';
import type { GraphSpec, RecognizerSpec } from '../pack/manifest-types';
import { encodeLine, type GraphBytes, type LineEncoder, type LineMemoryHost, type MemoryGraphs } from './line-memory';
import type { TensorRuntime, TensorSession } from './tensor-runtime';

export interface EncodeJob {
  id: number;
  line: LineInput;
}

/**
 * What a message can hand over instead of copying: each array's buffer, where the array is the whole of it (a
 * view into a larger buffer, or a shared one, is copied). A line's input (~200 KB) and its memory (~250 KB) are
 * used once by the side they are sent to; cloning them left the decoding thread 0.8 s more garbage collection on
 * ten scanned pages (3.65 against 2.88 s in a CPU profile).
 */
export function ownBuffers(...arrays: (Float32Array | undefined)[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const a of arrays) {
    if (!a || !(a.buffer instanceof ArrayBuffer) || a.byteOffset !== 0 || a.byteLength !== a.buffer.byteLength || out.includes(a.buffer)) continue;
    out.push(a.buffer);
  }
  return out;
}

/** Buffers a job hands to its thread: the line's input, which the sender does not read again. */
export const jobTransfer = (job: EncodeJob): ArrayBuffer[] => ownBuffers(job.line.tensor);

/** Buffers a reply hands back: the memory's, which the thread does not keep. */
export const replyTransfer = (r: EncodeReply): ArrayBuffer[] => ownBuffers(r.memory?.crossKv, r.memory?.draftKv);

/** A thread's answer: id -1 says it is ready (or, with an error, that it could not open the graphs). */
export interface EncodeReply {
  id: number;
  memory?: LineMemoryHost;
  error?: string;
}

/** One started thread, as the pool drives it. */
export interface EncoderThread {
  post(job: EncodeJob): void;
  terminate(): Promise<unknown> | void;
}

/** What a thread tells the pool: each reply, and that it ended or failed (`why`, for the error). */
export interface EncoderThreadEvents {
  reply(r: EncodeReply): void;
  ended(why: string): void;
}

export type StartEncoderThread = (events: EncoderThreadEvents) => EncoderThread;

interface Pending {
  job: EncodeJob;
  resolve: (m: LineMemoryHost) => void;
  reject: (e: Error) => void;
}

/** Starts `n` threads and resolves once each has opened its graphs; the first that cannot fails the pool. */
export async function openEncoderPool(n: number, startThread: StartEncoderThread, label: string): Promise<LineEncoder> {
  const queue: Pending[] = [];
  const idle: EncoderThread[] = [];
  const busy = new Map<EncoderThread, Pending>();
  let ended: Error | undefined;
  let nextId = 0;

  const dispatch = () => {
    while (idle.length && queue.length) {
      const t = idle.pop()!;
      const p = queue.shift()!;
      busy.set(t, p);
      try {
        t.post(p.job);
      } catch (e) {
        // A job that cannot be sent (its buffer already handed over elsewhere) fails alone; the thread stays idle.
        busy.delete(t);
        idle.push(t);
        p.reject(new Error(`${label}: the line could not be sent to an encoder thread: ${(e as Error).message}`));
      }
    }
  };
  const created: EncoderThread[] = [];
  const start = () =>
    new Promise<EncoderThread>((resolve, reject) => {
      let ready = false;
      let gone = false;
      const thread: EncoderThread = startThread({
        reply(r) {
          if (r.id === -1) {
            ready = !r.error;
            return r.error ? reject(new Error(`${label}: ${r.error}`)) : resolve(thread);
          }
          const p = busy.get(thread);
          busy.delete(thread);
          idle.push(thread);
          if (p) r.error !== undefined ? p.reject(new Error(`${label}: ${r.error}`)) : p.resolve(r.memory!);
          dispatch();
        },
        ended(why) {
          if (gone) return;
          gone = true;
          if (!ready) return reject(new Error(`${label}: encoder thread ended before it was ready (${why})`));
          // A thread that ends fails the line it held; the others go on, and with none left every line fails.
          const p = busy.get(thread);
          busy.delete(thread);
          const at = idle.indexOf(thread);
          if (at >= 0) idle.splice(at, 1);
          p?.reject(new Error(`${label}: encoder thread ended (${why})`));
          if (!ended && idle.length + busy.size === 0) {
            ended = new Error(`${label}: every encoder thread has ended`);
            for (const q of queue.splice(0)) q.reject(ended);
          }
        },
      });
      created.push(thread);
    });
  const threads = await Promise.all(Array.from({ length: n }, start)).catch(async (e: unknown) => {
    ended = e as Error;
    await Promise.all(created.map((t) => t.terminate()));
    throw e;
  });
  idle.push(...threads);
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
      await Promise.all(threads.map((t) => t.terminate()));
    },
  };
}

/** What a thread is started with: the graphs' verified bytes with their pack entries, the recognizer's spec. */
export interface EncoderThreadInit {
  encoder: GraphBytes;
  memory: GraphBytes;
  spec: RecognizerSpec;
  label: string;
}

type OpenSession = (bytes: Uint8Array, label: string, graph: GraphSpec) => Promise<TensorSession>;

/**
 * A thread's side: opens the graphs (with their pack entries, so the runtime runs each as exactly as the decoding
 * thread does: needsExactQdq), says it is ready, then answers each job through `post` with the engine's own
 * encodeLine. Returns the job handler, or null where the graphs could not be opened (already told through `post`).
 */
export async function serveLineEncoder(runtime: TensorRuntime, openSession: OpenSession, init: EncoderThreadInit, post: (r: EncodeReply) => void): Promise<((job: EncodeJob) => void) | null> {
  let graphs: MemoryGraphs;
  try {
    const [encoder, memory] = await Promise.all([
      openSession(init.encoder.bytes, init.label, init.encoder.graph),
      openSession(init.memory.bytes, `${init.label}, memory graph`, init.memory.graph),
    ]);
    graphs = { runtime, encoder, memory, spec: init.spec };
  } catch (e) {
    post({ id: -1, error: (e as Error).message ?? String(e) });
    return null;
  }
  post({ id: -1 });
  return (job) =>
    void encodeLine(graphs, job.line).then(
      (memory) => post({ id: job.id, memory }),
      (e: unknown) => post({ id: job.id, error: (e as Error).message ?? String(e) }),
    );
}
