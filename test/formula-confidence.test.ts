// The formula recognizer writes LaTeX for whatever it is shown, so a formula is claimed only where it was
// sure (src/core/formula/formula-confidence.ts). On the shipped pack: the held-out rendered formulas it
// reads exactly clear the bar; crops that are not formulas — a letterhead in capitals, a line of prose,
// scribbled strokes — do not, so the page keeps them as text.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_MIN_CONFIDENCE } from '../src/core/formula/formula-confidence';
import { normalizeLatex } from '../src/core/formula/normalize-latex';
import { lineInput, linePreprocess } from '../src/core/image/line-input';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../src/node/page-ocr';
import { readPageImage } from '../src/node/png-page';
import type { PageImage } from '../src/protocol/page';
import { drawnPage, seeded } from './support/drawn-page';

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const FIXTURES: { png: string; label: string }[] = readFileSync(root('test/fixtures/formula/formulas.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

const text = (s: string, font: string, width: number) =>
  drawnPage(width, 64, (ctx) => {
    ctx.font = font;
    ctx.fillText(s, 12, 46);
  });

/** Pen strokes that look like nothing: seeded, so the test reads the same crop every run. */
const scribble = () =>
  drawnPage(420, 70, (ctx) => {
    const r = seeded(7);
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.moveTo(10, 35);
    for (let x = 10; x < 410; x += 6) ctx.quadraticCurveTo(x + 3, 10 + 50 * r(), x + 6, 20 + 30 * r());
    ctx.stroke();
  });

const NOT_FORMULAS: [string, () => PageImage][] = [
  ['a letterhead in capitals', () => text('THE BECKNER PRINTING COMPANY', 'bold 34px DejaVu Serif', 720)],
  ['a line of prose', () => text('I know you will forgive the liberty I am taking', 'italic 30px DejaVu Serif', 760)],
  ['a street address', () => text('136, 138, 140 West Short Street, Lexington', '28px Liberation Serif', 640)],
  ['scribbled strokes', scribble],
];

describe('formula confidence (models/pocket)', () => {
  let engine: PageEngine;
  beforeAll(async () => {
    engine = await openNodeEngine(root('models/pocket'), 1);
  }, 600_000);
  afterAll(async () => engine && closePageEngine(engine));

  async function read(images: PageImage[]) {
    const rec = engine.formula!;
    const pre = linePreprocess(rec.spec.preprocess);
    const { memories } = await encodeLines(rec, images.map((img) => lineInput(img, [0, 0, img.width, img.height], pre)));
    return decodeLines(rec, memories, { k: 3, batchSize: 1 });
  }

  it('is sure of the held-out formulas it reads exactly', async () => {
    const images = await Promise.all(FIXTURES.map((f) => readPageImage(root(`test/fixtures/formula/${f.png}`))));
    const out = await read(images);
    const exact = FIXTURES.map((f, i) => normalizeLatex(out.texts[i]!) === f.label);
    console.log(FIXTURES.map((f, i) => `${out.confidence[i]!.toFixed(3)} ${exact[i] ? 'exact' : 'wrong'} ${f.label}`).join('\n'));
    expect(exact.filter(Boolean).length).toBeGreaterThan(0);
    exact.forEach((e, i) => e && expect(out.confidence[i], FIXTURES[i]!.label).toBeGreaterThanOrEqual(FORMULA_MIN_CONFIDENCE));
  }, 600_000);

  it('is unsure of crops that are not formulas', async () => {
    const out = await read(NOT_FORMULAS.map(([, make]) => make()));
    NOT_FORMULAS.forEach(([name], i) => {
      console.log(`${out.confidence[i]!.toFixed(3)} ${name}: ${out.texts[i]}`);
      expect(out.confidence[i], `${name} read as ${out.texts[i]}`).toBeLessThan(FORMULA_MIN_CONFIDENCE);
    });
  }, 600_000);
});
