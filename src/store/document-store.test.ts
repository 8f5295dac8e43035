// The conversion queue, isolated from the workers: the render bridge is replaced by a fake that
// "opens" any PDF as two pages; the OCR host is a fake that records calls.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { EngineSettings } from '../protocol/engine-api';
import type { PageImage, PageResult } from '../protocol/page';
import { DocumentStore, type ConversionHost } from './document-store';

vi.mock('../bridges/render-bridge', () => ({
  OCR_TARGET: { longSide: 2000, maxPixels: 6e6, maxDpi: 600 },
  openDocument: vi.fn(async () => ({ ok: true, docId: 7, pageCount: 2 })),
  renderPage: vi.fn(async () => ({ width: 4, height: 4, pixels: new Uint8ClampedArray(64), dpi: 144 })),
  closeDocument: vi.fn(async () => undefined),
  pageText: vi.fn(async (_doc: number, page: number) => [{ bbox: [0, 0, 4, 1], text: `text of page ${page}` }]),
}));

const pdf = () => new File([readFileSync(new URL('../../e2e/fixtures/text-page.pdf', import.meta.url))], 'a.pdf');
const settings: EngineSettings = { backend: 'wasm', k: 2, dropHeaders: false };

function result(page: number): PageResult {
  return {
    page, markdown: `page ${page}`, regions: [], figures: [],
    stats: { tokens: 1, decoderCalls: 1, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 1,
      ms: { total: 1, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'wasm' },
  };
}

function host(ocr: (page: number, signal: AbortSignal) => Promise<PageResult>, ready = true): ConversionHost & { calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    ensureReady: async () => ready,
    settings: () => settings,
    ocrPage: (_image: PageImage, page: number, _s: EngineSettings, signal: AbortSignal) => {
      calls.push(page);
      return ocr(page, signal);
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
    const store = new DocumentStore();
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
    const store = new DocumentStore();
    store.setHost(host(async (page) => (page === 1 ? Promise.reject(new Error('decoder exploded')) : result(page))));
    await store.addFiles([pdf()]);
    await settled(store);
    const [doc] = store.getSnapshot();
    expect(doc.pages[0]).toMatchObject({ status: 'failed', error: 'Page 1: decoder exploded' });
    expect(doc.pages[1].status).toBe('done');
  });

  it('cancel abandons the page in flight and the queued ones; resume converts them', async () => {
    const store = new DocumentStore();
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
  });

  it('leaves pages queued while the engine cannot load, and converts them on retry', async () => {
    const store = new DocumentStore();
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

  it('shows the page in flight as far as it is read, ignores other pages, and drops it once the result is in', async () => {
    const store = new DocumentStore();
    const partial = (page: number, markdown: string) => ({ page, markdown, regions: [], linesRead: 1, lines: 3 });
    const seen: (string | undefined)[] = [];
    let finish: () => void = () => {};
    store.setHost(
      host(async (page) => {
        if (page === 1) {
          store.reportPagePartial(partial(2, 'not in flight'));
          store.reportPagePartial(partial(1, '# Title'));
          seen.push(store.getSnapshot()[0]!.pages[0]!.partial?.markdown, store.getSnapshot()[0]!.pages[1]!.partial?.markdown);
          await new Promise<void>((r) => (finish = r));
        }
        return result(page);
      }),
    );
    const [id] = await store.addFiles([pdf()]);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual(['# Title', undefined]);
    finish();
    await settled(store);
    expect(store.get(id)!.pages.map((p) => [p.status, p.partial, p.result?.markdown])).toEqual([
      ['done', undefined, 'page 1'],
      ['done', undefined, 'page 2'],
    ]);
    store.reportPagePartial(partial(1, 'late'));
    expect(store.get(id)!.pages[0]!.partial).toBeUndefined();
  });

  describe('a PDF page’s own text while the model loads', () => {
    // A page with ink all over (opaque black), so each line of its text shows; its text, one line a page.
    // `rendered`: how many of the two pages the test lets render (the fakes answer once each).
    async function withOwnText(rendered: number) {
      const bridge = await import('../bridges/render-bridge');
      const inked = () => ({ width: 200, height: 100, pixels: new Uint8ClampedArray(200 * 100 * 4).map((_, i) => (i % 4 === 3 ? 255 : 0)), dpi: 144 });
      for (let i = 0; i < rendered; i++) {
        vi.mocked(bridge.renderPage).mockResolvedValueOnce(inked());
        vi.mocked(bridge.pageText).mockImplementationOnce(async (_doc, page) => [{ bbox: [10, 10, 190, 24], text: `Words of page ${page}` }]);
      }
      let load!: (ok: boolean) => void;
      const ready = new Promise<boolean>((r) => (load = r));
      const store = new DocumentStore();
      store.setHost({ ...host(async (page) => result(page)), ensureReady: () => ready, useTextLayer: () => true });
      const [id] = await store.addFiles([pdf()]);
      await vi.waitFor(() => expect(store.get(id!)!.pages[0]!.partial?.markdown).toContain('Words of page 1'));
      expect(store.get(id!)!.pages[0]).toMatchObject({ status: 'rendering', stage: 'Waiting for the model' });
      return { store, id: id!, load };
    }

    it('is on screen before the model is ready, and the page read as usual replaces it', async () => {
      const { store, id, load } = await withOwnText(2);
      load(true);
      await settled(store);
      expect(store.get(id)!.pages.map((p) => [p.status, p.partial, p.result?.markdown])).toEqual([
        ['done', undefined, 'page 1'],
        ['done', undefined, 'page 2'],
      ]);
    });

    it('stays on screen, its page queued again, when the model cannot load', async () => {
      const { store, id, load } = await withOwnText(1);
      load(false);
      await vi.waitFor(() => expect(store.get(id)!.pages[0]!.status).toBe('queued'));
      expect(store.get(id)!.pages[0]!.partial?.markdown).toContain('Words of page 1');
      // The next page waits for a retry.
      expect(store.get(id)!.pages[1]!.status).toBe('queued');
      expect(store.get(id)!.pages[1]!.partial).toBeUndefined();
    });

    it('goes at once when the document is cancelled while the model loads', async () => {
      const { store, id } = await withOwnText(1);
      store.cancel(id);
      await vi.waitFor(() => expect(store.get(id)!.pages[0]!.status).toBe('cancelled'));
      expect(store.get(id)!.pages.map((p) => [p.status, p.partial])).toEqual([
        ['cancelled', undefined],
        ['cancelled', undefined],
      ]);
    });
  });

  it('offers the engine a PDF page’s own text only when asked to', async () => {
    for (const use of [false, true]) {
      const store = new DocumentStore();
      const offered: unknown[] = [];
      store.setHost({
        ...host(async (page) => result(page)),
        ocrPage: async (_image, page, _s, _signal, textLayer) => {
          offered.push(textLayer);
          return result(page);
        },
        useTextLayer: () => use,
      });
      await store.addFiles([pdf()]);
      await settled(store);
      expect(offered).toEqual(use ? [[{ bbox: [0, 0, 4, 1], text: 'text of page 1' }], [{ bbox: [0, 0, 4, 1], text: 'text of page 2' }]] : [undefined, undefined]);
    }
  });
});
