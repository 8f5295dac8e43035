// A recognized page keeps what the recognizer doubts as a guess, marked (src/core/pipeline/unsure-text.ts). On the
// shipped pack: a letter typed in a book face reads as sure text, and pen strokes that are no letters under it —
// the recognizer still writes letters for them — come out inside <div data-unsure>.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrPage } from '../src/core/pipeline/ocr-page';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import type { PageImage } from '../src/protocol/page';
import { drawnPage, seeded } from './support/drawn-page';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

const TYPED = ['Dear Sir,', 'I know you will forgive the liberty I am taking in writing', 'to you about the meeting of the club next month.'];

/** A letter: typed lines, then three lines of seeded pen strokes standing where a signature and a note would. */
function letter(): PageImage {
  return drawnPage(1400, 900, (ctx) => {
    ctx.font = '30px DejaVu Serif';
    TYPED.forEach((t, i) => ctx.fillText(t, 120, 140 + i * 52));
    const r = seeded(11);
    ctx.lineWidth = 3;
    for (let line = 0; line < 3; line++) {
      const y = 520 + line * 90;
      ctx.beginPath();
      ctx.moveTo(120, y);
      for (let x = 120; x < 1000; x += 14) ctx.bezierCurveTo(x + 4, y - 40 * r(), x + 10, y + 10 * r(), x + 14, y - 8 * r());
      ctx.stroke();
    }
  });
}

describe('unsure readings on a recognized page (models/pocket)', () => {
  let engine: PageEngine;
  beforeAll(async () => {
    engine = await openNodeEngine(root('models/pocket'), 1);
  }, 600_000);
  afterAll(async () => engine && closePageEngine(engine));

  it('marks the strokes as unsure and leaves the typed letter as text', async () => {
    const page = await ocrPage(engine, letter(), 1, { k: 3, dropHeaders: false });
    const sure = page.regions.filter((r) => !r.unsure).map((r) => r.markdown).join('\n');
    const unsure = page.regions.filter((r) => r.unsure);
    expect(sure).toContain('forgive the liberty');
    expect(unsure.length).toBeGreaterThan(0);
    for (const r of unsure) expect(r.markdown).toMatch(/^<div data-unsure>\n\n[\s\S]+\n\n<\/div>$/);
    expect(unsure.some((r) => r.markdown.includes('liberty'))).toBe(false);
  }, 120_000);
});
