// Which recognized lines the detector ran across a column gutter on real scans, and where gutter-lines.ts cuts
// them (docs/layout.md). Reads the pages from ../shared/eval-real (never committed).
// Usage: npx tsx bench/layout/gutter-lines.ts SET|SET/FILE.pdf …   (e.g. long_tiny_text old_scans)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSource } from '../../cli/page-source';
import { pageGutters, splitAtGutters } from '../../src/core/pipeline/gutter-lines';
import { uprightPage } from '../../src/core/pipeline/upright-page';
import { openNodeEngine } from '../../src/node/page-ocr';

const shared = process.env.PAGEMARK_SHARED ?? '../shared';
const engine = await openNodeEngine('models/pocket');
const ratio = engine.detectorSpec.unclipRatio ?? 0;
const pages = process.argv
  .slice(2)
  .flatMap((a) => (a.includes('/') ? [a] : readdirSync(join(shared, 'eval-real', a, 'pdfs')).map((f) => `${a}/${f}`)));
let cut = 0;
for (const page of pages) {
  const [set, pdf] = page.split('/');
  const src = await openSource(join(shared, 'eval-real', set!, 'pdfs', pdf!));
  const up = await uprightPage(engine, await src.render(1));
  await src.close();
  const { gutters } = pageGutters(up.detected, up.image.width, ratio);
  const split = splitAtGutters(up.detected, up.image, ratio);
  const box = (b: readonly number[]) => b.map((v) => v.toFixed(0)).join(',');
  console.log(`${page}: ${up.detected.length} lines, gutters at ${gutters.map((g) => `${g.x0}–${g.x1}`).join(' ') || 'none'}, ${split.length - up.detected.length} cut`);
  for (const l of up.detected) {
    const pieces = split.filter((s) => s.bbox[1] === l.bbox[1] && s.bbox[0] >= l.bbox[0] && s.bbox[2] <= l.bbox[2]);
    if (pieces.length > 1) console.log(`  ${box(l.bbox)} → ${pieces.map((p) => box(p.bbox)).join(' | ')}`);
  }
  cut += split.length - up.detected.length;
}
console.log(`${pages.length} pages, ${cut} lines cut`);
process.exit(0);
