// One thread of the line encoder pool (line-encoder-pool.ts): the recognizer's encoder and memory graphs in
// sessions of its own, on one core, reading one line at a time (core/recognize/encoder-pool.ts serveLineEncoder).
import { parentPort, workerData } from 'node:worker_threads';
import { replyTransfer, serveLineEncoder, type EncodeJob, type EncoderThreadInit } from '../core/recognize/encoder-pool';
import { OrtNodeRuntime } from './ort-node-session';

const port = parentPort!;
const runtime = new OrtNodeRuntime({ threads: 1 });
const serve = await serveLineEncoder(runtime, (bytes, label, graph) => runtime.session(bytes, label, [], graph), workerData as EncoderThreadInit, (r) =>
  port.postMessage(r, replyTransfer(r)),
);
if (serve) port.on('message', (job: EncodeJob) => serve(job));
