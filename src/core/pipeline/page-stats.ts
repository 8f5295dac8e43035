// PageStats from a page's decoding stats and stage times; shared by `lines` and `page` packs.
import { tokensPerPass } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import type { PageStats } from '../../protocol/page';

/** `other` is the page time no stage accounts for. */
export function pageStats(
  s: DecodeStats,
  backend: string,
  ms: { total: number; detect: number; encoder: number; layout: number },
): PageStats {
  const accounted = ms.detect + ms.encoder + s.ms.decoder + s.ms.draft + ms.layout;
  return {
    tokens: s.tokens,
    decoderCalls: s.decoderCalls,
    draftCalls: s.draftCalls,
    acceptedPerStep: s.acceptedPerStep,
    proposedPerStep: s.proposedPerStep,
    tokensPerPass: tokensPerPass(s),
    ms: { ...ms, decoder: s.ms.decoder, draft: s.ms.draft, other: Math.max(0, ms.total - accounted) },
    backend,
  };
}

/** The stats of a page nothing was recognized on; `ms` is its whole time, spent placing text (0 for a blank page). */
export function emptyPageStats(backend: string, ms = 0): PageStats {
  return {
    tokens: 0,
    decoderCalls: 0,
    draftCalls: 0,
    acceptedPerStep: [],
    proposedPerStep: [],
    tokensPerPass: 0,
    ms: { total: ms, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: ms, other: 0 },
    backend,
  };
}
