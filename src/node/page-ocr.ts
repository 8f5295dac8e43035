// The page pipeline in Node (CLI, integration tests, benchmarks): a pack folder on onnxruntime-node.
import { ocrPage, type OcrPageOptions } from '../core/pipeline/ocr-page';
import { closePageEngine, openPageEngine, type PageEngine } from '../core/pipeline/page-engine';
import type { PageImage, PageResult } from '../protocol/page';
import { loadPackDir } from './load-pack';
import { OrtNodeRuntime } from './ort-node-session';

export async function openNodeEngine(packDir: string, threads = 0): Promise<PageEngine> {
  const pack = await loadPackDir(packDir);
  const runtime = new OrtNodeRuntime({ threads });
  return openPageEngine(runtime, (bytes, label) => runtime.session(bytes, label), pack);
}

export async function createNodePageOcr(o: { packDir: string; k: number; dropHeaders: boolean; batchSize?: number }): Promise<{
  ocrPage(image: PageImage, page: number, extra?: Partial<OcrPageOptions>): Promise<PageResult>;
  close(): Promise<void>;
}> {
  const engine = await openNodeEngine(o.packDir);
  return {
    ocrPage: (image, page, extra) => ocrPage(engine, image, page, { k: o.k, dropHeaders: o.dropHeaders, batchSize: o.batchSize, ...extra }),
    close: () => closePageEngine(engine),
  };
}
