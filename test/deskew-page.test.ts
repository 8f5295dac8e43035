// A page scanned askew reads like the same page upright: the pipeline turns it upright (deskew.ts) before
// reading its lines, and the regions it reports still point at the text on the page as given.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskewPage } from '../src/core/image/deskew';
import { ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { editDistance } from '../src/core/text/edit-distance';
import { openNodeEngine } from '../src/node/page-ocr';
import type { PageImage } from '../src/protocol/page';
import { renderFirstPage } from './support/line-corpus';

const PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));
const PDF = fileURLToPath(new URL('eval-set/generated/article-a.pdf', import.meta.url));

const words = (md: string) => md.replace(/<!--.*?-->/g, ' ').replace(/[#*\-\d.]/g, ' ').split(/\s+/).filter(Boolean);

describe('a skewed page', () => {
  let engine: PageEngine;
  let page: PageImage;

  beforeAll(async () => {
    engine = await openNodeEngine(PACK, 1);
    page = await renderFirstPage(PDF);
  }, 120_000);
  afterAll(async () => engine && closePageEngine(engine));

  it('reads like the upright page, with regions on the page as given', async () => {
    // The page turned by 2°: its long lines rise by more than a line's height across the page.
    const turned = deskewPage(page, -0.035);
    const upright = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false });
    const skewed = await ocrPage(engine, turned.image, 1, { k: 3, dropHeaders: false });
    const a = words(upright.markdown);
    const b = words(skewed.markdown);
    expect(a.length).toBeGreaterThan(80);
    // Word error rate against the upright reading; read as they are, the crops mix neighbouring lines.
    expect(editDistance(a, b) / a.length).toBeLessThan(0.05);
    // Regions are on the turned page: mapped back onto the upright page (each turn grows an axis-aligned box
    // a little), each heading's box holds the upright page's heading and shares its centre.
    const headings = (r: typeof upright) => r.regions.filter((x) => x.type === 'heading');
    expect(headings(skewed).length).toBe(headings(upright).length);
    headings(skewed).forEach((h, i) => {
      expect(h.bbox[2]).toBeLessThanOrEqual(turned.image.width);
      const back = turned.toPage(h.bbox);
      const want = headings(upright)[i]!.bbox;
      expect(back[0]).toBeLessThanOrEqual(want[0] + 4);
      expect(back[1]).toBeLessThanOrEqual(want[1] + 4);
      expect(back[2]).toBeGreaterThanOrEqual(want[2] - 4);
      expect(back[3]).toBeGreaterThanOrEqual(want[3] - 4);
      expect(Math.hypot((back[0] + back[2] - want[0] - want[2]) / 2, (back[1] + back[3] - want[1] - want[3]) / 2)).toBeLessThan(6);
    });
  }, 180_000);
});
