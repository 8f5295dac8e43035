// Plain greedy vs FastMTP K = 1..3 on the same real line crops, onnxruntime-node. One encoding per line,
// then each K decodes every line; tokens/s counts decoder + draft time (the part speculation changes).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../src/node/page-ocr';
import { corpusLines } from '../test/support/line-corpus';
import { summarize, type DecodeBenchResult, type DecodeRun } from './decode-summary';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

export function defaultPackDir(): string {
  return existsSync(root('models/pocket/pack.json')) ? root('models/pocket') : root('test/fixtures/varied-tiny');
}

export async function benchNode(packDir: string, batch: number, maxLines: number, repeats: number): Promise<DecodeBenchResult> {
  const engine = await openNodeEngine(packDir, 1);
  try {
    const lines = (await corpusLines(engine)).slice(0, maxLines);
    const { memories } = await encodeLines(engine.text, lines.map((l) => l.input));
    // Warm-up: first calls allocate and pick kernels.
    await decodeLines(engine.text, memories.slice(0, 4), { k: 3, batchSize: batch });
    const runs: DecodeRun[] = [];
    for (let r = 0; r < repeats; r++) {
      for (const k of [0, 1, 2, 3]) {
        const d = await decodeLines(engine.text, memories, { k, batchSize: batch });
        runs.push({ k, tokens: d.tokens, stats: d.stats, seconds: (d.stats.ms.decoder + d.stats.ms.draft) / 1000 });
      }
    }
    return summarize(runs, { engine: 'onnxruntime-node 1.30 (cpu, 1 thread)', pack: engine.packName, batch });
  } finally {
    await closePageEngine(engine);
  }
}
