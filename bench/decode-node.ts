// Plain greedy vs FastMTP K = 1..3 on the same real line crops, onnxruntime-node. One encoding per line,
// then each K decodes every line; tokens/s counts decoder + draft time (the part speculation changes).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { acceptanceRates, tokensPerPass } from '../src/core/decoding/stats';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../src/node/page-ocr';
import { corpusLines } from '../test/support/line-corpus';

export interface DecodeBenchResult {
  engine: string;
  pack: string;
  lines: number;
  batch: number;
  tokens: number;
  tokens_per_s: Record<string, number>;
  speedup_best_vs_k0: number;
  best_k: number;
  tokens_per_pass: Record<string, number>;
  acceptance_per_step: number[];
  acceptance_per_step_by_k: Record<string, number[]>;
  decoder_calls_per_token: Record<string, number>;
  draft_calls_per_token: Record<string, number>;
  identical: boolean;
  mismatched_lines: Record<string, number>;
}

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
    const ks = [0, 1, 2, 3];
    const out: Record<number, { tokens: number[][]; s: number; stats: Awaited<ReturnType<typeof decodeLines>>['stats'] }> = {};
    for (let r = 0; r < repeats; r++) {
      // Interleave K so background load on the shared machine hits every K alike; keep the fastest run.
      for (const k of ks) {
        const d = await decodeLines(engine.text, memories, { k, batchSize: batch });
        const s = (d.stats.ms.decoder + d.stats.ms.draft) / 1000;
        if (!out[k] || s < out[k]!.s) out[k] = { tokens: d.tokens, s, stats: d.stats };
      }
    }
    const ref = out[0]!.tokens;
    const mismatched = Object.fromEntries(
      ks.slice(1).map((k) => [`k${k}`, out[k]!.tokens.filter((t, i) => t.join() !== ref[i]!.join()).length]),
    );
    const tps = Object.fromEntries(ks.map((k) => [`k${k}`, out[k]!.stats.tokens / out[k]!.s]));
    const best = ks.slice(1).reduce((a, k) => (tps[`k${k}`]! > tps[`k${a}`]! ? k : a), 1);
    const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
    return {
      engine: 'onnxruntime-node 1.30 (cpu, 1 thread)',
      pack: engine.packName,
      lines: lines.length,
      batch,
      tokens: out[0]!.stats.tokens,
      tokens_per_s: Object.fromEntries(Object.entries(tps).map(([k, v]) => [k, round(v, 1)])),
      speedup_best_vs_k0: round(tps[`k${best}`]! / tps.k0!),
      best_k: best,
      tokens_per_pass: Object.fromEntries(ks.slice(1).map((k) => [`k${k}`, round(tokensPerPass(out[k]!.stats))])),
      acceptance_per_step: acceptanceRates(out[3]!.stats).map((x) => round(x)),
      acceptance_per_step_by_k: Object.fromEntries(ks.slice(1).map((k) => [`k${k}`, acceptanceRates(out[k]!.stats).map((x) => round(x))])),
      decoder_calls_per_token: Object.fromEntries(ks.map((k) => [`k${k}`, round(out[k]!.stats.decoderCalls / out[k]!.stats.tokens)])),
      draft_calls_per_token: Object.fromEntries(ks.map((k) => [`k${k}`, round(out[k]!.stats.draftCalls / out[k]!.stats.tokens)])),
      identical: Object.values(mismatched).every((n) => n === 0),
      mismatched_lines: mismatched,
    };
  } finally {
    await closePageEngine(engine);
  }
}
