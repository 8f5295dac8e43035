// FastMTP acceptance for one row (DESIGN §3, step 4): the verifier call fed [g, d_1 … d_K]
// and produced argmaxes a_0 … a_K; d_i is accepted while d_i == a_{i-1}, and a_m (m accepted)
// is the next certain token. Every committed token goes through the row's stop rules, so eos or
// maxTokens inside an accepted run ends the row right there.
import { commitToken } from './stop-rules';
import type { FinishReason, StopRules } from './types';

export interface VerifyOutcome {
  /** Drafts committed (m); the row's next draft starts from verifier position m. */
  accepted: number;
  /** Draft steps compared while the row was still running (for conditional acceptance). */
  proposed: number;
  /** Tokens committed this pass, eos included: 1 … K + 1 while the row runs. */
  emitted: number;
  finish: FinishReason | null;
}

/**
 * `drafts` = d_1 … d_K (K ≥ 0), `verified` = a_0 … a_K. Appends the committed tokens to `out`
 * (never eos). With K = 0 this is one plain greedy step.
 */
export function verifyDrafts(
  drafts: ArrayLike<number>,
  verified: ArrayLike<number>,
  out: number[],
  stop: StopRules,
): VerifyOutcome {
  let accepted = 0;
  let proposed = 0;
  for (let i = 0; i < drafts.length; i++) {
    proposed++;
    const draft = drafts[i]!;
    if (draft !== verified[i]) break;
    accepted++;
    const finish = commitToken(out, draft, stop);
    if (finish) return { accepted, proposed, emitted: accepted, finish };
  }
  const finish = commitToken(out, verified[accepted]!, stop);
  return { accepted, proposed, emitted: accepted + 1, finish };
}
