// The conversion queue, isolated from the workers: a fake renderer (the store's PageRenderer) "opens" any PDF as
// two pages and answers each page with pixels, and when asked its own text and preview; the OCR host is a fake that
// records calls.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { EngineSettings, PageListener, PageRequest } from '../protocol/engine-api';
import type { OwnTextLine, PageImage, PagePartial, PageResult } from '../protocol/page';
import type { FirstMarkdown, PageForReading, PageRenderer, ReadPageOptions } from '../protocol/render-api';
import { DocumentStore, type ConversionHost } from './document-store';

class FakeRenderer implements PageRenderer {
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
function loggingRenderer(log: string[], failing: number[] = []) {
  const renderer = new FakeRenderer();
  const draw = renderer.readPage.bind(renderer);
  renderer.readPage = async (doc, page, target, options, pixels, onOwnText) => {
    log.push(`draw ${page}`);
    if (failing.includes(page)) throw new Error(`Page ${page} took longer than 90 s to draw and was skipped.`);
    return draw(doc, page, target, options, pixels, onOwnText);
  };
  return renderer;
}

const pdf = () => new File([readFileSync(new URL('../../e2e/fixtures/text-page.pdf', import.meta.url))], 'a.pdf');
const settings: EngineSettings = { backend: 'wasm', k: 2, dropHeaders: false, keepHyphens: false };

function result(page: number): PageResult {
  return {
    page, markdown: `page ${page}`, regions: [], figures: [],
    stats: { tokens: 1, decoderCalls: 1, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 1,
      ms: { total: 1, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'wasm' },
  };
}

function host(ocr: (page: number, signal: AbortSignal, listener: PageListener) => Promise<PageResult>, ready = true): ConversionHost & { calls: number[] } {
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

const settled = (store: DocumentStore) =>
  vi.waitFor(() => {
    const busy = store.getSnapshot().some((d) => d.status === 'opening' || d.pages.some((p) => ['queued', 'rendering', 'recognizing'].includes(p.status)));
    if (busy) throw new Error('still converting');
  });

describe('DocumentStore', () => {
  it('converts every page in order, one at a time, and skips a bad file', async () => {
    const store = new DocumentStore(new FakeRenderer());
    let inFlight = 0;
    let maxInFlight = 0;
    const h = host(async (page) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return result(page);
    });
    store.setHost(h);
    await store.addFiles([new File([], 'empty.pdf'), pdf(), pdf()]);
    await settled(store);
    const [bad, a, b] = store.getSnapshot();
    expect(bad.status).toBe('failed');
    expect(bad.message).toContain('empty.pdf');
    expect(a.pages.map((p) => p.result?.markdown)).toEqual(['page 1', 'page 2']);
    expect(b.pages.every((p) => p.status === 'done')).toBe(true);
    expect(h.calls).toEqual([1, 2, 1, 2]);
    expect(maxInFlight).toBe(1);
  });

  it('a failing page is reported and the next pages go on', async () => {
    const store = new DocumentStore(new FakeRenderer());
    store.setHost(host(async (page) => (page === 1 ? Promise.reject(new Error('decoder exploded')) : result(page))));
    await store.addFiles([pdf()]);
    await settled(store);
    const [doc] = store.getSnapshot();
    expect(doc.pages[0]).toMatchObject({ status: 'failed', error: 'Page 1: decoder exploded' });
    expect(doc.pages[1].status).toBe('done');
  });

  it('hands the engine a port on which the render worker posted the page, not the pixels', async () => {
    const store = new DocumentStore(new FakeRenderer());
    const seen: Array<{ page: number; first: number; size: number }> = [];
    const h = host(async (page) => result(page));
    const ocr = h.ocrPage;
    h.ocrPage = async (request, signal, listener) => {
      expect(request.image).toBeInstanceOf(MessagePort);
      const image = await new Promise<PageImage>((resolve) => ((request.image as MessagePort).onmessage = (e) => resolve(e.data)));
      (request.image as MessagePort).close();
      seen.push({ page: request.page, first: image.pixels[0]!, size: image.pixels.length });
      return ocr(request, signal, listener);
    };
    store.setHost(h);
    await store.addFiles([pdf()]);
    await settled(store);
    expect(seen).toEqual([
      { page: 1, first: 1, size: 64 },
      { page: 2, first: 2, size: 64 },
    ]);
    expect(store.getSnapshot()[0].pages.map((p) => p.size)).toEqual([
      { width: 4, height: 4 },
      { width: 4, height: 4 },
    ]);
  });

  it('a page error that already names its page is shown once, not as “Page 1: Page 1 …”', async () => {
    const store = new DocumentStore(new FakeRenderer());
    const limit = 'Page 1 took longer than 90 s to draw and was skipped.';
    store.setHost(host(async (page) => (page === 1 ? Promise.reject(new Error(limit)) : result(page))));
    await store.addFiles([pdf()]);
    await settled(store);
    expect(store.getSnapshot()[0].pages[0]).toMatchObject({ status: 'failed', error: limit });
  });

  it('a page that paints nothing is done without the model, even while the model loads', async () => {
    const renderer = new FakeRenderer();
    const drawn = renderer.readPage.bind(renderer);
    renderer.readPage = async (doc, page, target, options, pixels) => (page === 1 ? (pixels.close(), { size: { width: 4, height: 4, dpi: 144 }, blank: true as const }) : drawn(doc, page, target, options, pixels));
    const store = new DocumentStore(renderer);
    let loaded!: (ok: boolean) => void;
    const h = { ...host(async (page) => result(page)), ensureReady: () => new Promise<boolean>((r) => (loaded = r)) };
    store.setHost(h);
    await store.addFiles([pdf()]);
    await vi.waitFor(() => expect(store.getSnapshot()[0].pages[0].status).toBe('done'));
    expect(store.getSnapshot()[0].pages[0].result).toMatchObject({ page: 1, markdown: '', regions: [] });
    loaded(true);
    await settled(store);
    expect(h.calls).toEqual([2]);
  });

  it('cancel abandons the page in flight and the queued ones; resume converts them, drawing anew the page drawn ahead before', async () => {
    const log: string[] = [];
    const store = new DocumentStore(loggingRenderer(log));
    let started!: () => void;
    const firstStarted = new Promise<void>((r) => (started = r));
    const h = host(
      (page, signal) =>
        new Promise((resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
          if (page === 2) resolve(result(page));
        }),
    );
    store.setHost(h);
    const [id] = await store.addFiles([pdf()]);
    await firstStarted;
    store.cancel(id);
    await settled(store);
    expect(store.get(id)!.pages.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);

    store.setHost(host(async (page) => result(page)));
    store.resume(id);
    await settled(store);
    expect(store.get(id)!.pages.map((p) => p.status)).toEqual(['done', 'done']);
    // Page 2 was drawn ahead while page 1 was read; after the cancel that drawing is not reused.
    expect(log.filter((l) => l === 'draw 2')).toHaveLength(2);
  });

  it('leaves pages queued while the engine cannot load, and converts them on retry', async () => {
    const store = new DocumentStore(new FakeRenderer());
    let ready = false;
    const h = host(async (page) => result(page));
    store.setHost({ ...h, ensureReady: async () => ready });
    const [id] = await store.addFiles([pdf()]);
    await new Promise((r) => setTimeout(r, 20));
    expect(store.get(id)!.pages.map((p) => p.status)).toEqual(['queued', 'queued']);
    ready = true;
    store.retry();
    await settled(store);
    expect(store.get(id)!.pages.map((p) => p.status)).toEqual(['done', 'done']);
  });

  it('shows the page in flight as far as it is read, on its own call, and drops it once the result is in', async () => {
    const store = new DocumentStore(new FakeRenderer());
    const partial = (page: number, markdown: string) => ({ page, markdown, regions: [], linesRead: 1, lines: 3 });
    const seen: (string | undefined)[] = [];
    let finish: () => void = () => {};
    let late: PageListener | undefined;
    store.setHost(
      host(async (page, _signal, listener) => {
        if (page === 1) {
          listener.progress(1, 3, 'Recognizing');
          listener.partial(partial(1, '# Title'));
          seen.push(store.getSnapshot()[0]!.pages[0]!.partial?.markdown, store.getSnapshot()[0]!.pages[1]!.partial?.markdown);
          seen.push(String(store.getSnapshot()[0]!.pages[0]!.stageProgress));
          late = listener;
          await new Promise<void>((r) => (finish = r));
        }
        return result(page);
      }),
    );
    const [id] = await store.addFiles([pdf()]);
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual(['# Title', undefined, String(1 / 3)]);
    finish();
    await settled(store);
    expect(store.get(id)!.pages.map((p) => [p.status, p.partial, p.result?.markdown])).toEqual([
      ['done', undefined, 'page 1'],
      ['done', undefined, 'page 2'],
    ]);
    // An event that arrives after its page is done changes nothing.
    late!.partial(partial(1, 'late'));
    expect(store.get(id)!.pages[0]!.partial).toBeUndefined();
  });

  it('keeps the figures the engine cut from the page, without drawing the page again', async () => {
    const renderer = new FakeRenderer();
    const store = new DocumentStore(renderer);
    const png = new Blob(['png']);
    store.setHost({
      ...host(async (page) => result(page)),
      ocrPage: async ({ page }) => ({ ...result(page), figures: [{ name: `figure-p${page}-1.png`, bbox: [0, 0, 2, 2] }], figureImages: new Map([[`figure-p${page}-1.png`, png]]) }),
    });
    const [id] = await store.addFiles([pdf()]);
    await settled(store);
    expect(store.get(id)!.pages.map((p) => [...(p.figures?.keys() ?? [])])).toEqual([['figure-p1-1.png'], ['figure-p2-1.png']]);
    expect(store.get(id)!.pages[0]!.result).not.toHaveProperty('figureImages');
    expect(renderer.asked).toHaveLength(2); // one visit to the renderer per page
  });

  describe('a PDF page’s own text while the model loads', () => {
    // A page with ink all over (opaque black), so each line of its text shows; its text, one line a page.
    // `rendered`: how many of the two pages the test lets render (the fakes answer once each).
    async function withOwnText() {
      const renderer = new FakeRenderer();
      const preview = (page: number) => ({ page, markdown: `Words of page ${page}`, regions: [], linesRead: 0, lines: 1 });
      renderer.ownText = (page) => ({ lines: [{ bbox: [10, 10, 190, 24], text: `Words of page ${page}` }], preview: preview(page) });
      let load!: (ok: boolean) => void;
      const ready = new Promise<boolean>((r) => (load = r));
      const store = new DocumentStore(renderer);
      store.setHost({ ...host(async (page) => result(page)), ensureReady: () => ready, readOwnText: () => true });
      const [id] = await store.addFiles([pdf()]);
      await vi.waitFor(() => expect(store.get(id!)!.pages[0]!.partial?.markdown).toContain('Words of page 1'));
      expect(store.get(id!)!.pages[0]).toMatchObject({ status: 'rendering', stage: 'Waiting for the model' });
      return { store, id: id!, load };
    }

    it('is on screen before the model is ready, and the page read as usual replaces it', async () => {
      const { store, id, load } = await withOwnText();
      load(true);
      await settled(store);
      expect(store.get(id)!.pages.map((p) => [p.status, p.partial, p.result?.markdown])).toEqual([
        ['done', undefined, 'page 1'],
        ['done', undefined, 'page 2'],
      ]);
    });

    it('stays on screen, its page queued again, when the model cannot load', async () => {
      const { store, id, load } = await withOwnText();
      load(false);
      await vi.waitFor(() => expect(store.get(id)!.pages[0]!.status).toBe('queued'));
      expect(store.get(id)!.pages[0]!.partial?.markdown).toContain('Words of page 1');
      // The next page waits for a retry.
      expect(store.get(id)!.pages[1]!.status).toBe('queued');
      expect(store.get(id)!.pages[1]!.partial).toBeUndefined();
    });

    it('goes at once when the document is cancelled while the model loads', async () => {
      const { store, id } = await withOwnText();
      store.cancel(id);
      await vi.waitFor(() => expect(store.get(id)!.pages[0]!.status).toBe('cancelled'));
      expect(store.get(id)!.pages.map((p) => [p.status, p.partial])).toEqual([
        ['cancelled', undefined],
        ['cancelled', undefined],
      ]);
    });
  });

  it('shows a PDF page’s own text as soon as it is read, before the page is drawn, and the drawn page’s preview after', async () => {
    const renderer = new FakeRenderer();
    let draw!: () => void;
    const drawing = new Promise<void>((r) => (draw = r));
    const early = { page: 1, markdown: 'Words before drawing', regions: [], linesRead: 0, lines: 2 };
    const late = { page: 1, markdown: 'Words that show', regions: [], linesRead: 0, lines: 1 };
    const late2 = { ...late, page: 2 };
    let stale: (() => void) | undefined;
    renderer.readPage = async (_doc, page, _target, options, pixels, onOwnText) => {
      renderer.asked.push(options);
      const size = { width: 300, height: 400, dpi: 144 };
      onOwnText?.({ preview: page === 1 ? early : { ...early, page }, size });
      if (page === 1) await drawing;
      else stale = () => onOwnText?.({ preview: { ...early, page, markdown: 'Arrives after the page is drawn' }, size });
      pixels.postMessage({ width: 300, height: 400, pixels: new Uint8ClampedArray(300 * 400 * 4), dpi: 144 });
      pixels.close();
      return { size, ownText: [{ bbox: [10, 10, 190, 24], text: 'Words that show' }], preview: page === 1 ? late : late2 };
    };
    let load!: (ok: boolean) => void;
    const ready = new Promise<boolean>((r) => (load = r));
    const store = new DocumentStore(renderer);
    store.setHost({ ...host(async (page) => result(page)), ensureReady: () => ready, readOwnText: () => true });
    const [id] = await store.addFiles([pdf()]);
    await vi.waitFor(() => expect(store.get(id!)!.pages[0]!.partial?.markdown).toBe('Words before drawing'));
    expect(store.get(id!)!.pages[0]).toMatchObject({ status: 'rendering', size: { width: 300, height: 400 } });
    draw();
    await vi.waitFor(() => expect(store.get(id!)!.pages[0]!.partial?.markdown).toBe('Words that show'));
    load(true);
    await vi.waitFor(() => expect(store.get(id!)!.pages[1]!.partial?.markdown ?? store.get(id!)!.pages[1]!.result?.markdown).toBeDefined());
    // An early preview that comes in after its page was drawn does not replace the drawn page's.
    stale?.();
    await settled(store);
    expect(store.get(id!)!.pages.map((p) => [p.status, p.partial, p.result?.markdown])).toEqual([
      ['done', undefined, 'page 1'],
      ['done', undefined, 'page 2'],
    ]);
  });

  it('starts the model once a PDF page’s own text is read, not before (the model’s start would slow the reading)', async () => {
    for (const text of [true, false]) {
      const renderer = new FakeRenderer();
      const events: string[] = [];
      let read!: () => void;
      const reading = new Promise<void>((r) => (read = r));
      renderer.readPage = async (_doc, page, _target, _options, pixels, onOwnText) => {
        await reading;
        events.push(`text read p${page}`);
        const size = { width: 4, height: 4, dpi: 144 };
        // The render worker tells of the text it read, or that there was none, before drawing the page.
        onOwnText?.(text ? { preview: { page, markdown: 'Words', regions: [], linesRead: 0, lines: 1 }, size } : { size });
        pixels.postMessage({ width: 4, height: 4, pixels: new Uint8ClampedArray(64), dpi: 144 });
        pixels.close();
        return { size };
      };
      const store = new DocumentStore(renderer);
      const h = host(async (page) => result(page));
      store.setHost({ ...h, readOwnText: () => true, ensureReady: async () => (events.push('model started'), true) });
      const [id] = await store.addFiles([pdf()]);
      await vi.waitFor(() => expect(store.get(id!)!.pages[0]!.status).toBe('rendering'));
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual([]);
      read();
      await settled(store);
      expect(events.slice(0, 2)).toEqual(['text read p1', 'model started']);
      expect(store.get(id!)!.pages.map((p) => p.status)).toEqual(['done', 'done']);
    }
  });

  it('starts the model at once for a page read from its pixels only', async () => {
    const renderer = new FakeRenderer();
    let started = false;
    let read!: () => void;
    const reading = new Promise<void>((r) => (read = r));
    const plain = renderer.readPage.bind(renderer);
    renderer.readPage = async (...args) => {
      await reading;
      return plain(...args);
    };
    const store = new DocumentStore(renderer);
    store.setHost({ ...host(async (page) => result(page)), readOwnText: () => false, ensureReady: async () => (started = true) });
    const [id] = await store.addFiles([pdf()]);
    await vi.waitFor(() => expect(started).toBe(true));
    expect(store.get(id!)!.pages[0]!.status).toBe('rendering');
    read();
    await settled(store);
  });

  it('offers the engine a PDF page’s own text only when asked to', async () => {
    for (const use of [false, true]) {
      const renderer = new FakeRenderer();
      const store = new DocumentStore(renderer);
      const offered: unknown[] = [];
      store.setHost({
        ...host(async (page) => result(page)),
        ocrPage: async ({ page, ownText }) => {
          offered.push(ownText);
          return result(page);
        },
        readOwnText: () => use,
      });
      await store.addFiles([pdf()]);
      await settled(store);
      expect(offered).toEqual(use ? [[{ bbox: [0, 0, 4, 1], text: 'text of page 1' }], [{ bbox: [0, 0, 4, 1], text: 'text of page 2' }]] : [undefined, undefined]);
      expect(renderer.asked.map((o) => o.ownText)).toEqual([use, use]);
    }
  });

  describe('drawing ahead', () => {
    it('draws the next page while the current one is recognized, and draws each page once', async () => {
      const log: string[] = [];
      const store = new DocumentStore(loggingRenderer(log));
      const seen: number[] = [];
      const h = host(async (page) => {
        log.push(`recognize ${page}`);
        // Recognizing takes a while: long enough for the render worker to draw the next page meanwhile.
        await vi.waitFor(() => expect(page === 2 || log.includes('draw 2')).toBe(true));
        log.push(`recognized ${page}`);
        return result(page);
      });
      const ocr = h.ocrPage;
      h.ocrPage = async (request, signal, listener) => {
        const image = await new Promise<PageImage>((resolve) => ((request.image as MessagePort).onmessage = (e) => resolve(e.data)));
        seen.push(image.pixels[0]!);
        return ocr(request, signal, listener);
      };
      store.setHost(h);
      await store.addFiles([pdf()]);
      await settled(store);
      // Page 2 is drawn as soon as page 1 goes to the engine, and before the engine is done with it.
      expect(log).toEqual(['draw 1', 'draw 2', 'recognize 1', 'recognized 1', 'recognize 2', 'recognized 2']);
      // Each page got its own pixels (the fake renderer writes the page number into them).
      expect(seen).toEqual([1, 2]);
      expect(store.getSnapshot()[0].pages.map((p) => p.status)).toEqual(['done', 'done']);
    });

    it('a page that cannot be drawn while drawn ahead fails as itself when its turn comes', async () => {
      const log: string[] = [];
      const store = new DocumentStore(loggingRenderer(log, [2]));
      store.setHost(host(async (page) => result(page)));
      await store.addFiles([pdf()]);
      await settled(store);
      const pages = store.getSnapshot()[0].pages;
      expect(pages[0]).toMatchObject({ status: 'done' });
      expect(pages[1]).toMatchObject({ status: 'failed', error: 'Page 2 took longer than 90 s to draw and was skipped.' });
      expect(log.filter((l) => l === 'draw 2')).toHaveLength(1);
    });

    it('a page drawn ahead with other settings is drawn again with the settings of its turn', async () => {
      const renderer = new FakeRenderer();
      const store = new DocumentStore(renderer);
      let dropHeaders = false;
      const h = host(async (page) => {
        // The setting changes while page 1 is recognized, after page 2 was drawn ahead.
        if (page === 1) await vi.waitFor(() => expect(renderer.asked.length).toBe(2));
        dropHeaders = true;
        return result(page);
      });
      h.settings = () => ({ ...settings, dropHeaders });
      store.setHost(h);
      await store.addFiles([pdf()]);
      await settled(store);
      expect(renderer.asked.map((o) => o.dropHeaders)).toEqual([false, false, true]);
      expect(store.getSnapshot()[0].pages.map((p) => p.status)).toEqual(['done', 'done']);
    });
  });
});
