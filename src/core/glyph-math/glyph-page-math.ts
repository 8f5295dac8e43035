// The text-layer reader's way into glyph math: the page's glyphs (from the operator list, where each is
// drawn; else from pdf.js's text runs) and its rules → the page's lines with inline math as $…$ and display
// formulas marked (page-math.ts). A page without math comes back as it was; so does one the math reading
// fails on.
import type { LayerLine, PdfTextItem } from '../text-layer/text-items';
import { runGlyphs, type Glyph } from './glyphs';
import { operatorGlyphs, type GlyphFont, type TextOpCodes } from './operator-glyphs';
import { pageMath, type MathLine } from './page-math';
import { pageRules, type RuleOpCodes } from './page-rules';

/** Glyph boxes in PDF page space and whether each is hidden (drawn-text.ts's DrawnGlyphs). */
export interface HiddenGlyphs {
  boxes: ArrayLike<number>;
  hidden: ArrayLike<number>;
  count: number;
  anyHidden: boolean;
}

export function glyphPageMath(
  lines: LayerLine[],
  items: readonly (PdfTextItem & { fontName?: string })[],
  fontOf: (id: string | undefined) => GlyphFont | undefined,
  ops: { fnArray: readonly number[]; argsArray: readonly unknown[] },
  codes: Partial<RuleOpCodes & TextOpCodes>,
  vt: readonly number[],
  drawn?: HiddenGlyphs,
): MathLine[] {
  if (codes.constructPath === undefined || codes.setFont === undefined) return lines;
  try {
    // What the page does not show (invisible text, text under a cover) is no math either.
    const all = operatorGlyphs(ops, codes as TextOpCodes, fontOf, vt);
    const shows = shown(drawn, vt);
    let glyphs = all.filter(shows);
    // A formula with glyphs the page hides (a browser's √ path painted over its radicand) is not whole.
    const hidden = all.filter((g) => g.ch.trim() && !shows(g));
    if (glyphs.length === 0) glyphs = runGlyphs(items.map((it) => ({ str: it.str, font: fontOf(it.fontName)?.name ?? '', transform: it.transform, width: it.width })), vt).filter(shown(drawn, vt));
    return pageMath(lines, glyphs, pageRules(ops, codes as RuleOpCodes, vt), hidden);
  } catch {
    return lines;
  }
}

/**
 * Whether a glyph (page-image pixels) shows: the drawn glyph it is (the box whose middle is nearest its own,
 * among those holding it) is not hidden. Nearest, not any: a word drawn invisibly over a visible line lies
 * inside that line's glyph boxes too.
 */
function shown(drawn: HiddenGlyphs | undefined, vt: readonly number[]): (g: Glyph) => boolean {
  if (!drawn?.anyHidden) return () => true;
  const [a, b, c, d, e, f] = vt as [number, number, number, number, number, number];
  const det = a * d - b * c;
  const toPdf = (x: number, y: number): [number, number] => [(d * (x - e) - c * (y - f)) / det, (a * (y - f) - b * (x - e)) / det];
  const bx = drawn.boxes;
  return (g) => {
    const [x, y] = toPdf((g.x0 + g.x1) / 2, g.base - 0.3 * g.size);
    let best = -1;
    let dist = Infinity;
    for (let i = 0; i < drawn.count; i++) {
      if (!(bx[4 * i]! <= x && x <= bx[4 * i + 2]! && bx[4 * i + 1]! <= y && y <= bx[4 * i + 3]!)) continue;
      const dx = Math.abs((bx[4 * i]! + bx[4 * i + 2]!) / 2 - x);
      if (dx < dist) [best, dist] = [i, dx];
    }
    return best < 0 || !drawn.hidden[best];
  };
}
