// The conversion queue, isolated from the workers (fakes: testing/fake-conversion.ts): pages in order, failures,
// cancel and resume, the page in flight, figures. Its own text and drawing ahead have files of their own.
import { describe, expect, it, vi } from 'vitest';
import type { PageListener } from '../protocol/engine-api';
import type { PageImage } from '../protocol/page';
import { DocumentStore } from './document-store';
import { FakeRenderer, host, loggingRenderer, pdf, result, settled } from './testing/fake-conversion';

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
});
