// Turns greedy and FastMTP runs over the same lines into the bench:decode record (pure; Node and browser).
import { acceptanceRates, tokensPerPass } from '../src/core/decoding/stats';
import type { DecodeStats } from '../src/core/decoding/types';

export interface DecodeRun {
  k: number;
  tokens: number[][];
  stats: DecodeStats;
  /** Decoder + draft seconds. */
  seconds: number;
}

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
  /** Node only, where the pack has fused draft graphs: the same K drafting one graph call per step. */
  stepwise_draft?: {
    tokens_per_s: Record<string, number>;
    speedup_vs_k0: Record<string, number>;
    draft_calls_per_token: Record<string, number>;
    identical: boolean;
  };
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** Keeps the fastest run per K (runs are interleaved over repeats, so load hits every K alike). */
export function fastestPerK(runs: DecodeRun[]): Map<number, DecodeRun> {
  const best = new Map<number, DecodeRun>();
  for (const r of runs) if (!best.has(r.k) || r.seconds < best.get(r.k)!.seconds) best.set(r.k, r);
  return best;
}

export function summarize(runs: DecodeRun[], meta: { engine: string; pack: string; batch: number }): DecodeBenchResult {
  const byK = fastestPerK(runs);
  const ks = [...byK.keys()].sort();
  const spec = ks.filter((k) => k > 0);
  const get = (k: number) => byK.get(k)!;
  const ref = get(0).tokens;
  const mismatched = Object.fromEntries(spec.map((k) => [`k${k}`, get(k).tokens.filter((t, i) => t.join() !== ref[i]!.join()).length]));
  const tps = Object.fromEntries(ks.map((k) => [`k${k}`, get(k).stats.tokens / get(k).seconds]));
  const best = spec.reduce((a, k) => (tps[`k${k}`]! > tps[`k${a}`]! ? k : a), spec[0]!);
  const last = spec[spec.length - 1]!;
  return {
    ...meta,
    lines: ref.length,
    tokens: get(0).stats.tokens,
    tokens_per_s: Object.fromEntries(Object.entries(tps).map(([k, v]) => [k, round(v, 1)])),
    speedup_best_vs_k0: round(tps[`k${best}`]! / tps.k0!),
    best_k: best,
    tokens_per_pass: Object.fromEntries(spec.map((k) => [`k${k}`, round(tokensPerPass(get(k).stats))])),
    acceptance_per_step: acceptanceRates(get(last).stats).map((x) => round(x)),
    acceptance_per_step_by_k: Object.fromEntries(spec.map((k) => [`k${k}`, acceptanceRates(get(k).stats).map((x) => round(x))])),
    decoder_calls_per_token: Object.fromEntries(ks.map((k) => [`k${k}`, round(get(k).stats.decoderCalls / get(k).stats.tokens)])),
    draft_calls_per_token: Object.fromEntries(ks.map((k) => [`k${k}`, round(get(k).stats.draftCalls / get(k).stats.tokens)])),
    identical: Object.values(mismatched).every((n) => n === 0),
    mismatched_lines: mismatched,
  };
}

/** The step-by-step drafting runs beside the main ones (same lines, same run, fastest per K). */
export function stepwiseSummary(stepwise: DecodeRun[], runs: DecodeRun[]): NonNullable<DecodeBenchResult['stepwise_draft']> {
  const byK = fastestPerK(stepwise);
  const main = fastestPerK(runs);
  const k0 = main.get(0)!;
  const tps = (r: DecodeRun) => r.stats.tokens / r.seconds;
  const ks = [...byK.keys()].sort();
  return {
    tokens_per_s: Object.fromEntries(ks.map((k) => [`k${k}`, round(tps(byK.get(k)!), 1)])),
    speedup_vs_k0: Object.fromEntries(ks.map((k) => [`k${k}`, round(tps(byK.get(k)!) / tps(k0))])),
    draft_calls_per_token: Object.fromEntries(ks.map((k) => [`k${k}`, round(byK.get(k)!.stats.draftCalls / byK.get(k)!.stats.tokens)])),
    identical: ks.every((k) => byK.get(k)!.tokens.every((t, i) => t.join() === k0.tokens[i]!.join())),
  };
}
