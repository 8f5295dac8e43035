// A pdf.js page's own text, as the render worker and the CLI both read it: its lines in page-image pixels,
// and whether that text is another program's OCR laid invisibly over a scan. Takes the pdf.js page by shape
// (core imports no pdf.js).
//
//   readPageText(page, viewportTransform, OPS) → { lines, ocrLayer }
//
// Only text the page shows is kept: characters drawn in an invisible render mode, or painted over by a later
// opaque fill or image (a redaction box, a picture laid over the words), are left out (drawn-text.ts).
import { drawnGlyphs, visibleItems, type PdfDrawOpCodes } from './drawn-text';
import { invisibleTextShare, isOcrLayer, pdfTextOps, type PdfTextOpCodes } from './invisible-text';
import { textItemsToLines, type LayerLine, type PdfTextItem } from './text-items';

/** The parts of pdf.js's PDFPageProxy this reads. */
export interface PdfTextPage {
  getTextContent(): Promise<{ items: readonly (PdfTextItem | object)[] }>;
  getOperatorList(): Promise<{ fnArray: readonly number[]; argsArray: readonly unknown[] }>;
}

export async function readPageText(page: PdfTextPage, vt: readonly number[], codes: PdfTextOpCodes & PdfDrawOpCodes): Promise<{ lines: LayerLine[]; ocrLayer: boolean }> {
  const content = await page.getTextContent();
  const items = content.items.flatMap((it) => ('str' in it ? [{ str: it.str, transform: it.transform, width: it.width, height: it.height, hasEOL: it.hasEOL }] : []));
  // The operator list is read only when there is text to judge.
  if (!items.some((it) => it.str.trim())) return { lines: [], ocrLayer: false };
  const ops = await page.getOperatorList();
  const ocrLayer = isOcrLayer(invisibleTextShare(pdfTextOps(ops, codes)));
  const lines = textItemsToLines(ocrLayer ? items : visibleItems(items, drawnGlyphs(ops, codes)), vt);
  return { lines, ocrLayer: ocrLayer && lines.length > 0 };
}
