// A PDF page's layout input as the default pipeline builds it: the detector's boxes (at the size a page offered
// its own text is detected at), the page's visible text-layer lines, and the lines the layout is given (the
// boxes filled from the layer). For looking at a page and for cutting small fixtures from real pages.
//
//   node bench/layout/page-lines.mjs FILE.pdf PAGE [OUT.json]
import { writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const [file, pageArg, out] = process.argv.slice(2);
const page = Number(pageArg ?? 1);
const { openSource } = await import('../../cli/page-source.ts');
const { openNodeEngine } = await import('../../src/node/page-ocr.ts');
const { uprightPage } = await import('../../src/core/pipeline/upright-page.ts');
const { LAYER_DETECT_SIDE } = await import('../../src/core/pipeline/ocr-page.ts');
const { isLevel, visibleLines } = await import('../../src/core/text-layer/pdf-text.ts');
const { readWithTextLayer } = await import('../../src/core/pipeline/text-layer-page.ts');

const source = await openSource(file);
const engine = await openNodeEngine('models/pocket');
const image = await source.render(page);
const { lines: layer } = await source.textLines(page);
const upright = await uprightPage(engine, image, undefined, LAYER_DETECT_SIDE, isLevel(layer));
const read = await readWithTextLayer(engine, upright.image, upright.detected, layer, { k: 3, dropHeaders: false }, 0);
const r = (b) => b.map((v) => Math.round(v * 10) / 10);
const result = {
  file,
  page,
  size: { width: image.width, height: image.height },
  unclipRatio: engine.detectorSpec.unclipRatio,
  layer: visibleLines(layer, image).map((l) => ({ bbox: r(l.bbox), text: l.text, ...(l.size && { size: l.size }) })),
  detected: upright.detected.map((l) => r(l.bbox)),
  lines: 'rejected' in read ? read : read.lines.map((l, i) => ({ bbox: r(l.bbox), text: read.texts[i], ...(l.size && { size: l.size }) })),
};
const json = JSON.stringify(result, null, 1);
if (out) writeFileSync(out, json);
else console.log(json);
await source.close();
process.exit(0);
