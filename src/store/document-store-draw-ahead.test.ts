// The conversion queue draws the next page while the current one is recognized (fakes: testing/fake-conversion.ts).
import { describe, expect, it, vi } from 'vitest';
import type { PageImage } from '../protocol/page';
import { DocumentStore } from './document-store';
import { FakeRenderer, host, loggingRenderer, pdf, result, settings, settled } from './testing/fake-conversion';

describe('DocumentStore: drawing ahead', () => {
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
