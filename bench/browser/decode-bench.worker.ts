// bench:decode in Chromium: the same pages and lines as the Node run, on onnxruntime-web's WASM EP.
import * as Comlink from 'comlink';
import { loadPackFromUrl } from '../../src/cache/load-pack-url';
import { PackStore } from '../../src/cache/pack-store';
import { lineInput, linePreprocess, type LineInput } from '../../src/core/image/line-input';
import { detectLines } from '../../src/core/pipeline/detect-lines';
import { readingPieces } from '../../src/core/image/line-pieces';
import { openPageEngine } from '../../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../../src/core/recognize/recognize-lines';
import type { PageImage } from '../../src/protocol/page';
import { OrtWebRuntime } from '../../workers/engine/ort-session';
import { summarize, type DecodeRun } from '../decode-summary';

async function decodePng(bytes: Uint8Array): Promise<PageImage> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: 'image/png' }));
  const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const d = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  return { width: d.width, height: d.height, pixels: d.data, dpi: 0 };
}

async function run(packUrl: string, pages: Uint8Array[], o: { batch: number; maxLines: number; repeats: number }) {
  const pack = await loadPackFromUrl(packUrl, { store: new PackStore(undefined) });
  const runtime = await OrtWebRuntime.open('wasm');
  const engine = await openPageEngine(runtime, (b, l, g) => runtime.session(b, l, g), pack);
  const pre = linePreprocess(engine.text.spec.preprocess);
  const inputs: LineInput[] = [];
  for (const png of pages) {
    const page = await decodePng(png);
    // The pieces the page pipeline reads (wide lines cut at word gaps), as in the Node half of the bench.
    const lines = (await detectLines(engine, page)).map((l) => l.bbox);
    const split = engine.text.spec.preprocess.splitWidth ?? 0;
    for (const box of readingPieces(page, lines, split, pre.targetHeight).boxes) inputs.push(lineInput(page, box, pre));
  }
  const { memories } = await encodeLines(engine.text, inputs.slice(0, o.maxLines));
  await decodeLines(engine.text, memories.slice(0, 4), { k: 3, batchSize: o.batch });
  const runs: DecodeRun[] = [];
  for (let r = 0; r < o.repeats; r++) {
    for (const k of [0, 1, 2, 3]) {
      const d = await decodeLines(engine.text, memories, { k, batchSize: o.batch });
      runs.push({ k, tokens: d.tokens, stats: d.stats, seconds: (d.stats.ms.decoder + d.stats.ms.draft) / 1000 });
    }
  }
  const threads = globalThis.crossOriginIsolated ? 'threads' : '1 thread';
  return summarize(runs, { engine: `onnxruntime-web 1.30 WASM in Chromium (${threads})`, pack: pack.manifest.name, batch: o.batch });
}

Comlink.expose({ run });
