// The page reader in Node (CLI, queue workers, integration tests, benchmarks): a pack folder on onnxruntime-node.
//   openNodeReader(packDir, threads?) → PageReader (core/reader/page-reader.ts), for either pack kind;
//   openNodeEngine(packDir, threads?) → the lines pipeline's sessions, for tools that drive its stages one by one.
import { openPageReader, type PageReader } from '../core/reader/page-reader';
import { openPageEngine, type PageEngine } from '../core/pipeline/page-engine';
import { loadPackDir } from './load-pack';
import { OrtNodeRuntime } from './ort-node-session';

export async function openNodeReader(packDir: string, threads = 0): Promise<PageReader> {
  const pack = await loadPackDir(packDir);
  const runtime = new OrtNodeRuntime({ threads });
  return openPageReader(runtime, (bytes, label, graph, externalData = []) => runtime.session(bytes, label, externalData, graph), pack);
}

/** A `lines` pack's engine (detector, recognizers); throws for other kinds. */
export async function openNodeEngine(packDir: string, threads = 0): Promise<PageEngine> {
  const pack = await loadPackDir(packDir);
  const runtime = new OrtNodeRuntime({ threads });
  return openPageEngine(runtime, (bytes, label, graph) => runtime.session(bytes, label, [], graph), pack);
}
