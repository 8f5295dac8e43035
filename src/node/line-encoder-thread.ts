// One thread of the line encoder pool (line-encoder-pool.ts): the recognizer's encoder and memory graphs in
// sessions of its own, on one core, reading one line at a time with the engine's own encodeLine.
import { parentPort, workerData } from 'node:worker_threads';
import { encodeLine, type GraphBytes, type MemoryGraphs } from '../core/recognize/line-memory';
import type { RecognizerSpec } from '../core/pack/manifest-types';
import { OrtNodeRuntime } from './ort-node-session';
import type { EncodeJob, EncodeReply } from './line-encoder-pool';

const data = workerData as { encoder: GraphBytes; memory: GraphBytes; spec: RecognizerSpec; label: string };
const port = parentPort!;
const runtime = new OrtNodeRuntime({ threads: 1 });
try {
  // With their pack entries: the runtime runs each graph as exactly as the main thread does (needsExactQdq).
  const [encoder, memory] = await Promise.all([
    runtime.session(data.encoder.bytes, data.label, [], data.encoder.graph),
    runtime.session(data.memory.bytes, `${data.label}, memory graph`, [], data.memory.graph),
  ]);
  const graphs: MemoryGraphs = { runtime, encoder, memory, spec: data.spec };
  port.on('message', (job: EncodeJob) => {
    encodeLine(graphs, job.line).then(
      (memory) => port.postMessage({ id: job.id, memory } satisfies EncodeReply),
      (e: unknown) => port.postMessage({ id: job.id, error: (e as Error).message ?? String(e) } satisfies EncodeReply),
    );
  });
  port.postMessage({ id: -1 } satisfies EncodeReply);
} catch (e) {
  port.postMessage({ id: -1, error: (e as Error).message ?? String(e) } satisfies EncodeReply);
}
