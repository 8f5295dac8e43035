// Render worker: opens PDFs (pdf.js) and images, draws one page at a time on OffscreenCanvas and
// posts their pixels to the engine worker (transferred, on a port the page's thread passes along) or hands back a
// compressed picture. Nothing here touches the DOM.
import * as Comlink from 'comlink';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { OwnTextLine, PageImage } from '../../src/protocol/page';
import type { DocumentKind, OpenResult, PageSize, RenderApi, RenderTarget } from '../../src/protocol/render-api';
import { drawPdfPage, ensureParserWorker, openPdf, pdfPageHasText, readPdfPage } from './pdf-document';
import { textPreview } from '../../src/core/pipeline/text-preview';
import { TextFirst } from './text-first';
import { imageScale, scaledSide } from '../../src/core/page-render/page-scale';
import { checkImageHeader, imageProblemMessage } from '../../src/core/image/image-header';

type OpenDocument = { kind: 'pdf'; doc: PDFDocumentProxy } | { kind: 'image'; bitmap: ImageBitmap };

const documents = new Map<number, OpenDocument>();
let nextId = 1;
let assetBase = '';
/** Pictures of pages wait while a page's own text is read (text-first.ts). */
const textFirst = new TextFirst();

const MIME: Record<Exclude<DocumentKind, 'pdf'>, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

function getDocument(docId: number): OpenDocument {
  const doc = documents.get(docId);
  if (!doc) throw new Error('This document is no longer open.');
  return doc;
}

const sentence = (s: string) => s[0]!.toUpperCase() + s.slice(1);

async function openImage(bytes: ArrayBuffer, kind: Exclude<DocumentKind, 'pdf'>): Promise<OpenResult & { bitmap?: ImageBitmap }> {
  // The header first: an image claiming 30000 × 30000 pixels, or a WebP with no image, is never decoded.
  const header = checkImageHeader(new Uint8Array(bytes), kind);
  if (!header.ok) return { ok: false, reason: header.problem.kind === 'damaged' ? 'corrupt' : 'unsupported', message: sentence(imageProblemMessage(header.problem)) };
  try {
    const bitmap = await createImageBitmap(new Blob([bytes], { type: MIME[kind] }));
    return { ok: true, docId: 0, pageCount: 1, bitmap };
  } catch {
    return { ok: false, reason: 'corrupt', message: 'This image is damaged or incomplete and cannot be decoded.' };
  }
}

async function drawPage(docId: number, page: number, target: RenderTarget): Promise<{ canvas: OffscreenCanvas; dpi: number }> {
  const entry = getDocument(docId);
  if (entry.kind === 'pdf') return drawPdfPage(entry.doc, page, target);
  const { bitmap } = entry;
  const scale = imageScale(bitmap.width, bitmap.height, target);
  const canvas = new OffscreenCanvas(scaledSide(bitmap.width, scale), scaledSide(bitmap.height, scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('OffscreenCanvas 2D context unavailable');
  // Transparent images are read as if printed on white paper.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return { canvas, dpi: 0 };
}

function release(canvas: OffscreenCanvas): void {
  canvas.width = 0;
  canvas.height = 0;
}

const api: RenderApi = {
  configure(pdfjsBase) {
    assetBase = pdfjsBase;
    // pdf.js's parser worker loads its script now, not when the first PDF is opened.
    ensureParserWorker();
  },

  async open(bytes, kind, password) {
    const opened = kind === 'pdf' ? await openPdf(bytes, assetBase, password) : await openImage(bytes, kind);
    if (!opened.ok) return opened;
    const docId = nextId++;
    if ('doc' in opened && opened.doc) documents.set(docId, { kind: 'pdf', doc: opened.doc });
    else if ('bitmap' in opened && opened.bitmap) documents.set(docId, { kind: 'image', bitmap: opened.bitmap });
    return { ok: true, docId, pageCount: opened.pageCount };
  },

  async readPage(docId, page, target, options, pixels, onOwnText) {
    const textRead = textFirst.reading();
    try {
      const entry = getDocument(docId);
      // The own text's first Markdown goes out before the page is drawn, on the page's size alone; pictures of
      // pages wait until then.
      const early = (text: OwnTextLine[], size: PageSize) => {
        const preview = text.length ? textPreview(text, size, page, options) : null;
        void onOwnText?.(preview ? { preview, size } : { size });
        textRead();
      };
      const read = entry.kind === 'pdf' ? await readPdfPage(entry.doc, page, target, options.ownText, early) : { ...(await drawPage(docId, page, target)), ownText: undefined };
      if ('blank' in read) return { size: read.blank, blank: true };
      const { canvas, dpi, ownText } = read;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const image: PageImage = { width: canvas.width, height: canvas.height, pixels: data, dpi };
      release(canvas);
      // The first Markdown of a page with its own text, laid out here so the page's thread never runs a layout.
      const preview = ownText?.length ? textPreview(ownText, image, page, options) : null;
      // Straight to the engine worker at the port's other end; queued there before this call returns.
      pixels.postMessage(image, [data.buffer]);
      return { size: { width: image.width, height: image.height, dpi }, ...(ownText && { ownText }), ...(preview && { preview }) };
    } finally {
      textRead();
      pixels.close();
    }
  },

  async hasOwnText(docId, page) {
    const entry = getDocument(docId);
    return entry.kind === 'pdf' && pdfPageHasText(entry.doc, page);
  },

  async renderPreview(docId, page, longSide) {
    await textFirst.settled();
    const { canvas } = await drawPage(docId, page, { longSide, maxPixels: longSide * longSide, maxDpi: 300 });
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    release(canvas);
    return blob;
  },

  async close(docId) {
    const entry = documents.get(docId);
    documents.delete(docId);
    if (entry?.kind === 'pdf') await entry.doc.destroy();
    else entry?.bitmap.close();
  },
};

Comlink.expose(api);
