// The page pipeline in Node (CLI, integration tests, benchmarks): a pack folder on onnxruntime-node.
// `lines` packs run detector → layout → recognizer; `page` packs run the page model (src/core/page-pack).
import { isPagePack, type LoadedPack } from '../core/pack/loaded-pack';
import type { PagePack } from '../core/pack/page-pack-types';
import { closePagePackEngine, ocrPagePack, openPagePackEngine, type PagePackEngine } from '../core/page-pack/page-pack-engine';
import { ocrPage, type OcrPageOptions } from '../core/pipeline/ocr-page';
import { closePageEngine, openPageEngine, type PageEngine } from '../core/pipeline/page-engine';
import type { PageImage, PageResult } from '../protocol/page';
import { loadPackDir } from './load-pack';
import { OrtNodeRuntime } from './ort-node-session';

/** A `lines` pack's engine (detector, recognizers); throws for other kinds. */
export async function openNodeEngine(packDir: string, threads = 0): Promise<PageEngine> {
  const pack = await loadPackDir(packDir);
  const runtime = new OrtNodeRuntime({ threads });
  return openPageEngine(runtime, (bytes, label, graph) => runtime.session(bytes, label, [], graph), pack);
}

export async function openNodePagePack(pack: LoadedPack<PagePack>, threads = 0): Promise<PagePackEngine> {
  const runtime = new OrtNodeRuntime({ threads });
  return openPagePackEngine(runtime, (bytes, label, graph, externalData) => runtime.session(bytes, label, externalData, graph), pack);
}

export interface NodePageOcr {
  /** The pack's kind, for messages. */
  kind: 'lines' | 'page';
  ocrPage(image: PageImage, page: number, extra?: Partial<OcrPageOptions>): Promise<PageResult>;
  close(): Promise<void>;
}

export async function createNodePageOcr(o: { packDir: string; k: number; dropHeaders: boolean; batchSize?: number; threads?: number }): Promise<NodePageOcr> {
  const pack = await loadPackDir(o.packDir);
  if (isPagePack(pack)) {
    const engine = await openNodePagePack(pack, o.threads);
    return {
      kind: 'page',
      // Page models write their own running headers; dropHeaders applies to `lines` layout only.
      ocrPage: (image, page, extra) => ocrPagePack(engine, image, page, { k: o.k, ...extra }),
      close: () => closePagePackEngine(engine),
    };
  }
  const runtime = new OrtNodeRuntime({ threads: o.threads });
  const engine = await openPageEngine(runtime, (bytes, label, graph) => runtime.session(bytes, label, [], graph), pack);
  return {
    kind: 'lines',
    ocrPage: (image, page, extra) => ocrPage(engine, image, page, { k: o.k, dropHeaders: o.dropHeaders, batchSize: o.batchSize, ...extra }),
    close: () => closePageEngine(engine),
  };
}
