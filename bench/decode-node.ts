// Plain greedy vs FastMTP K = 1..3 on the same real line crops, onnxruntime-node. One encoding per line,
// then each K decodes every line; tokens/s counts decoder + draft time (the part speculation changes).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../src/node/page-ocr';
import { corpusLines } from '../test/support/line-corpus';
import { emptyStats, mergeStats } from '../src/core/decoding/stats';
import { stepwiseSummary, summarize, type DecodeBenchResult, type DecodeRun } from './decode-summary';
import type { SpeculativeModel } from '../src/core/decoding/types';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

export function defaultPackDir(): string {
  return existsSync(root('models/pocket/pack.json')) ? root('models/pocket') : root('test/fixtures/varied-tiny');
}

/** Lines per interleaving round. */
const CHUNK = 16;

export async function benchNode(packDir: string, batch: number, maxLines: number, repeats: number): Promise<DecodeBenchResult> {
  const engine = await openNodeEngine(packDir, 1);
  try {
    // What the app decodes: the pieces of each line (pack splitWidth), not whole lines.
    const lines = (await corpusLines(engine, undefined, { asRead: true })).slice(0, maxLines);
    const { memories } = await encodeLines(engine.text, lines.map((l) => l.input));
    // Warm-up: first calls allocate and pick kernels.
    await decodeLines(engine.text, memories.slice(0, 4), { k: 3, batchSize: batch });
    // The same model drafting one call per step (fused draft graphs ignored), to show what fusing gains.
    const stepwise = { ...engine.text, model: withoutFusedDraft(engine.text.model) };
    const fused = engine.text.model.fusedDraftSteps ?? [];
    const variants = [0, 1, 2, 3].flatMap((k) => [{ k, rec: engine.text, stepwise: false }, ...(fused.includes(k) ? [{ k, rec: stepwise, stepwise: true }] : [])]);
    const runs: DecodeRun[] = [];
    const stepwiseRuns: DecodeRun[] = [];
    for (let r = 0; r < repeats; r++) {
      const acc = variants.map((v) => ({ k: v.k, tokens: [] as number[][], stats: emptyStats(v.k), seconds: 0 }));
      // Every variant reads each chunk of lines before the next chunk starts, so a change in machine load
      // (this CPU is shared) hits every K alike instead of whichever K runs last.
      for (let at = 0; at < memories.length; at += CHUNK) {
        const chunk = memories.slice(at, at + CHUNK);
        for (const [i, v] of variants.entries()) {
          const d = await decodeLines(v.rec, chunk, { k: v.k, batchSize: batch });
          const a = acc[i]!;
          a.tokens.push(...d.tokens);
          a.stats = mergeStats(a.stats, d.stats);
          a.seconds += (d.stats.ms.decoder + d.stats.ms.draft) / 1000;
        }
      }
      variants.forEach((v, i) => (v.stepwise ? stepwiseRuns : runs).push(acc[i]!));
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
