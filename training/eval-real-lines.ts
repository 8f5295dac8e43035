// Line CER on real scan lines: training/real-scan-lines.tsv holds lines cut from pages of ../shared/eval-real
// (typed letters of old_scans, small print of long_tiny_text), transcribed by hand from the crops. Each page
// is rendered as the eval renders it and turned upright as the page pipeline turns it (a skewed scan is
// deskewed); the boxes are on that upright page. The lines are read by each pack the way the page pipeline
// reads them (read-boxes.ts: wide lines in pieces) and by tesseract (LSTM, one text line: --psm 7) on the
// same crops. Quotes are compared as the bench compares them (curly = straight), spaces collapsed.
// Usage: npx tsx training/eval-real-lines.ts [PACK_DIR ...] [--json OUT] [--no-tesseract]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSource } from '../cli/page-source';
import { cropPng } from '../cli/figure-crops';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { readBoxes } from '../src/core/pipeline/read-boxes';
import { uprightPage } from '../src/core/pipeline/upright-page';
import { editDistance } from '../src/core/text/edit-distance';
import { openNodeEngine } from '../src/node/page-ocr';
import type { BBox, PageImage } from '../src/protocol/page';

const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const packs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--json');
if (!packs.length) packs.push('models/pocket');
const withTesseract = !args.includes('--no-tesseract');
const shared = process.env.PAGEMARK_SHARED ?? '../shared';

interface Row { set: string; pdf: string; page: number; box: BBox; label: string }
const rows: Row[] = readFileSync('training/real-scan-lines.tsv', 'utf8').trim().split('\n').slice(1).map((l) => {
  const [set, pdf, page, x0, y0, x1, y1, label] = l.split('\t');
  return { set: set!, pdf: pdf!, page: Number(page), box: [x0, y0, x1, y1].map(Number) as BBox, label: label! };
});

const norm = (s: string) => s.replace(/[‘’‚]/g, "'").replace(/[“”„]/g, '"').replace(/[–—−]/g, '-').replace(/\s+/g, ' ').trim();
const errors = (ref: string, hyp: string) => editDistance([...norm(ref)], [...norm(hyp)]);

// Pages are turned upright once, by the first pack's detector, so every reader sees the same crops.
const byPage = new Map<string, Row[]>();
for (const r of rows) byPage.set(`${r.set}/${r.pdf}/${r.page}`, [...(byPage.get(`${r.set}/${r.pdf}/${r.page}`) ?? []), r]);
const engines = await Promise.all(packs.map((p) => openNodeEngine(p)));
const readings: string[][] = packs.map(() => []);
const tesseract: string[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-lines-'));
const ordered: Row[] = [];
for (const [key, pageRows] of byPage) {
  const [set, pdf, page] = key.split('/');
  const src = await openSource(join(shared, 'eval-real', set!, 'pdfs', pdf!));
  const image: PageImage = (await uprightPage(engines[0]!, await src.render(Number(page)))).image;
  await src.close();
  const boxes = pageRows.map((r) => r.box);
  for (const [i, engine] of engines.entries()) {
    const read = await readBoxes(engine.text, image, boxes, { k: 3 }, 'recognize', engine.text.spec.preprocess.splitWidth ?? 0);
    readings[i]!.push(...read.texts);
  }
  for (const b of boxes) {
    if (!withTesseract) break;
    const png = join(tmp, 'line.png');
    writeFileSync(png, cropPng(image, b));
    tesseract.push(execFileSync('tesseract', [png, '-', '--psm', '7', '-l', 'eng'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  }
  ordered.push(...pageRows);
}
rmSync(tmp, { recursive: true });
await Promise.all(engines.map(closePageEngine));

const systems = [...packs.map((p, i) => ({ name: p, texts: readings[i]! })), ...(withTesseract ? [{ name: 'tesseract', texts: tesseract }] : [])];
const sets = [...new Set(ordered.map((r) => r.set)), 'all'];
const cer = (texts: string[], set: string) => {
  let e = 0;
  let n = 0;
  ordered.forEach((r, i) => {
    if (set !== 'all' && r.set !== set) return;
    e += errors(r.label, texts[i]!);
    n += [...norm(r.label)].length;
  });
  return e / Math.max(1, n);
};
console.log(`| lines | ${systems.map((s) => s.name).join(' | ')} |\n|---|${systems.map(() => '---:').join('|')}|`);
for (const set of sets) {
  const n = set === 'all' ? ordered.length : ordered.filter((r) => r.set === set).length;
  console.log(`| ${set} (${n} lines) | ${systems.map((s) => `${(100 * cer(s.texts, set)).toFixed(1)} %`).join(' | ')} |`);
}
if (jsonOut) {
  const lines = ordered.map((r, i) => ({ ...r, read: Object.fromEntries(systems.map((s) => [s.name, s.texts[i]])) }));
  writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), cer: Object.fromEntries(systems.map((s) => [s.name, Object.fromEntries(sets.map((set) => [set, cer(s.texts, set)]))])), lines }, null, 1));
}
process.exit(0);
