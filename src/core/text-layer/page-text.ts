// A pdf.js page's own text, as the render worker and the CLI both read it: its lines in page-image pixels,
// and whether that text is another program's OCR laid invisibly over a scan. Takes the pdf.js page by shape
// (core imports no pdf.js).
//
//   readPageText(page, viewportTransform, OPS) → { lines, ocrLayer }
import { invisibleTextShare, isOcrLayer, pdfTextOps, type PdfTextOpCodes } from './invisible-text';
import { textItemsToLines, type LayerLine, type PdfTextItem } from './text-items';

/** The parts of pdf.js's PDFPageProxy this reads. */
export interface PdfTextPage {
  getTextContent(): Promise<{ items: readonly (PdfTextItem | object)[] }>;
  getOperatorList(): Promise<{ fnArray: readonly number[]; argsArray: readonly unknown[] }>;
}

export async function readPageText(page: PdfTextPage, vt: readonly number[], codes: PdfTextOpCodes): Promise<{ lines: LayerLine[]; ocrLayer: boolean }> {
  const content = await page.getTextContent();
  const items = content.items.flatMap((it) => ('str' in it ? [{ str: it.str, transform: it.transform, width: it.width, height: it.height, hasEOL: it.hasEOL }] : []));
  const lines = textItemsToLines(items, vt);
  // The operator list is read only when there is text to judge.
  const ocrLayer = lines.length > 0 && isOcrLayer(invisibleTextShare(pdfTextOps(await page.getOperatorList(), codes)));
  return { lines, ocrLayer };
}
