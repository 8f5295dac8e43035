// The conversion queue and a PDF page's own text (fakes: testing/fake-conversion.ts): shown before the page is
// drawn and while the model loads, the model started after it, offered to the engine only when asked.
import { describe, expect, it, vi } from 'vitest';
import { DocumentStore } from './document-store';
import { FakeRenderer, host, pdf, result, settled } from './testing/fake-conversion';

describe('DocumentStore: a PDF page’s own text', () => {
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
});
