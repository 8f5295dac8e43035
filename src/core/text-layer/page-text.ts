// A pdf.js page's own text, as the render worker and the CLI both read it: its lines in page-image pixels,
// and whether that text is another program's OCR laid invisibly over a scan. Takes the pdf.js page by shape
// (core imports no pdf.js). Math set in math fonts is read from its glyphs (glyph-math/page-math.ts):
// inline math is written into its line's text as $…$, display formulas are marked on their lines.
//
//   readPageText(page, viewportTransform, OPS) → { lines, ocrLayer }
//
// Only text the page shows is kept: characters drawn in an invisible render mode, or painted over by a later
// opaque fill or image (a redaction box, a picture laid over the words), are left out (drawn-text.ts).
import { drawnGlyphs, visibleItems, type PdfDrawOpCodes } from './drawn-text';
import { invisibleTextShare, isOcrLayer, pdfTextOps, type PdfTextOpCodes } from './invisible-text';
import { textItemsToLines, withoutRepeats, type LayerLine, type PdfTextItem } from './text-items';
import { glyphPageMath } from '../glyph-math/glyph-page-math';
import { namedText } from './glyph-names';
import { isBoldFont } from './font-name';
import type { RuleOpCodes } from '../glyph-math/page-rules';
import type { GlyphFont, TextOpCodes } from '../glyph-math/operator-glyphs';

/** The parts of pdf.js's PDFPageProxy this reads. */
export interface PdfTextPage {
  getTextContent(): Promise<{ items: readonly (PdfTextItem | object)[] }>;
  getOperatorList(): Promise<{ fnArray: readonly number[]; argsArray: readonly unknown[] }>;
  /** Loaded fonts by id, after getOperatorList (their `name` tells a math font). */
  commonObjs?: { has(id: string): boolean; get(id: string): unknown };
}

export async function readPageText(
  page: PdfTextPage,
  vt: readonly number[],
  codes: PdfTextOpCodes & PdfDrawOpCodes & Partial<RuleOpCodes & TextOpCodes>,
): Promise<{ lines: LayerLine[]; ocrLayer: boolean }> {
  const content = await page.getTextContent();
  const raw = content.items.filter((it): it is PdfTextItem & { fontName?: string } => 'str' in it);
  // The operator list is read only when there is text to judge.
  if (!raw.some((it) => it.str.trim())) return { lines: [], ocrLayer: false };
  const ops = await page.getOperatorList();
  // The fonts are loaded now: a glyph pdf.js could not name may be named by its font (glyph-names.ts).
  const fontOf = (id: string | undefined) => loadedFont(page, id);
  const items = raw.map((it) => {
    const font = fontOf(it.fontName);
    const str = namedText(it.str, font?.name, font?.differences, font?.unicodes);
    return { str, transform: it.transform, width: it.width, height: it.height, hasEOL: it.hasEOL, fontName: it.fontName, ...(isBoldFont(font?.name) && { bold: true }) };
  });
  const ocrLayer = isOcrLayer(invisibleTextShare(pdfTextOps(ops, codes)));
  const drawn = ocrLayer ? undefined : drawnGlyphs(ops, codes);
  let lines = withoutRepeats(textItemsToLines(drawn ? visibleItems(items, drawn) : items, vt));
  if (drawn) lines = glyphPageMath(lines, items, fontOf, ops, codes, vt, drawn);
  return { lines, ocrLayer: ocrLayer && lines.length > 0 };
}

function loadedFont(page: PdfTextPage, id: string | undefined): GlyphFont | undefined {
  if (!id || !page.commonObjs?.has(id)) return undefined;
  const font = page.commonObjs.get(id) as { name?: unknown; fontMatrix?: unknown; differences?: unknown; toUnicode?: { _map?: unknown } } | null;
  if (typeof font?.name !== 'string') return undefined;
  return {
    name: font.name,
    ...(Array.isArray(font.fontMatrix) && { fontMatrix: font.fontMatrix as number[] }),
    // Only there when the document was opened with pdf.js's fontExtraProperties.
    ...(Array.isArray(font.differences) && { differences: font.differences as (string | null)[] }),
    // pdf.js's ToUnicode map by code (its ToUnicodeMap's array, cloned from the worker with the font).
    ...(Array.isArray(font.toUnicode?._map) && { unicodes: font.toUnicode._map as (string | null)[] }),
  };
}
