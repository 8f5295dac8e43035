// Whether LaTeX written from glyphs parses in KaTeX, as the viewer will render it: a reconstruction that
// does not is not shipped as LaTeX. Parsing is enough (and a tenth of the cost of rendering): what KaTeX
// rejects, it rejects while parsing.
import katex from 'katex';

const parse = (katex as unknown as { __parse?: (tex: string, o: object) => unknown }).__parse;
const OPTIONS = { displayMode: true, throwOnError: true, strict: 'ignore' } as const;

/** KaTeX's parse tree of `latex`: undefined where it does not parse, or where this KaTeX exposes no parser. */
export function katexTree(latex: string): unknown {
  if (!parse) return undefined;
  try {
    return parse(latex, OPTIONS);
  } catch {
    return undefined;
  }
}

export function parsesInKatex(latex: string): boolean {
  if (parse) return katexTree(latex) !== undefined;
  try {
    katex.renderToString(latex, { ...OPTIONS, output: 'mathml' });
    return true;
  } catch {
    return false;
  }
}
