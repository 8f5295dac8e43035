// Whether LaTeX written from glyphs parses in KaTeX, as the viewer will render it: a reconstruction that
// does not is not shipped as LaTeX.
import katex from 'katex';

export function parsesInKatex(latex: string): boolean {
  try {
    katex.renderToString(latex, { displayMode: true, throwOnError: true, strict: 'ignore', output: 'mathml' });
    return true;
  } catch {
    return false;
  }
}
