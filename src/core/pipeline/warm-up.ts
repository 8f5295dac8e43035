// Runs every graph once before the engine reports ready, so the first page does not pay for kernel
// compilation (seconds on WebGPU) and a backend that cannot run the pack fails here, not mid-document.
import { lineInput, linePreprocess } from '../image/line-input';
import { recognizeLines } from '../recognize/recognize-lines';
import type { PageImage } from '../../protocol/page';
import { detectLines } from './detect-lines';
import type { PageEngine } from './page-engine';

function blankPage(width: number, height: number): PageImage {
  return { width, height, pixels: new Uint8ClampedArray(width * height * 4).fill(255), dpi: 0 };
}

export async function warmUp(engine: PageEngine, k: number): Promise<void> {
  const page = blankPage(256, 64);
  await detectLines(engine, page);
  for (const rec of [engine.text, engine.formula]) {
    if (!rec) continue;
    const pre = linePreprocess(rec.spec.preprocess);
    const box: [number, number, number, number] = [0, 0, 256, 64];
    // A few tokens are enough to run decoder and draft at T = 1 and T = K + 1.
    await recognizeLines(rec, [0], () => lineInput(page, box, pre), { k, batchSize: 1, maxTokens: k + 3 });
  }
}
