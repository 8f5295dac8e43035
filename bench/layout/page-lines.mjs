// A PDF page's layout input as the default pipeline builds it: the detector's boxes (at the size a page offered
// its own text is detected at), the page's visible text-layer lines, and the lines the layout is given (the
// boxes filled from the layer). With --scan, a scanned page's (or image's) as the recognizing pipeline builds it:
// the page made upright, the detector's lines cut at column gutters (with their angles), not read; with --read
// as well, read by the recognizer as ocrPage reads them (unsure specks dropped, lone bullets marked). For looking at
// a page and for cutting small fixtures from real pages (cut-fixture.py … lines|layer|detected, or … scan); its
// rulings and lines make a table fixture (test/fixtures/tables: width, height, unclip, lines, rulings).
//
//   node bench/layout/page-lines.mjs FILE.pdf|IMAGE PAGE [OUT.json] [--scan [--read]]
import { writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const scan = process.argv.includes('--scan');
const readToo = process.argv.includes('--read');
const [file, pageArg, out] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const page = Number(pageArg ?? 1);
const { openSource } = await import('../../cli/page-source.ts');
const { openNodeEngine } = await import('../../src/node/page-ocr.ts');
const { uprightPage } = await import('../../src/core/pipeline/upright-page.ts');

const source = await openSource(file);
const engine = await openNodeEngine('models/pocket');
const image = await source.render(page);
const result = scan ? await scanLines() : await ownTextLines();
const json = JSON.stringify({ file, page, ...result }, null, 1);
if (out) writeFileSync(out, json);
else console.log(json);
await source.close();
process.exit(0);

async function ownTextLines() {
  const { LAYER_DETECT_SIDE } = await import('../../src/core/pipeline/ocr-page.ts');
  const { isLevel, visibleLines } = await import('../../src/core/text-layer/pdf-text.ts');
  const { readWithTextLayer } = await import('../../src/core/pipeline/text-layer-page.ts');
  const { detectAroundLayer } = await import('../../src/core/pipeline/layer-detect.ts');
  const { findPageRulings } = await import('../../src/core/layout/rulings.ts');
  const { lines: layer } = await source.textLines(page);
  // As ocrPage does: where the layer runs level, the detector looks only where its text lacks the page's ink.
  const visible = visibleLines(layer, image);
  const around = isLevel(layer) ? await detectAroundLayer(engine, image, visible, LAYER_DETECT_SIDE) : undefined;
  const upright = around ? { image, detected: around.detected } : await uprightPage(engine, image, undefined, LAYER_DETECT_SIDE, isLevel(layer));
  const read = await readWithTextLayer(engine, upright.image, upright.detected, visible, { k: 3, dropHeaders: false }, 0);
  const r = (b) => b.map((v) => Math.round(v * 10) / 10);
  return {
    size: { width: image.width, height: image.height },
    unclipRatio: engine.detectorSpec.unclipRatio,
    layer: visible.map((l) => ({ bbox: r(l.bbox), text: l.text, ...(l.size && { size: l.size }), ...(l.bold && { bold: true }) })),
    detected: upright.detected.map((l) => r(l.bbox)),
    // The rules the layout finds in the page's pixels (layout-page.ts), for a table fixture (test/fixtures/tables).
    rulings: findPageRulings(image),
    lines: 'rejected' in read ? read : read.lines.map((l, i) => ({ bbox: r(l.bbox), text: read.texts[i], ...(l.size && { size: l.size }), ...(l.bold && { bold: true }) })),
  };
}

async function scanLines() {
  const { splitAtGutters } = await import('../../src/core/pipeline/gutter-lines.ts');
  const upright = await uprightPage(engine, image);
  const ratio = engine.detectorSpec.unclipRatio;
  const r = (v) => Math.round(v * 1000) / 1000;
  const lines = splitAtGutters(upright.detected, upright.image, ratio);
  const texts = readToo ? await readLines(upright.image, lines.map((l) => l.bbox)) : [];
  const { findPageRulings } = await import('../../src/core/layout/rulings.ts');
  return {
    size: { width: upright.image.width, height: upright.image.height },
    unclipRatio: ratio,
    rulings: findPageRulings(upright.image),
    lines: lines.map((l, i) => ({ bbox: l.bbox.map(r), ...(l.angle !== undefined && { angle: r(l.angle) }), ...(texts[i] !== undefined && { text: texts[i] }) })),
  };
}

async function readLines(image, boxes) {
  const { readAll } = await import('../../src/core/pipeline/ocr-page.ts');
  const { loneBullets } = await import('../../src/core/layout/bullets.ts');
  const read = await readAll(engine, image, boxes, { k: 3, dropHeaders: false }, engine.text.spec.preprocess.splitWidth ?? 0);
  loneBullets(boxes, read.texts);
  return read.texts;
}
