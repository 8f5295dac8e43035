// The page reader in Node (CLI, queue workers, integration tests, benchmarks): a pack folder on onnxruntime-node.
//   openNodeReader(packDir, threads?) → PageReader (core/reader/page-reader.ts), for either pack kind;
//   openNodeEngine(packDir, threads?) → the lines pipeline's sessions, for tools that drive its stages one by one.
// `threads`: the cores it may use (0: all). With more than one, a lines pack reads line memories on that many
// threads (line-encoder-pool.ts).
import { availableParallelism } from 'node:os';
import { openPageReader, type PageReader } from '../core/reader/page-reader';
import { closePageEngine, openPageEngine, type PageEngine } from '../core/pipeline/page-engine';
import { isLinesPack, isPagePack, type LoadedPack } from '../core/pack/loaded-pack';
import type { GraphSpec } from '../core/pack/manifest-types';
import { loadPackDir } from './load-pack';
import { lineEncoderPool } from './line-encoder-pool';
import { OrtNodeRuntime } from './ort-node-session';

export async function openNodeReader(packDir: string, threads = 0): Promise<PageReader> {
  const pack = await loadPackDir(packDir);
  // A page model is one large graph a call: onnxruntime's own threads are what it needs.
  const pool = isPagePack(pack) ? undefined : lineEncoderPool(threads);
  const runtime = new OrtNodeRuntime({ threads: mainThreads(threads, pool) });
  const runtimeOf = runtimeFor(pack, runtime, threads);
  const reader = await openPageReader(runtime, (bytes, label, graph, externalData = []) => runtimeOf(graph).session(bytes, label, externalData, graph), pack, pool);
  // In Node the encoder threads start in well under a second: waited for, and one that cannot start is an error.
  const failed = await reader.started();
  if (failed) {
    await reader.close();
    throw new Error(failed);
  }
  return reader;
}

/** A `lines` pack's engine (detector, recognizers); throws for other kinds. */
export async function openNodeEngine(packDir: string, threads = 0): Promise<PageEngine> {
  const pack = await loadPackDir(packDir);
  const pool = lineEncoderPool(threads);
  const runtime = new OrtNodeRuntime({ threads: mainThreads(threads, pool) });
  const runtimeOf = runtimeFor(pack, runtime, threads);
  const engine = await openPageEngine(runtime, (bytes, label, graph) => runtimeOf(graph).session(bytes, label, [], graph), pack, pool);
  await engine.text.lineEncoderReady;
  if (engine.text.lineEncoderError) {
    await closePageEngine(engine);
    throw new Error(engine.text.lineEncoderError);
  }
  return engine;
}

/** With encoder threads on the cores, the main thread's sessions run on one: more would wait on busy cores. */
const mainThreads = (threads: number, pool: unknown) => (pool ? 1 : threads);

/**
 * The runtime each graph's session is made on. A lines pack's detector runs before a page's lines are read, when
 * the encoder threads have nothing to do, so it gets every core it may use: a page detected at 1280 px takes
 * 175 ms on two threads against 287 on one (onnxruntime-node, this machine's 2 cores). The rest share `runtime`.
 */
export function runtimeFor(pack: LoadedPack, runtime: OrtNodeRuntime, threads: number): (graph: GraphSpec) => OrtNodeRuntime {
  // Named, not 0: onnxruntime's own choice is one thread per physical core, one on this machine.
  const cores = threads > 0 ? threads : availableParallelism();
  if (!isLinesPack(pack) || runtime.threads === cores) return () => runtime;
  const detector = new OrtNodeRuntime({ threads: cores });
  const { graph: float, graphInt8 } = pack.manifest.detector;
  return (graph) => (graph === float || graph === graphInt8 ? detector : runtime);
}
