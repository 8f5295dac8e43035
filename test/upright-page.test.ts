// A page fed in askew, sideways or upside down reads like the same page upright: the pipeline turns it
// upright (upright-page.ts) before reading its lines, and the regions it reports still point at the text
// on the page as given.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatePage, unrotateBox } from '../src/core/detect/orientation';
import { deskewPage } from '../src/core/image/deskew';
import { ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { detectLines } from '../src/core/pipeline/detect-lines';
import { SURE_UPRIGHT, turnReading, uprightPage } from '../src/core/pipeline/upright-page';
import { editDistance } from '../src/core/text/edit-distance';
import { openNodeEngine } from '../src/node/page-ocr';
import type { BBox, PageImage, PageResult } from '../src/protocol/page';
import { renderFirstPage } from './support/line-corpus';

const PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));
const PDF = fileURLToPath(new URL('eval-set/generated/article-a.pdf', import.meta.url));

const words = (md: string) => md.replace(/<!--.*?-->/g, ' ').replace(/[#*\-\d.]/g, ' ').split(/\s+/).filter(Boolean);
const headings = (r: PageResult) => r.regions.filter((x) => x.type === 'heading');

describe('a page fed in askew, sideways or upside down', () => {
  let engine: PageEngine;
  let page: PageImage;
  let upright: PageResult;

  beforeAll(async () => {
    engine = await openNodeEngine(PACK, 1);
    page = await renderFirstPage(PDF);
    upright = await ocrPage(engine, page, 1, { k: 3, dropHeaders: false });
  }, 120_000);
  afterAll(async () => engine && closePageEngine(engine));

  /** `turned` read through the pipeline reads like the upright page; `back` maps its regions onto it. */
  async function readsLikeUpright(turned: PageImage, back: (b: BBox) => BBox) {
    const result = await ocrPage(engine, turned, 1, { k: 3, dropHeaders: false });
    const a = words(upright.markdown);
    expect(a.length).toBeGreaterThan(80);
    // Word error rate against the upright reading.
    expect(editDistance(a, words(result.markdown)) / a.length).toBeLessThan(0.05);
    // Each heading's region, mapped onto the upright page (a turn by a few degrees grows an axis-aligned
    // box a little), holds the upright page's heading and shares its centre.
    expect(headings(result).length).toBe(headings(upright).length);
    headings(result).forEach((h, i) => {
      expect(h.bbox[2]).toBeLessThanOrEqual(turned.width);
      expect(h.bbox[3]).toBeLessThanOrEqual(turned.height);
      const got = back(h.bbox);
      const want = headings(upright)[i]!.bbox;
      expect(got[0]).toBeLessThanOrEqual(want[0] + 4);
      expect(got[1]).toBeLessThanOrEqual(want[1] + 4);
      expect(got[2]).toBeGreaterThanOrEqual(want[2] - 4);
      expect(got[3]).toBeGreaterThanOrEqual(want[3] - 4);
      expect(Math.hypot((got[0] + got[2] - want[0] - want[2]) / 2, (got[1] + got[3] - want[1] - want[3]) / 2)).toBeLessThan(6);
    });
  }

  it('askew by 2°: its long lines rise by more than a line height across the page', async () => {
    // Read as they are, the crops mix neighbouring lines: word error 40 % on this page.
    const turned = deskewPage(page, -0.035);
    await readsLikeUpright(turned.image, turned.toPage);
  }, 120_000);

  it("askew by 2°: the upright page's lines, found on the detector's map turned with it, are the lines a second detection finds", async () => {
    const askew = deskewPage(page, -0.035).image;
    const found = await uprightPage(engine, askew);
    expect(Math.abs(found.skew)).toBeGreaterThan(0.02);
    const again = await detectLines(engine, found.clean);
    expect(found.detected.length).toBeGreaterThan(12);
    const iou = (a: BBox, b: BBox) => {
      const w = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
      const h = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
      const area = (r: BBox) => (r[2] - r[0]) * (r[3] - r[1]);
      return (w * h) / (area(a) + area(b) - w * h);
    };
    // Each line of either set has its twin in the other (boxes overlapping by 80 % of their union).
    const matched = (from: typeof again, to: typeof again) => from.filter((l) => to.some((m) => iou(l.bbox, m.bbox) >= 0.8)).length / from.length;
    expect(matched(found.detected, again)).toBeGreaterThanOrEqual(0.95);
    expect(matched(again, found.detected)).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  for (const t of [1, 2, 3]) {
    it(`turned by ${90 * t}° clockwise`, async () => {
      const turned = rotatePage(page, t);
      const found = await uprightPage(engine, turned);
      expect(found.turns).toBe((4 - t) % 4);
      await readsLikeUpright(turned, (b) => unrotateBox(b, t, page.width, page.height));
    }, 120_000);
  }

  it('a page known to be upright (its own text runs level) is only detected: not turned, not deskewed', async () => {
    const sideways = rotatePage(page, 1);
    const found = await uprightPage(engine, sideways, undefined, undefined, true);
    expect([found.turns, found.skew]).toEqual([0, 0]);
    expect(found.image).toBe(sideways);
    // Without the hint the same page is turned back.
    expect((await uprightPage(engine, sideways)).turns).toBe(3);
  }, 60_000);

  it('lines read surely as they are are not read turned; upside down, they are, and read surer turned', async () => {
    const asGiven = await turnReading(engine, page, await detectLines(engine, page));
    expect(asGiven!.asIs).toBeGreaterThanOrEqual(SURE_UPRIGHT);
    expect(asGiven!.turned).toBeUndefined();
    const flipped = rotatePage(page, 2);
    const upsideDown = await turnReading(engine, flipped, await detectLines(engine, flipped));
    expect(upsideDown!.asIs).toBeLessThan(SURE_UPRIGHT);
    expect(upsideDown!.turned).toBeGreaterThan(upsideDown!.asIs);
  }, 60_000);

  it('upright pages stay as they are', async () => {
    const found = await uprightPage(engine, page);
    expect([found.turns, found.skew]).toEqual([0, 0]);
    expect(found.image).toBe(page);
  }, 60_000);
});
