// Scores a lines pack on the held-out real lines (training/eval-lines.tsv, boxes in training/work/lines.jsonl):
// line CER of the pack's decoder next to the PP-OCRv4 CTC head and tesseract on the same crops, and FastMTP
// at K: tokens per verifier pass, acceptance per draft step, speculative == greedy on every line.
// Lines are read by the engine's own code (src/core/recognize through onnxruntime-node, batch 1), so the
// numbers include its stop rules (eos, the line-width token bound).
// Wide lines are read in pieces cut at word gaps like the page pipeline does (the pack's
// recognizer.preprocess.splitWidth, or --split-width N; 0 reads every line whole).
// --scan reads every page as an old scan (test/support/degrade.mjs without its rotation): the decoder's CER on
// scanned lines (the baseline columns stay those of the clean crops).
// Usage: npx tsx training/eval-pack.ts models/pocket [--limit N] [--k 3] [--split-width N] [--scan]
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { acceptanceRates, tokensPerPass, mergeStats, emptyStats } from '../src/core/decoding/stats';
import { lineInput, linePreprocess } from '../src/core/image/line-input';
import { splitWideLine } from '../src/core/image/line-pieces';
import { editDistance as distance } from '../src/core/text/edit-distance';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../src/node/page-ocr';
import { decodePageImage, readPageImage } from '../src/node/png-page';
import type { BBox, PageImage } from '../src/protocol/page';

const args = process.argv.slice(2);
const dir = args[0] ?? 'models/pocket';
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const limit = opt('--limit', 1e9);
const K = opt('--k', 3);
const work = 'training/work';
const CHUNK = 40; // lines encoded at once (their memories are host copies)

const engine = await openNodeEngine(dir, 1);
const rec = engine.text;
const pre = linePreprocess(rec.spec.preprocess);
const splitWidth = opt('--split-width', rec.spec.preprocess.splitWidth ?? 0);

const jsonl = (p: string) => (existsSync(p) ? readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);
interface Row { page_png: string; box: BBox; label: string; split: string; doc: string }
const lines: Row[] = jsonl(join(work, 'lines.jsonl'));
const ctcById = new Map<number, string>(jsonl(join(work, 'features/index.jsonl')).map((r) => [r.id, r.ctc]));
const tessById = new Map<number, string>(jsonl(join(work, 'tesseract.jsonl')).map((r) => [r.id, r.text]));

const editDistance = (a: string, b: string) => distance([...a], [...b]);
const nospace = (s: string) => s.replace(/\s+/g, '');
const cer = (ref: string, hyp: string) => editDistance(ref, hyp) / Math.max(1, [...ref].length);

// --scan: every page as an old scan (test/support/degrade.mjs, not rotated, so the boxes only scale).
const scan = args.includes('--scan');
const pages = new Map<string, { img: PageImage; scale: number }>();
async function page(path: string): Promise<{ img: PageImage; scale: number }> {
  let p = pages.get(path);
  if (!p) {
    const clean = await readPageImage(path);
    p = scan ? await scanned(clean, path) : { img: clean, scale: 1 };
    pages.clear();
    pages.set(path, p);
  }
  return p;
}

async function scanned(clean: PageImage, path: string) {
  const { degradePage, seedOf } = await import('../test/support/degrade.mjs');
  const { jpeg } = degradePage(clean, seedOf(`lines:${path}`), { angleDeg: 0 });
  const img = await decodePageImage(jpeg);
  return { img, scale: img.width / clean.width };
}

// The text layer must describe visible pixels: at least one baseline reader roughly agrees with it.
const scored: { r: Row; ctc: string; tess: string }[] = [];
let skipped = 0;
for (const [i, r] of lines.entries()) {
  if (r.split !== 'eval' || scored.length >= limit) continue;
  const ctc = ctcById.get(i), tess = tessById.get(i);
  if (ctc === undefined || tess === undefined || Math.min(cer(nospace(r.label), nospace(ctc)), cer(nospace(r.label), nospace(tess))) > 0.5) skipped++;
  else scored.push({ r, ctc, tess });
}

const totals = { chars: 0, charsNs: 0, model: 0, modelNs: 0, ctc: 0, ctcNs: 0, tess: 0, tessNs: 0 };
let greedyStats = emptyStats(0), specStats = emptyStats(K);
let same = 0;
const t0 = Date.now();
for (let c = 0; c < scored.length; c += CHUNK) {
  const chunk = scored.slice(c, c + CHUNK);
  const inputs = [];
  const owner: number[] = [];
  for (const [j, { r }] of chunk.entries()) {
    const { img, scale } = await page(r.page_png);
    const box = r.box.map((v) => v * scale) as BBox;
    const boxes = splitWidth > 0 ? splitWideLine(img, box, { maxWidth: splitWidth, targetHeight: pre.targetHeight }) : [box];
    for (const b of boxes) {
      inputs.push(lineInput(img, b, pre));
      owner.push(j);
    }
  }
  const { memories } = await encodeLines(rec, inputs);
  const g = await decodeLines(rec, memories, { k: 0, batchSize: 1 });
  const s = await decodeLines(rec, memories, { k: K, batchSize: 1 });
  greedyStats = mergeStats(greedyStats, g.stats);
  specStats = mergeStats(specStats, s.stats);
  const join = (texts: string[], j: number) => texts.filter((_, i) => owner[i] === j).map((t) => t.trim()).filter(Boolean).join(' ');
  const ids = (tokens: number[][], j: number) => tokens.filter((_, i) => owner[i] === j).join('|');
  chunk.forEach(({ r, ctc, tess }, j) => {
    const hyp = join(g.texts, j);
    totals.chars += [...r.label].length;
    totals.charsNs += [...nospace(r.label)].length;
    totals.model += editDistance(r.label, hyp);
    totals.modelNs += editDistance(nospace(r.label), nospace(hyp));
    totals.ctc += editDistance(r.label, ctc);
    totals.ctcNs += editDistance(nospace(r.label), nospace(ctc));
    totals.tess += editDistance(r.label, tess);
    totals.tessNs += editDistance(nospace(r.label), nospace(tess));
    if (ids(s.tokens, j) === ids(g.tokens, j)) same++;
    else if (process.env.SHOW) console.log(JSON.stringify({ mismatch: r.label, greedy: hyp, speculative: join(s.texts, j) }));
    if (process.env.SHOW) console.log(JSON.stringify({ label: r.label, hyp, ctc, tess }));
  });
}
await closePageEngine(engine);

const pct = (e: number, c: number) => ((100 * e) / Math.max(1, c)).toFixed(2) + ' %';
const ms = (s: typeof greedyStats) => Math.round(s.ms.decoder + s.ms.draft);
console.log(`pack ${dir}, split width ${splitWidth || 'off'}${scan ? ', OLD-SCAN pages (the CTC head and tesseract columns are their readings of the clean crops)' : ''}: ${scored.length} held-out real lines scored (${skipped} skipped: no baseline result, or the text layer matches neither reader), ${totals.chars} characters, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log('| reader | CER | CER ignoring spaces |');
console.log('|---|---|---|');
console.log(`| ${engine.packName} decoder, greedy | ${pct(totals.model, totals.chars)} | ${pct(totals.modelNs, totals.charsNs)} |`);
console.log(`| PP-OCRv4 CTC head | ${pct(totals.ctc, totals.chars)} | ${pct(totals.ctcNs, totals.charsNs)} |`);
console.log(`| tesseract --psm 7 | ${pct(totals.tess, totals.chars)} | ${pct(totals.tessNs, totals.charsNs)} |`);
console.log(`FastMTP K=${K}: ${tokensPerPass(specStats).toFixed(2)} tokens per verifier pass (greedy: ${tokensPerPass(greedyStats).toFixed(2)}), ` +
  `acceptance per draft step ${acceptanceRates(specStats).map((a) => a.toFixed(3)).join(' / ')}, ` +
  `speculative == greedy on ${same}/${scored.length} lines; decoder+draft time greedy ${ms(greedyStats)} ms, speculative ${ms(specStats)} ms (batch 1, 1 thread)`);
