// The one seam between the CLI and the page engine: `createConverter(options)` → Converter.
//
// "ocr": the model pack through onnxruntime-node and the page pipeline (detector → layout → recognizer
// → assembly), the same code the app runs in its worker, offered each PDF page's own text where `ownText` is
// set. "own-text": a born-digital PDF's own (embedded) text placed through the same layout and assembly (no
// model; for PDFs that have their own text).
import { glyphFormulaBlocks } from '../src/core/glyph-math/formula-blocks';
import { existsSync } from 'node:fs';
import { layoutPage } from '../src/core/layout/layout-page';
import { assembleMarkdown } from '../src/core/assemble/assemble-markdown';
import { visibleLines } from '../src/core/text-layer/pdf-text';
import { openNodeReader } from '../src/node/page-ocr';
import type { PageReader } from '../src/core/reader/page-reader';
import type { PageResult } from '../src/protocol/page';
import { emptyPageStats } from '../src/core/pipeline/page-stats';
import type { PageSource } from './page-source';
import { PageLimitError } from './isolated-source';

export interface EngineOptions {
  mode: 'ocr' | 'own-text';
  pack: string;
  k: 0 | 1 | 2 | 3;
  dropHeaders: boolean;
  /** Line-end hyphens as printed ("deter- mined") rather than re-joined. */
  keepHyphens?: boolean;
  /** Overrides the pack's recognizer splitWidth (0: lines are never read in pieces). */
  splitWidth?: number;
  /** "ocr": offer each PDF page's own text to the pipeline, used where it matches the page. */
  ownText?: boolean;
  /** onnxruntime's threads per session (0: its own choice, all cores); several workers on one machine share the cores. */
  threads?: number;
}

export interface Converter {
  name: string;
  ocrPage(source: PageSource, page: number): Promise<PageResult>;
  close(): Promise<void>;
}

export class EngineError extends Error {}

export async function createConverter(o: EngineOptions): Promise<Converter> {
  return o.mode === 'own-text' ? ownTextEngine(o) : ocrEngine(o);
}

function ownTextEngine(o: EngineOptions): Converter {
  return {
    name: 'own text',
    async ocrPage(source, page) {
      const t0 = performance.now();
      const own = await source.textLines(page);
      if (own.blank) return { page, markdown: '', regions: [], figures: [], stats: emptyPageStats('own-text', performance.now() - t0) };
      // The rendered page lets the layout see ruling lines and figures, and shows which lines put ink on the
      // page: white or clipped text is left out here as in the app (what is painted over is already out). A
      // scan's OCR layer is kept: with no model, it is the only reading of the page there is.
      const image = await source.render(page);
      const lines = visibleLines(own.lines, image);
      const blocks = layoutPage(lines, image);
      const texts = lines.map((l) => l.text ?? '');
      // Display formulas from the glyphs: the layer as read marks them (visibleLines keeps only text).
      glyphFormulaBlocks(blocks, lines.map((l) => l.bbox), texts, own.lines);
      const out = assembleMarkdown(blocks, texts, { page, dropHeaders: o.dropHeaders, keepHyphens: o.keepHyphens });
      return { page, ...out, stats: emptyPageStats('own-text', performance.now() - t0) };
    },
    close: async () => {},
  };
}

async function ocrEngine(o: EngineOptions): Promise<Converter> {
  if (!existsSync(o.pack)) throw new EngineError(`model pack folder "${o.pack}" does not exist (use --pack DIR, or --own-text-only for born-digital PDFs)`);
  let reader: PageReader;
  try {
    reader = await openNodeReader(o.pack, o.threads);
  } catch (e) {
    throw new EngineError(`the model pack in "${o.pack}" could not be loaded: ${(e as Error).message}`);
  }
  return {
    name: `pack ${o.pack}`,
    async ocrPage(source, page) {
      // A page whose text cannot be read is recognized, as the app does.
      // A page past its time or memory limit fails here, rather than once more when it is drawn.
      const own = o.ownText ? await source.textLines(page).catch((e) => (e instanceof PageLimitError ? Promise.reject(e) : undefined)) : undefined;
      // A blank page has nothing to recognize (a PDF of thousands of empty pages goes at pdf.js's pace).
      if (own?.blank) return { page, markdown: '', regions: [], figures: [], stats: emptyPageStats('none', 0) };
      const image = await source.render(page);
      const ownText = own && !own.ocrLayer ? own.lines : undefined;
      // The same request the app's engine worker makes, K included, page by page.
      return reader.read(image, { page, k: o.k, dropHeaders: o.dropHeaders, keepHyphens: o.keepHyphens, ...(o.splitWidth !== undefined && { splitWidth: o.splitWidth }), ...(ownText && { ownText }) });
    },
    close: () => reader.close(),
  };
}
