// Misread words of a recognized page mended with the pack's word list (text/word-repair.ts), and function words
// the recognizer wrote twice cut to one (text/word-repeats.ts), and old print's spacing closed up
// (text/print-spacing.ts: "Sirs ; masters"). Lines are taken
// in reading order, block by block, so a line that goes on a word the line before broke with a hyphen keeps
// that half as read. A page whose words the list mostly does not know (another language, handwriting read
// as letter soup) is left as read: mends are only as good as the list is for the page.
import type { Block } from '../layout/types';
import type { Lexicon } from '../text/lexicon';
import { knownShare, repairLine } from '../text/word-repair';
import { markEquations } from '../text/equations';
import { closePrintSpacing } from '../text/print-spacing';
import { cutRepeatedWords } from '../text/word-repeats';

/** Below this share of known words the page is not taken to be in the list's language. */
export const MIN_KNOWN_SHARE = 0.5;

/** Mends `texts` in place (formula blocks untouched); returns how many lines changed. */
export function mendWords(blocks: readonly Block[], texts: (string | undefined)[], lex: Lexicon): number {
  const lines = blocks.filter((b) => b.type !== 'formula').map((b) => b.lines);
  if (knownShare(lines.flat().map((i) => texts[i] ?? ''), lex) < MIN_KNOWN_SHARE) return 0;
  const changed = new Set<number>();
  for (const block of lines) {
    const ids = block.filter((i) => texts[i]);
    let before = '';
    const mended = ids.map((i) => {
      const text = texts[i]!;
      const out = cutRepeatedWords(repairLine(text, lex, { continues: /[-‐]$/.test(before) }));
      before = text.trimEnd();
      return out;
    });
    closePrintSpacing(mended, lex).forEach((text, n) => {
      if (text === texts[ids[n]!]) return;
      texts[ids[n]!] = text;
      changed.add(ids[n]!);
    });
  }
  return changed.size;
}

/**
 * Simple equations in recognized prose written as inline math ("Put CD = h" → "Put $CD = h$": text/equations.ts),
 * on any page: equations are read alike in every language. Formula blocks are the formula recognizer's.
 */
export function markLineEquations(blocks: readonly Block[], texts: (string | undefined)[], lex?: Lexicon): void {
  for (const b of blocks) {
    if (b.type === 'formula' || b.type === 'figure') continue;
    for (const i of b.lines) if (texts[i]) texts[i] = markEquations(texts[i]!, lex);
  }
}
