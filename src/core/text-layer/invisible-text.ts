// Whether a PDF page's text is drawn invisibly. Scanning programs lay their OCR's text over the scanned
// picture in PDF's invisible text mode, so the picture shows and the text can be searched; that text is
// another program's reading of the pixels, not the page's own text, and Pagemark reads such a page from
// its pixels instead. (The ink check in pdf-text.ts cannot tell: the scan puts ink under every such line.)
//
//   pdfTextOps(operatorList, codes) → TextOp[]   (pdf.js's getOperatorList() in the terms below)
//   invisibleTextShare(ops) → 0…1                 (share of the page's text draws that are invisible)
//   isOcrLayer(share)

/** The operations that decide how text is drawn: the graphics state stack, the render mode, text draws. */
export type TextOp = { op: 'save' } | { op: 'restore' } | { op: 'mode'; mode: number } | { op: 'show' };

/** Text render modes that paint nothing: 3 (invisible) and 7 (invisible, added to the clip). */
const INVISIBLE_MODES = new Set([3, 7]);

/** A page where at least this share of the text draws are invisible carries an OCR layer. */
export const OCR_LAYER_SHARE = 0.5;

export const isOcrLayer = (share: number): boolean => share >= OCR_LAYER_SHARE;

/** Share of text draws made in an invisible render mode; 0 for a page without text. */
export function invisibleTextShare(ops: Iterable<TextOp>): number {
  const stack: number[] = [];
  let mode = 0;
  let shown = 0;
  let invisible = 0;
  for (const o of ops) {
    if (o.op === 'save') stack.push(mode);
    else if (o.op === 'restore') mode = stack.pop() ?? 0;
    else if (o.op === 'mode') mode = o.mode;
    else {
      shown++;
      if (INVISIBLE_MODES.has(mode)) invisible++;
    }
  }
  return shown ? invisible / shown : 0;
}

/** The operation codes this reads (pdf.js's `OPS`). */
export interface PdfTextOpCodes {
  save: number;
  restore: number;
  setTextRenderingMode: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
}

/** pdf.js's operator list as TextOps. A form XObject saves and restores the state around its content. */
export function pdfTextOps(list: { fnArray: readonly number[]; argsArray: readonly unknown[] }, codes: PdfTextOpCodes): TextOp[] {
  const shows = new Set([codes.showText, codes.showSpacedText, codes.nextLineShowText, codes.nextLineSetSpacingShowText]);
  const ops: TextOp[] = [];
  list.fnArray.forEach((fn, i) => {
    if (fn === codes.save || fn === codes.paintFormXObjectBegin) ops.push({ op: 'save' });
    else if (fn === codes.restore || fn === codes.paintFormXObjectEnd) ops.push({ op: 'restore' });
    else if (fn === codes.setTextRenderingMode) {
      const mode = (list.argsArray[i] as unknown[] | null)?.[0];
      if (typeof mode === 'number') ops.push({ op: 'mode', mode });
    } else if (shows.has(fn)) ops.push({ op: 'show' });
  });
  return ops;
}
