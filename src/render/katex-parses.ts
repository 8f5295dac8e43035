// Whether KaTeX parses a LaTeX string: the check the formula recognizer's outputs are held to (its tests,
// its eval and the training-data generator), with the same KaTeX the app renders them with.
import katex from 'katex';
import { texRefusal } from './tex-guard';

export function katexParses(tex: string, displayMode = true): boolean {
  // What the app would not hand to KaTeX (too long, too deep) does not count as parsing.
  if (texRefusal(tex)) return false;
  try {
    katex.renderToString(tex, { throwOnError: true, displayMode });
    return true;
  } catch {
    return false;
  }
}
