// A scanned page's layout input as the recognizing pipeline builds it: the page made upright, the detector's
// lines (cut at column gutters, with their angles) and the page size, without reading them. For looking at
// a scan's layout and for cutting small fixtures from real scans (test/fixtures/layout/README.md).
//
//   node bench/layout/scan-lines.mjs FILE.pdf|IMAGE PAGE [OUT.json]   (cut with cut-fixture.py … scan)
import { writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
const [file, pageArg, out] = process.argv.slice(2);
const page = Number(pageArg ?? 1);
const { openSource } = await import('../../cli/page-source.ts');
const { openNodeEngine } = await import('../../src/node/page-ocr.ts');
const { uprightPage } = await import('../../src/core/pipeline/upright-page.ts');
const { splitAtGutters } = await import('../../src/core/pipeline/gutter-lines.ts');

const source = await openSource(file);
const engine = await openNodeEngine('models/pocket');
const upright = await uprightPage(engine, await source.render(page));
const r = (v) => Math.round(v * 1000) / 1000;
const result = {
  file,
  page,
  size: { width: upright.image.width, height: upright.image.height },
  unclipRatio: engine.detectorSpec.unclipRatio,
  lines: splitAtGutters(upright.detected, upright.image, engine.detectorSpec.unclipRatio).map((l) => ({ bbox: l.bbox.map(r), ...(l.angle !== undefined && { angle: r(l.angle) }) })),
};
const json = JSON.stringify(result, null, 1);
if (out) writeFileSync(out, json);
else console.log(json);
await source.close();
process.exit(0);
