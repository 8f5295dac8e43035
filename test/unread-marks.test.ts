// A recognized page that comes out empty says whether it was blank or held marks nothing was read from
// (src/core/image/unread-marks.ts), on the shipped pack: a blank sheet has none, a sheet of looping pen strokes
// no text line is found in has them.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import type { PageImage } from '../src/protocol/page';
import { drawnPage, seeded } from './support/drawn-page';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

/** Seeded loops of pen, tall and wide apart, in rows, on cream paper: ink the detector finds no text line in. */
function penned(lines: number): PageImage {
  return drawnPage(1200, 1500, (ctx) => {
    ctx.fillStyle = '#efe6cf';
    ctx.fillRect(0, 0, 1200, 1500);
    const r = seeded(5);
    ctx.strokeStyle = '#2a2418';
    ctx.lineWidth = 3;
    for (let line = 0; line < lines; line++) {
      const y = 250 + line * 160;
      ctx.beginPath();
      ctx.moveTo(150, y);
      for (let x = 150; x < 1000; x += 120) {
        const h = 200 + 200 * r();
        ctx.bezierCurveTo(x + 60, y - h, x - 20, y - h, x + 20, y + 20 * r());
      }
      ctx.stroke();
    }
  });
}

describe('an empty recognized page (models/pocket)', () => {
  let engine: PageEngine;
  beforeAll(async () => {
    engine = await openNodeEngine(root('models/pocket'), 1);
  }, 600_000);
  afterAll(async () => engine && closePageEngine(engine));

  it('is blank when nothing is on it', async () => {
    const page = await ocrPage(engine, penned(0), 1, { k: 3, dropHeaders: false });
    expect(page.markdown).toBe('');
    expect(page.stats.unreadMarks).toBeUndefined();
  }, 120_000);

  it('holds marks when pen strokes no text line is found in are on it', async () => {
    const page = await ocrPage(engine, penned(6), 1, { k: 3, dropHeaders: false });
    expect(page.markdown).toBe('');
    expect(page.stats.unreadMarks).toBeGreaterThan(0.01);
  }, 120_000);
});
