// A page streamed while it is read (ocrPage's onPartial) on the shipped pack: the blocks read so far come
// out as partial pages, each the start of the final Markdown, and the final page is what it is without
// streaming.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import type { PageImage, PagePartial } from '../src/protocol/page';
import { FIXTURE_PAGES, renderFirstPage } from './support/line-corpus';

const PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));

describe('a text page streamed while it is read', () => {
  let engine: PageEngine;
  let page: PageImage;

  beforeAll(async () => {
    engine = await openNodeEngine(PACK, 1);
    page = await renderFirstPage(FIXTURE_PAGES[2]!);
  }, 120_000);
  afterAll(async () => engine && closePageEngine(engine));

  it('shows the leading blocks before the last line is read, and ends with the same page', async () => {
    const plain = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false });
    const partials: PagePartial[] = [];
    const streamed = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false, onPartial: (p) => partials.push(p) });

    expect(streamed.markdown).toBe(plain.markdown);
    expect(streamed.regions).toEqual(plain.regions);
    expect(streamed.stats.tokens).toBe(plain.stats.tokens);

    expect(partials.length).toBeGreaterThanOrEqual(2);
    let read = 0;
    let shown = 0;
    for (const p of partials) {
      expect(p.page).toBe(1);
      expect(p.linesRead).toBeGreaterThan(read);
      expect(p.linesRead).toBeLessThan(p.lines);
      read = p.linesRead;
      expect(p.markdown.length).toBeGreaterThan(shown);
      shown = p.markdown.length;
      // No formulas on this page: every block shown is final as shown, but the last may be a paragraph read up
      // to a line (whose end hyphen goes when the next line joins it).
      const upTo = (md: string) => md.replace(/-$/, '');
      expect(plain.markdown.startsWith(upTo(p.markdown))).toBe(true);
      const n = p.regions.length;
      expect(p.regions.slice(0, n - 1)).toEqual(plain.regions.slice(0, n - 1));
      expect(p.regions[n - 1]!.type).toBe(plain.regions[n - 1]!.type);
      expect(plain.regions[n - 1]!.markdown.startsWith(upTo(p.regions[n - 1]!.markdown))).toBe(true);
    }
    expect(partials[0]!.markdown.length).toBeLessThan(plain.markdown.length / 2);
  }, 180_000);
});
