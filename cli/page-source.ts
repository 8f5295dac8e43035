// Opens an input file as a sequence of pages: PDFs through pdf.js (legacy build, Node) rendered into
// @napi-rs/canvas at the app's OCR resolution, images decoded by @napi-rs/canvas. Bad files are
// reported with the same messages as the app (empty, not a supported type, damaged, password).
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PageImage } from '../src/protocol/page';
import type { RenderTarget } from '../src/protocol/render-api';
import { sniffKind } from '../src/core/ingest/file-kind';
import { imageComplete } from './image-complete';
import { checkImageHeader, imageProblemMessage } from '../src/core/image/image-header';
import { imageScale, OCR_TARGET, pdfScale, scaledSide } from '../src/core/page-render/page-scale';
import type { LayerLine } from '../src/core/text-layer/text-items';
import { readPageText } from '../src/core/text-layer/page-text';
import { paints } from '../src/core/page-render/blank-page';
import { keepStylesAcrossRestore } from './canvas-state';

export { OCR_TARGET };

export class InputError extends Error {}

export interface PageSource {
  name: string;
  pageCount: number;
  render(page: number): Promise<PageImage>;
  /**
   * Text-layer lines of a PDF page in the rendered page's pixels (empty for images). `ocrLayer`: the page's
   * text is another program's OCR, drawn invisibly over a scan (invisible-text.ts).
   */
  textLines(page: number): Promise<{ lines: LayerLine[]; width: number; height: number; ocrLayer: boolean; blank?: boolean }>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const pdfjsDir = dirname(require.resolve('pdfjs-dist/package.json'));
const pdfjsData = (folder: string) => join(pdfjsDir, folder) + sep;
/**
 * pdf.js's data folders as file-system paths: in Node pdf.js reads `${folder}${file}` with fs.readFile, which takes
 * a path string but not a file:// string. With one, the JPEG 2000 and JBIG2 decoders fall back to JavaScript (five
 * times slower on a scanned book page), predefined CJK encodings cannot be read (their text is lost) and fonts a PDF
 * does not embed are drawn without the shipped metrics the browser app uses.
 */
export const PDFJS_DATA = {
  standardFontDataUrl: pdfjsData('standard_fonts'),
  cMapUrl: pdfjsData('cmaps'),
  wasmUrl: pdfjsData('wasm'),
  iccUrl: pdfjsData('iccs'),
};

export async function openSource(path: string, target: RenderTarget = OCR_TARGET): Promise<PageSource> {
  const name = basename(path);
  let bytes: Uint8Array;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new InputError(`“${name}” is not a file.`);
    bytes = new Uint8Array(await readFile(path));
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `“${path}” does not exist.` : `“${path}” cannot be read (${code ?? (e as Error).message}).`);
  }
  const sniffed = sniffKind(bytes.subarray(0, 1024), name);
  if (!sniffed.ok) throw new InputError(sniffed.message);
  if (sniffed.kind === 'pdf') return openPdf(name, bytes, target);
  // The header first: nothing decodes an image that claims too many pixels or holds none.
  const header = checkImageHeader(bytes, sniffed.kind);
  if (!header.ok) throw new InputError(`“${name}”: ${imageProblemMessage(header.problem)}`);
  if (!imageComplete(bytes, sniffed.kind)) throw new InputError(`“${name}”: this image is damaged or incomplete and cannot be decoded.`);
  return openImage(name, bytes, target);
}

async function openPdf(name: string, bytes: Uint8Array, target: RenderTarget): Promise<PageSource> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  keepStylesAcrossRestore();
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      data: bytes,
      ...PDFJS_DATA,
      cMapPacked: true,
      verbosity: 0,
      // Fonts keep their glyph names (/Differences): text-layer/glyph-names.ts reads them.
      fontExtraProperties: true,
    }).promise;
  } catch (e) {
    const err = e as { name?: string; message?: string };
    if (err?.name === 'PasswordException') throw new InputError(`“${name}”: this PDF is protected by a password.`);
    throw new InputError(`“${name}”: this PDF is damaged or incomplete and cannot be read${err?.message ? ` (${err.message})` : ''}.`);
  }
  const viewportOf = async (n: number) => {
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const scale = pdfScale(base.width, base.height, target);
    return { page, viewport: page.getViewport({ scale }) };
  };
  return {
    name,
    pageCount: doc.numPages,
    async render(n) {
      const { page, viewport } = await viewportOf(n);
      const width = scaledSide(viewport.width, 1);
      const height = scaledSide(viewport.height, 1);
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      await page.render({ canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport, canvas: canvas as unknown as HTMLCanvasElement }).promise;
      const data = ctx.getImageData(0, 0, width, height).data;
      page.cleanup();
      return { width, height, pixels: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), dpi: (viewport.scale * 72) };
    },
    async textLines(n) {
      const { page, viewport } = await viewportOf(n);
      const { lines, ocrLayer } = await readPageText(page, viewport.transform as number[], pdfjs.OPS);
      // A page without text that paints nothing either is blank: nothing to draw or read.
      const blank = lines.length === 0 && !paints(await page.getOperatorList(), pdfjs.OPS);
      return { lines, width: Math.round(viewport.width), height: Math.round(viewport.height), ocrLayer, blank };
    },
    close: () => doc.destroy(),
  };
}

async function openImage(name: string, bytes: Uint8Array, target: RenderTarget): Promise<PageSource> {
  let img: Awaited<ReturnType<typeof loadImage>>;
  try {
    img = await loadImage(Buffer.from(bytes));
  } catch (e) {
    throw new InputError(`“${name}”: this image is damaged or incomplete and cannot be decoded (${(e as Error).message}).`);
  }
  const scale = imageScale(img.width, img.height, target);
  const width = scaledSide(img.width, scale);
  const height = scaledSide(img.height, scale);
  return {
    name,
    pageCount: 1,
    async render() {
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(img, 0, 0, width, height);
      const data = ctx.getImageData(0, 0, width, height).data;
      return { width, height, pixels: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), dpi: 0 };
    },
    textLines: async () => ({ lines: [], width, height, ocrLayer: false }),
    close: async () => {},
  };
}
