// One encoder worker of the engine's line encoder pool (line-encoder-pool.ts): the recognizer's encoder and memory
// graphs on onnxruntime-web's WASM build, one thread, reading one line at a time. Its first message is what it is
// started with; every later one is a line.
import type { EncodeJob, EncodeReply, EncoderThreadInit } from '../../src/core/recognize/encoder-pool';
import { replyTransfer, serveLineEncoder } from '../../src/core/recognize/encoder-pool';
import { OrtWebRuntime } from './ort-session';

const scope = self as unknown as { onmessage: ((e: MessageEvent) => void) | null; postMessage(m: unknown, transfer?: Transferable[]): void };

const post = (r: EncodeReply) => scope.postMessage(r, replyTransfer(r));

scope.onmessage = (first: MessageEvent<EncoderThreadInit>) => {
  const jobs: EncodeJob[] = [];
  let serve: ((job: EncodeJob) => void) | null = null;
  scope.onmessage = (e: MessageEvent<EncodeJob>) => (serve ? serve(e.data) : jobs.push(e.data));
  void (async () => {
    try {
      const runtime = await OrtWebRuntime.open('wasm', 1);
      serve = await serveLineEncoder(runtime, (bytes, label, graph) => runtime.session(bytes, label, graph), first.data, post);
    } catch (e) {
      post({ id: -1, error: `onnxruntime-web did not start: ${(e as Error).message ?? String(e)}` });
    }
    for (const job of jobs.splice(0)) serve?.(job);
  })();
};
