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
