// A whole page through the Node pipeline (detector → lines → layout → assembly) on real graphs.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import type { PageImage } from '../src/protocol/page';
import { FIXTURE_PAGES, renderFirstPage } from './support/line-corpus';

const PACK = fileURLToPath(new URL('fixtures/varied-tiny', import.meta.url));

describe('ocrPage', () => {
  let engine: PageEngine;
  let page: PageImage;

  beforeAll(async () => {
    engine = await openNodeEngine(PACK, 1);
    page = await renderFirstPage(FIXTURE_PAGES[2]!);
  }, 120_000);
  afterAll(async () => engine && closePageEngine(engine));

  it('gives the same Markdown with FastMTP K=3 as with greedy, with consistent stats', async () => {
    const stages = new Set<string>();
    const greedy = await ocrPage(engine, page, 1, { k: 0, dropHeaders: false });
    const spec = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false, onProgress: (s) => stages.add(s) });
    expect(spec.markdown).toBe(greedy.markdown);
    expect(spec.regions.length).toBeGreaterThan(0);
    for (const r of spec.regions) {
      expect(r.bbox[0]).toBeGreaterThanOrEqual(0);
      expect(r.bbox[2]).toBeLessThanOrEqual(page.width);
      expect(r.bbox[3]).toBeLessThanOrEqual(page.height);
    }
    expect(spec.stats.tokens).toBe(greedy.stats.tokens);
    expect(greedy.stats.tokensPerPass).toBe(1);
    expect(spec.stats.decoderCalls).toBeLessThan(greedy.stats.decoderCalls);
    expect(spec.stats.tokensPerPass).toBeGreaterThan(1);
    expect(spec.stats.acceptedPerStep).toHaveLength(3);
    expect(spec.stats.acceptedPerStep[0]).toBeLessThanOrEqual(spec.stats.proposedPerStep[0]!);
    expect(spec.stats.draftCalls).toBeGreaterThan(0);
    expect(spec.stats.backend).toBe('cpu');
    const ms = spec.stats.ms;
    expect(Object.values(ms).every((v) => v >= 0)).toBe(true);
    expect(ms.detect + ms.encoder + ms.decoder + ms.draft + ms.layout).toBeLessThanOrEqual(ms.total + 1);
    expect([...stages]).toEqual(expect.arrayContaining(['detect', 'recognize', 'layout', 'assemble']));
  }, 120_000);

  it('reads wide lines in pieces cut at word gaps when splitWidth asks for it, the same with K=3 as greedy', async () => {
    const total = (o: { splitWidth: number; k: number }) => {
      let pieces = 0;
      const run = ocrPage(engine, page, 1, {
        ...o,
        dropHeaders: false,
        onProgress: (s, _done, n) => s === 'recognize' && (pieces = n),
      });
      return run.then((r) => ({ r, pieces }));
    };
    const whole = await total({ splitWidth: 0, k: 0 });
    const split = await total({ splitWidth: 240, k: 0 });
    const splitSpec = await total({ splitWidth: 240, k: 3 });
    expect(split.pieces).toBeGreaterThan(whole.pieces);
    expect(splitSpec.r.markdown).toBe(split.r.markdown);
    expect(split.r.regions.length).toBeGreaterThan(0);
  }, 180_000);

  it('returns an empty page for a blank image', async () => {
    const blank: PageImage = { width: 600, height: 800, pixels: new Uint8ClampedArray(600 * 800 * 4).fill(255), dpi: 72 };
    const r = await ocrPage(engine, blank, 3, { k: 2, dropHeaders: false });
    expect(r).toMatchObject({ page: 3, markdown: '', regions: [], figures: [] });
    expect(r.stats.tokens).toBe(0);
  });

  it('stops with an AbortError when its signal is aborted', async () => {
    const c = new AbortController();
    const run = ocrPage(engine, page, 1, { k: 1, dropHeaders: false, signal: c.signal, onProgress: (s) => s === 'recognize' && c.abort() });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  }, 60_000);
});
