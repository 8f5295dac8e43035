// Plain greedy vs FastMTP K = 1..3 on the same real line crops, onnxruntime-node. One encoding per line,
// then each K decodes every line; tokens/s counts decoder + draft time (the part speculation changes).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../src/node/page-ocr';
import { corpusLines } from '../test/support/line-corpus';
import { stepwiseSummary, summarize, type DecodeBenchResult, type DecodeRun } from './decode-summary';
import type { SpeculativeModel } from '../src/core/decoding/types';

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
    // The same model drafting one call per step (fused draft graphs ignored), to show what fusing gains.
    const stepwise = { ...engine.text, model: withoutFusedDraft(engine.text.model) };
    const runs: DecodeRun[] = [];
    const stepwiseRuns: DecodeRun[] = [];
    const fused = engine.text.model.fusedDraftSteps ?? [];
    for (let r = 0; r < repeats; r++) {
      for (const k of [0, 1, 2, 3]) {
        const d = await decodeLines(engine.text, memories, { k, batchSize: batch });
        runs.push({ k, tokens: d.tokens, stats: d.stats, seconds: (d.stats.ms.decoder + d.stats.ms.draft) / 1000 });
        if (!fused.includes(k)) continue;
        const s = await decodeLines(stepwise, memories, { k, batchSize: batch });
        stepwiseRuns.push({ k, tokens: s.tokens, stats: s.stats, seconds: (s.stats.ms.decoder + s.stats.ms.draft) / 1000 });
      }
    }
    const result = summarize(runs, { engine: 'onnxruntime-node 1.30 (cpu, 1 thread)', pack: engine.packName, batch });
    return stepwiseRuns.length ? { ...result, stepwise_draft: stepwiseSummary(stepwiseRuns, runs) } : result;
  } finally {
    await closePageEngine(engine);
  }
}

/** The model with its fused draft graphs hidden, so every K drafts one call per step. */
function withoutFusedDraft<C, M>(model: SpeculativeModel<C, M>): SpeculativeModel<C, M> {
  return Object.assign(Object.create(model) as SpeculativeModel<C, M>, { fusedDraftSteps: [] });
}
