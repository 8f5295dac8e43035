// Decoding counters. `tokens` counts every token the decoder emitted, eos included, so plain
// greedy decoding makes exactly one token per row pass and tokensPerPass(greedy) = 1.
import type { DecodeStats } from './types';

export function emptyStats(k = 0): DecodeStats {
  return {
    tokens: 0,
    decoderCalls: 0,
    draftCalls: 0,
    acceptedPerStep: new Array<number>(k).fill(0),
    proposedPerStep: new Array<number>(k).fill(0),
    ms: { decoder: 0, draft: 0 },
    rowPasses: 0,
  };
}

/** Mean tokens committed per row per decoder pass (1 for greedy, up to K + 1 with FastMTP). */
export function tokensPerPass(stats: DecodeStats): number {
  const passes = stats.rowPasses ?? stats.decoderCalls;
  return passes > 0 ? stats.tokens / passes : 0;
}

/**
 * Conditional acceptance of draft step k + 1: of the times the verifier reached that step
 * (all earlier drafts accepted, row still running), how often it was accepted.
 */
export function acceptanceRates(stats: DecodeStats): number[] {
  return stats.proposedPerStep.map((p, i) => (p > 0 ? stats.acceptedPerStep[i]! / p : 0));
}

/** Sum of two stats (e.g. over the lines of a page); per-step arrays of any lengths. */
export function mergeStats(a: DecodeStats, b: DecodeStats): DecodeStats {
  const steps = Math.max(a.proposedPerStep.length, b.proposedPerStep.length);
  const sum = (x: number[], y: number[]) => Array.from({ length: steps }, (_, i) => (x[i] ?? 0) + (y[i] ?? 0));
  return {
    tokens: a.tokens + b.tokens,
    decoderCalls: a.decoderCalls + b.decoderCalls,
    draftCalls: a.draftCalls + b.draftCalls,
    acceptedPerStep: sum(a.acceptedPerStep, b.acceptedPerStep),
    proposedPerStep: sum(a.proposedPerStep, b.proposedPerStep),
    ms: { decoder: a.ms.decoder + b.ms.decoder, draft: a.ms.draft + b.ms.draft },
    rowPasses: (a.rowPasses ?? a.decoderCalls) + (b.rowPasses ?? b.decoderCalls),
  };
}
