// The text-layer reader's way into glyph math: pdf.js text items with their fonts and the operator list's
// rules → the page's lines with inline math as $…$ and display formulas marked (page-math.ts). A page
// without math comes back as it was; so does one the math reading fails on.
import type { LayerLine, PdfTextItem } from '../text-layer/text-items';
import { runGlyphs } from './glyphs';
import { pageMath, type MathLine } from './page-math';
import { pageRules, type RuleOpCodes } from './page-rules';

export function glyphPageMath(
  lines: LayerLine[],
  items: readonly (PdfTextItem & { fontName?: string })[],
  font: (id: string | undefined) => string,
  ops: { fnArray: readonly number[]; argsArray: readonly unknown[] },
  codes: Partial<RuleOpCodes>,
  vt: readonly number[],
): MathLine[] {
  if (codes.constructPath === undefined) return lines;
  try {
    const glyphs = runGlyphs(items.map((it) => ({ str: it.str, font: font(it.fontName), transform: it.transform, width: it.width })), vt);
    return pageMath(lines, glyphs, pageRules(ops, codes as RuleOpCodes, vt));
  } catch {
    return lines;
  }
}
