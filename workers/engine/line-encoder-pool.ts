// The engine's line memories read by encoder workers of their own, several lines at once, when it runs on WASM.
// The line encoder is most of a scanned page's time in the browser (59–63 %, bench/PAGES.md) and onnxruntime-web's
// threads help a 48-px line as little as onnxruntime-node's do; workers each with one-thread sessions read lines side
// by side, as the CLI's threads do (src/node/line-encoder-pool.ts), and need no cross-origin isolation. The pool
// itself is core/recognize/encoder-pool.ts; this file starts its workers.
import { jobTransfer, openEncoderPool, type EncodeReply, type EncoderThreadInit } from '../../src/core/recognize/encoder-pool';
import type { LineEncoderFactory } from '../../src/core/recognize/line-memory';

/** Encoder workers for `cores` cores (at most 4: the page's other work needs a core too); none for one core. */
export function encoderWorkerCount(cores: number | undefined): number {
  const n = Math.min(4, Math.floor(cores || 1));
  return n > 1 ? n : 0;
}

/** `workers` encoder workers, or undefined for none (the engine encodes lines itself then). */
export function webLineEncoderPool(workers: number): LineEncoderFactory | undefined {
  if (workers < 1) return undefined;
  return (graphs, spec, label) =>
    openEncoderPool(
      workers,
      (events) => {
        const w = new Worker(new URL('./line-encoder.worker.ts', import.meta.url), { type: 'module', name: 'line-encoder' });
        w.onmessage = (e: MessageEvent<EncodeReply>) => events.reply(e.data);
        w.onerror = (e) => {
          e.preventDefault();
          events.ended(`failed: ${e.message || 'the worker could not start'}`);
        };
        // Each worker gets its own copy of the graphs (5–6 MB): the engine keeps its own for its sessions.
        w.postMessage({ ...graphs, spec, label } satisfies EncoderThreadInit);
        return {
          post: (job) => w.postMessage(job, jobTransfer(job)),
          terminate: () => {
            w.terminate();
            events.ended('terminated');
          },
        };
      },
      label,
    );
}
