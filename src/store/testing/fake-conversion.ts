// Fakes for the conversion queue's tests: a renderer (the store's PageRenderer) that "opens" any PDF as two pages
// and answers each page with pixels, and when asked its own text and preview; an OCR host that records calls.
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import type { EngineSettings, PageListener, PageRequest } from '../../protocol/engine-api';
import type { OwnTextLine, PagePartial, PageResult } from '../../protocol/page';
import type { FirstMarkdown, PageForReading, PageRenderer, ReadPageOptions } from '../../protocol/render-api';
import type { ConversionHost, DocumentStore } from '../document-store';


export class FakeRenderer implements PageRenderer {
  readonly asked: ReadPageOptions[] = [];
  /** Per page: its own text and preview, given when the store asks for own text. */
  ownText = (page: number): { lines: OwnTextLine[]; preview?: PagePartial } => ({ lines: [{ bbox: [0, 0, 4, 1], text: `text of page ${page}` }] });
  closed: number[] = [];
  async open() {
    return { ok: true as const, docId: 7, pageCount: 2 };
  }
  async readPage(_doc: number, page: number, _target: unknown, options: ReadPageOptions, pixels: MessagePort, _onOwnText?: (first: FirstMarkdown) => void): Promise<PageForReading> {
    this.asked.push(options);
    // As the render worker: the pixels go on the port (page number in them, to tell pages apart), the rest back.
    pixels.postMessage({ width: 4, height: 4, pixels: new Uint8ClampedArray(64).fill(page), dpi: 144 });
    pixels.close();
    const size = { width: 4, height: 4, dpi: 144 };
    if (!options.ownText) return { size };
    const own = this.ownText(page);
    return { size, ownText: own.lines, ...(own.preview && { preview: own.preview }) };
  }
  async renderPreview() {
    return new Blob();
  }
  async hasOwnText() {
    return false;
  }
  async close(docId: number) {
    this.closed.push(docId);
  }
}

/** A renderer that logs each page it is asked to draw, and fails the pages in `failing`. */
export function loggingRenderer(log: string[], failing: number[] = []) {
  const renderer = new FakeRenderer();
  const draw = renderer.readPage.bind(renderer);
  renderer.readPage = async (doc, page, target, options, pixels, onOwnText) => {
    log.push(`draw ${page}`);
    if (failing.includes(page)) throw new Error(`Page ${page} took longer than 90 s to draw and was skipped.`);
    return draw(doc, page, target, options, pixels, onOwnText);
  };
  return renderer;
}

export const pdf = () => new File([readFileSync(new URL('../../../e2e/fixtures/text-page.pdf', import.meta.url))], 'a.pdf');
export const settings: EngineSettings = { backend: 'wasm', k: 2, dropHeaders: false, keepHyphens: false };

export function result(page: number): PageResult {
  return {
    page, markdown: `page ${page}`, regions: [], figures: [],
    stats: { tokens: 1, decoderCalls: 1, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 1,
      ms: { total: 1, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'wasm' },
  };
}

export function host(ocr: (page: number, signal: AbortSignal, listener: PageListener) => Promise<PageResult>, ready = true): ConversionHost & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    ensureReady: async () => ready,
    settings: () => settings,
    ocrPage: (request: PageRequest, signal: AbortSignal, listener: PageListener) => {
      calls.push(request.page);
      return ocr(request.page, signal, listener);
    },
  };
}

export const settled = (store: DocumentStore) =>
  vi.waitFor(() => {
    const busy = store.getSnapshot().some((d) => d.status === 'opening' || d.pages.some((p) => ['queued', 'rendering', 'recognizing'].includes(p.status)));
    if (busy) throw new Error('still converting');
  });
