// pdf.js inside this module worker: its own parser worker via workerPort, fonts through the worker's
// FontFaceSet, OffscreenCanvas drawing, and offline data (CMaps, fonts, wasm, ICC) from our origin.
import * as pdfjs from 'pdfjs-dist';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { MathLine } from '../../src/core/glyph-math/page-math';
import type { OwnTextLine } from '../../src/protocol/page';
import type { OpenResult, RenderTarget } from '../../src/protocol/render-api';
import { readPageText } from '../../src/core/text-layer/page-text';
import { NoFilterFactory, OffscreenCanvasFactory } from './offscreen-factories';
import { paints } from '../../src/core/page-render/blank-page';
import { PAGE_TIME_LIMIT_MS, pageTimeoutMessage, withinPageLimit } from '../../src/core/page-render/page-limits';
import { pdfScale, POINTS_PER_INCH, scaledSide } from '../../src/core/page-render/page-scale';


let parserPort: Worker | null = null;

export function ensureParserWorker(): void {
  if (parserPort) return;
  parserPort = new Worker(pdfWorkerUrl, { type: 'module' });
  pdfjs.GlobalWorkerOptions.workerPort = parserPort;
}

export async function openPdf(bytes: ArrayBuffer, assetBase: string, password?: string): Promise<OpenResult & { doc?: PDFDocumentProxy }> {
  ensureParserWorker();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    password,
    cMapUrl: new URL('cmaps/', assetBase).href,
    cMapPacked: true,
    standardFontDataUrl: new URL('standard_fonts/', assetBase).href,
    wasmUrl: new URL('wasm/', assetBase).href,
    iccUrl: new URL('iccs/', assetBase).href,
    useWorkerFetch: true,
    isEvalSupported: false,
    // Fonts keep their glyph names (/Differences): text-layer/glyph-names.ts reads them.
    fontExtraProperties: true,
    isOffscreenCanvasSupported: true,
    // Glyphs as filled paths from the PDF's own (or pdf.js's standard) fonts and JPEGs through pdf.js's
    // decoder: what pdf.js does in Node, so the app and the CLI see the same page pixels (browser font
    // rasterization, system fonts and ImageDecoder made 3–6 % of a page's pixels differ; now < 1 %).
    disableFontFace: true,
    useSystemFonts: false,
    isImageDecoderSupported: false,
    // Without the worker's FontFaceSet, text silently renders as empty boxes.
    ownerDocument: { fonts: (self as unknown as { fonts: FontFaceSet }).fonts } as unknown as Document,
    CanvasFactory: OffscreenCanvasFactory,
    FilterFactory: NoFilterFactory,
  } as Parameters<typeof pdfjs.getDocument>[0]);
  try {
    const doc = await task.promise;
    return { ok: true, docId: 0, pageCount: doc.numPages, doc };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    return describeOpenError(err, password);
  }
}

function describeOpenError(err: unknown, password: string | undefined): OpenResult {
  const e = err as { name?: string; code?: number; message?: string };
  if (e?.name === 'PasswordException') {
    // pdf.js: code 1 = a password is needed, 2 = the given one is wrong.
    if (e.code === 2 || password !== undefined) {
      return { ok: false, reason: 'password-wrong', message: 'That password is not correct.' };
    }
    return { ok: false, reason: 'password-required', message: 'This PDF is protected by a password.' };
  }
  const detail = e?.message ? ` (${e.message})` : '';
  return { ok: false, reason: 'corrupt', message: `This PDF is damaged or incomplete and cannot be read${detail}.` };
}

export async function drawPdfPage(doc: PDFDocumentProxy, pageNumber: number, target: RenderTarget): Promise<{ canvas: OffscreenCanvas; dpi: number }> {
  const page = await doc.getPage(pageNumber);
  try {
    return await draw(page, pageNumber, target);
  } finally {
    page.cleanup();
  }
}

/** The page's own text lines, in the pixels drawPdfPage gives for the same target. */
export async function pdfPageText(doc: PDFDocumentProxy, pageNumber: number, target: RenderTarget): Promise<OwnTextLine[]> {
  const page = await doc.getPage(pageNumber);
  try {
    return await ownText(page, pageNumber, target);
  } finally {
    page.cleanup();
  }
}

/**
 * One visit to a page: drawn, and its own text read when asked, from the same parsed page. A text that cannot be
 * read (past its time limit, a broken font) is no text: the page is recognized from its pixels.
 */
export async function readPdfPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  target: RenderTarget,
  withText: boolean,
  onText?: (text: OwnTextLine[], size: DrawnSize) => void,
): Promise<{ canvas: OffscreenCanvas; dpi: number; ownText?: OwnTextLine[] } | { blank: DrawnSize }> {
  const page = await doc.getPage(pageNumber);
  // Asked for with the operator list, so pdf.js's worker reads the page for both in one go.
  const textContent = withText ? page.getTextContent() : undefined;
  textContent?.catch(() => undefined);
  try {
    // A page that paints nothing is neither drawn nor read (its operator list has the drawing's time limit).
    if (!paints(await withinPageLimit(page.getOperatorList(), pageNumber), pdfjs.OPS)) return { blank: drawnSize(page, target) };
    // The text first (it needs no pixels): `onText` hears it (none, when not asked for or unreadable) before the
    // page is drawn, so its words can be on screen meanwhile.
    const text = textContent ? await ownText(page, pageNumber, target, textContent).catch(() => undefined) : undefined;
    onText?.(text ?? [], drawnSize(page, target));
    const drawn = await draw(page, pageNumber, target);
    return { ...drawn, ...(text && { ownText: text }) };
  } finally {
    page.cleanup();
  }
}

/** The size of the page's pixels as `draw` makes them for `target`. */
export interface DrawnSize {
  width: number;
  height: number;
  dpi: number;
}

function drawnSize(page: PDFPageProxy, target: RenderTarget): DrawnSize {
  const base = page.getViewport({ scale: 1 });
  const scale = pdfScale(base.width, base.height, target);
  return { width: scaledSide(base.width, scale), height: scaledSide(base.height, scale), dpi: scale * POINTS_PER_INCH };
}

/** Whether the page draws text of its own, visible or not (a scan another program made searchable has some). */
export async function pdfPageHasText(doc: PDFDocumentProxy, pageNumber: number): Promise<boolean> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await withinPageLimit(page.getTextContent(), pageNumber);
    return content.items.some((item) => 'str' in item && item.str.trim() !== '');
  } finally {
    page.cleanup();
  }
}

async function draw(page: PDFPageProxy, pageNumber: number, target: RenderTarget): Promise<{ canvas: OffscreenCanvas; dpi: number }> {
  const base = page.getViewport({ scale: 1 });
  const scale = pdfScale(base.width, base.height, target);
  const viewport = page.getViewport({ scale });
  const canvas = new OffscreenCanvas(scaledSide(base.width, scale), scaledSide(base.height, scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('OffscreenCanvas 2D context unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const task = page.render({
    // pdf.js types its canvas as the page's; in the worker it is an OffscreenCanvas, which it draws on alike.
    canvasContext: context as unknown as Parameters<typeof page.render>[0]['canvasContext'],
    canvas: canvas as unknown as Parameters<typeof page.render>[0]['canvas'],
    viewport,
  });
  const timer = setTimeout(() => task.cancel(), PAGE_TIME_LIMIT_MS);
  try {
    await task.promise;
  } catch (err) {
    if ((err as { name?: string })?.name === 'RenderingCancelledException') {
      throw new Error(pageTimeoutMessage(pageNumber, PAGE_TIME_LIMIT_MS));
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return { canvas, dpi: scale * POINTS_PER_INCH };
}

/** `content`: the page's text content when already asked for. */
async function ownText(page: PDFPageProxy, pageNumber: number, target: RenderTarget, content = page.getTextContent()): Promise<OwnTextLine[]> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: pdfScale(base.width, base.height, target) });
  // Reading a page's text has the drawing's time limit too (200,000 nested save-states take pdf.js minutes).
  const { lines, ocrLayer } = await withinPageLimit(readPageText({ getTextContent: () => content, getOperatorList: () => page.getOperatorList(), commonObjs: page.commonObjs }, viewport.transform as number[], pdfjs.OPS), pageNumber);
  // Another program's OCR laid invisibly over a scan is not the page's own text.
  return ocrLayer ? [] : (lines as MathLine[]).map((l) => ({ bbox: l.bbox, text: l.text ?? '', direction: l.direction, ...(l.formula && { formula: l.formula }) }));
}
