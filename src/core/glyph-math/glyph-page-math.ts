// The text-layer reader's way into glyph math: the page's glyphs (from the operator list, where each is
// drawn; else from pdf.js's text runs) and its rules → the page's lines with inline math as $…$ and display
// formulas marked (page-math.ts). A page without math comes back as it was; so does one the math reading
// fails on.
import type { LayerLine, PdfTextItem } from '../text-layer/text-items';
import { runGlyphs } from './glyphs';
import { operatorGlyphs, type GlyphFont, type TextOpCodes } from './operator-glyphs';
import { pageMath, type MathLine } from './page-math';
import { pageRules, type RuleOpCodes } from './page-rules';

export function glyphPageMath(
  lines: LayerLine[],
  items: readonly (PdfTextItem & { fontName?: string })[],
  fontOf: (id: string | undefined) => GlyphFont | undefined,
  ops: { fnArray: readonly number[]; argsArray: readonly unknown[] },
  codes: Partial<RuleOpCodes & TextOpCodes>,
  vt: readonly number[],
): MathLine[] {
  if (codes.constructPath === undefined || codes.setFont === undefined) return lines;
  try {
    let glyphs = operatorGlyphs(ops, codes as TextOpCodes, fontOf, vt);
    if (glyphs.length === 0) glyphs = runGlyphs(items.map((it) => ({ str: it.str, font: fontOf(it.fontName)?.name ?? '', transform: it.transform, width: it.width })), vt);
    return pageMath(lines, glyphs, pageRules(ops, codes as RuleOpCodes, vt));
  } catch {
    return lines;
  }
}
