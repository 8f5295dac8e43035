// The draft length K a decode runs at, from the K asked for and what the model can draft.

/**
 * `k` capped at the pack's `maxDraft`; 0 (plain greedy) when the model has no draft graph. A k below 0 is
 * passed on, for decodeBatch to reject.
 */
export function draftLength(k: number, hasDraft: boolean, maxDraft: number): number {
  return hasDraft ? Math.min(k, maxDraft) : 0;
}
