// Whether LaTeX written from glyphs parses in KaTeX, as the viewer will render it: a reconstruction that
// does not is not shipped as LaTeX. Parsing is enough (and a tenth of the cost of rendering): what KaTeX
// rejects, it rejects while parsing.
import katex from 'katex';

const parse = (katex as unknown as { __parse?: (tex: string, o: object) => unknown }).__parse;

export function parsesInKatex(latex: string): boolean {
  try {
    if (parse) parse(latex, { displayMode: true, throwOnError: true, strict: 'ignore' });
    else katex.renderToString(latex, { displayMode: true, throwOnError: true, strict: 'ignore', output: 'mathml' });
    return true;
  } catch {
    return false;
  }
}
