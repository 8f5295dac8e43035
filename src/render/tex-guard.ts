// What KaTeX is given and how it is called: the TeX is untrusted (model output, or a PDF's own text), and
// KaTeX parses it recursively. A formula nested a thousand groups deep overflows the stack, and that
// RangeError is not a KaTeX ParseError, so `throwOnError: false` lets it through. No readable formula
// comes near these caps; one over them is shown as its TeX source, like a formula KaTeX cannot parse.
import katex from 'katex';

/** Longest TeX handed to KaTeX (characters). A page's longest display formulas are a few hundred. */
export const MAX_TEX_LENGTH = 4000;
/** Deepest nesting of `{…}`, `\left…\right` and `\begin…\end` handed to KaTeX. */
export const MAX_TEX_DEPTH = 40;

const OPEN = /\\left(?![a-zA-Z])|\\begin(?![a-zA-Z])|\\[{}]|[{}]|\\right(?![a-zA-Z])|\\end(?![a-zA-Z])|\\\\/g;

/** How deep the TeX's groups nest (unbalanced closings are ignored: KaTeX reports those itself). */
export function texDepth(tex: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [token] of tex.matchAll(OPEN)) {
    if (token === '{' || token === '\\left' || token === '\\begin') deepest = Math.max(deepest, ++depth);
    else if (token === '}' || token === '\\right' || token === '\\end') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/** Why KaTeX is not given this TeX, or null when it may be. */
export function texRefusal(tex: string): string | null {
  if (texDepth(tex) > MAX_TEX_DEPTH) return 'formula nested too deeply to show';
  if (tex.length > MAX_TEX_LENGTH) return `formula too long to show (${tex.length} characters)`;
  return null;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** TeX shown as plain escaped text, the way a formula that cannot be read is shown. */
export function unreadableTex(tex: string, reason: string): string {
  return `<code class="math-unreadable" title="${escapeHtml(reason)}">${escapeHtml(tex)}</code>`;
}

/**
 * KaTeX HTML for the TeX, or the TeX as text when it is over the caps or KaTeX fails in any way; never throws.
 */
export function guardedKatex(tex: string, displayMode: boolean): string {
  const refusal = texRefusal(tex);
  if (refusal) return unreadableTex(tex, refusal);
  try {
    return katex.renderToString(tex, {
      displayMode,
      throwOnError: false,
      // No \href, \url, \htmlStyle and friends: the TeX comes from the model too.
      trust: false,
      strict: 'ignore',
      maxSize: 50,
      maxExpand: 500,
      output: 'htmlAndMathml',
    });
  } catch (err) {
    return unreadableTex(tex, `formula could not be shown (${(err as Error)?.name ?? 'error'})`);
  }
}
