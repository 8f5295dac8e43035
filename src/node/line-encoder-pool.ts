// Line memories read on worker threads, several lines at once (recognize-lines.ts encodes a batch's lines
// together, and the next batch while one decodes). The line encoder is most of a scanned page's time and runs
// one line at a time: onnxruntime's own threads do not speed up a 48-px-high line (encoder + memory graphs, measured
// on 2 cores: 6.4–6.8 ms a line with one thread, 13.2 ms with two), while two threads each with sessions of their
// own read two lines in little more than the time of one (4.1 ms a line; bench/PAGES.md). Each thread runs the same
// graphs through the same encodeLine, so a line's memory is the same as on the main thread. The pool itself (queue,
// idle threads, a thread that ends) is core/recognize/encoder-pool.ts; this file starts its threads.
//
//   lineEncoderPool(threads) → LineEncoderFactory for openPageEngine / openPageReader, or undefined for one thread
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { jobTransfer, openEncoderPool, type EncodeReply, type EncoderThreadInit } from '../core/recognize/encoder-pool';
import type { LineEncoderFactory } from '../core/recognize/line-memory';

const ENTRY = new URL('./line-encoder-thread.mjs', import.meta.url);

/** `threads` encoder threads (0: one per core); undefined where that is one: the main thread encodes then. */
export function lineEncoderPool(threads = 0): LineEncoderFactory | undefined {
  const n = threads > 0 ? threads : availableParallelism();
  if (n <= 1) return undefined;
  return (graphs, spec, label) =>
    openEncoderPool(
      n,
      (events) => {
        const w = new Worker(ENTRY, { workerData: { ...graphs, spec, label } satisfies EncoderThreadInit });
        w.unref(); // an engine left open does not keep the process alive
        w.on('message', (r: EncodeReply) => events.reply(r));
        w.on('error', (e) => events.ended(`failed: ${e.message}`));
        w.on('exit', (code) => events.ended(`exit code ${code}`));
        return { post: (job) => w.postMessage(job, jobTransfer(job)), terminate: () => w.terminate() };
      },
      label,
    );
}
