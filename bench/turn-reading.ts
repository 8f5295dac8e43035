// How surely the recognizer reads a page's lines as they are, on every real scan of ../shared/eval-real as given
// and turned by half a turn: the measurement behind upright-page.ts's SURE_UPRIGHT (lines read this surely as
// they are are not read turned). Prints the highest as-is reading of an upside-down page and how many upright
// pages reach the bound.
//   npx tsx bench/turn-reading.ts [--pack DIR] [--json OUT]
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSource } from '../cli/page-source';
import { rotatePage } from '../src/core/detect/orientation';
import { detectLines } from '../src/core/pipeline/detect-lines';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { SURE_UPRIGHT, turnReading } from '../src/core/pipeline/upright-page';
import { openNodeEngine } from '../src/node/page-ocr';

const { values } = parseArgs({ options: { pack: { type: 'string', default: 'models/pocket' }, json: { type: 'string' } } });
const shared = process.env.PAGEMARK_SHARED ?? join(import.meta.dirname, '../../shared');
const engine = await openNodeEngine(values.pack!);
const rows: { set: string; pdf: string; upsideDown: boolean; asIs: number }[] = [];
for (const set of ['old_scans', 'old_scans_math', 'long_tiny_text']) {
  const dir = join(shared, 'eval-real', set, 'pdfs');
  for (const pdf of readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const image = await (await openSource(join(dir, pdf))).render(1);
    for (const upsideDown of [false, true]) {
      const page = upsideDown ? rotatePage(image, 2) : image;
      const reading = await turnReading(engine, page, await detectLines(engine, page));
      if (reading) rows.push({ set, pdf, upsideDown, asIs: reading.asIs });
    }
  }
}
await closePageEngine(engine);
const down = rows.filter((r) => r.upsideDown).map((r) => r.asIs);
const up = rows.filter((r) => !r.upsideDown).map((r) => r.asIs);
const summary = {
  pages: up.length,
  upsideDownMaxAsIs: Math.max(...down),
  uprightAtLeastBound: up.filter((c) => c >= SURE_UPRIGHT).length,
  upsideDownAtLeastBound: down.filter((c) => c >= SURE_UPRIGHT).length,
  bound: SURE_UPRIGHT,
};
console.log(JSON.stringify(summary));
if (values.json) writeFileSync(values.json, JSON.stringify({ summary, rows }, null, 1) + '\n');
