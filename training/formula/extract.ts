// Encoder features of the rendered formulas (training/work/formula/formulas.jsonl + png/): each crop gets
// its noise variant (a quarter of them, seeded by id), is preprocessed by the engine's own lineInput
// (height 48, as the line recognizer) and run through rec-features600.onnx (encoder600.py); float16 [600,S]
// go to a shard, one index row per formula. Resumable: formulas already in the index are skipped.
// --grid: the 2-D features of the formula recognizer v3 instead (training/cut_encoder.py --grid-features:
// backbone only, [480, 3·S], three rows per column) into features-grid/.
// Usage: npx tsx training/formula/extract.ts [work dir] [--grid]
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { lineInput, LINE_DEFAULTS, lineWidths } from '../../src/core/image/line-input';
import type { BBox, PageImage } from '../../src/protocol/page';
import { latexPieces } from '../../src/core/formula/normalize-latex';
import { formulaImage } from './formula-image';

const args = process.argv.slice(2);
const grid = args.includes('--grid');
const work = args.find((a) => !a.startsWith('--')) ?? 'training/work/formula';
const FEAT = grid ? 480 : 600;
const ROWS = grid ? 3 : 1; // memory steps per 8 px column
const out = join(work, grid ? 'features-grid' : 'features');
mkdirSync(out, { recursive: true });
const indexPath = join(out, 'index.jsonl');
const done = new Set<string>();
if (existsSync(indexPath)) for (const l of readFileSync(indexPath, 'utf8').split('\n')) if (l) done.add(JSON.parse(l).id);

interface Row { id: string; label: string; split: string; png: string }
const rows: Row[] = readFileSync(join(work, 'formulas.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const session = await ort.InferenceSession.create(join(work, grid ? 'grid-features.onnx' : 'rec-features600.onnx'), { intraOpNumThreads: 1 });
const shard = `shard-${Date.now().toString(36)}.f16`;
const fd = openSync(join(out, shard), 'a');
let offset = 0;
const t0 = Date.now();
const todo = rows.filter((r) => !done.has(r.id) && existsSync(join(work, r.png)));
// similar widths together, so batches carry little padding
const items = await Promise.all(todo.map(async (r) => ({ r, page: null as PageImage | null })));
let count = 0;
const BATCH = 4;
for (let i = 0; i < items.length; i += 64) {
  const chunk = items.slice(i, i + 64);
  for (const it of chunk) it.page = await formulaImage(join(work, it.r.png), it.r.id);
  const boxes = chunk.map((it) => [0, 0, it.page!.width, it.page!.height] as BBox);
  const order = chunk.map((_, k) => k).sort((a, b) => lineWidths(boxes[a]!, LINE_DEFAULTS).width - lineWidths(boxes[b]!, LINE_DEFAULTS).width);
  for (let j = 0; j < order.length; j += BATCH) {
    const ks = order.slice(j, j + BATCH);
    const W = Math.max(...ks.map((k) => lineWidths(boxes[k]!, LINE_DEFAULTS).width));
    const inputs = ks.map((k) => lineInput(chunk[k]!.page!, boxes[k]!, LINE_DEFAULTS, W));
    const x = new Float32Array(ks.length * 3 * 48 * W);
    inputs.forEach((inp, b) => x.set(inp.tensor, b * 3 * 48 * W));
    const res = await session.run({ x: new ort.Tensor('float32', x, [ks.length, 3, 48, W]) }, ['feats16']);
    const feats = res.feats16!.data as Uint16Array;
    const S = (W / 8) * ROWS;
    const lines: string[] = [];
    ks.forEach((k, b) => {
      const own = (inputs[b]!.width / 8) * ROWS; // column-major: the first columns are a prefix
      const f = new Uint16Array(FEAT * own);
      for (let c = 0; c < FEAT; c++) f.set(feats.subarray((b * FEAT + c) * S, (b * FEAT + c) * S + own), c * own);
      writeSync(fd, f);
      const r = chunk[k]!.r;
      lines.push(JSON.stringify({ id: r.id, shard, offset, steps: own, label: r.label, pieces: latexPieces(r.label), split: r.split }));
      offset += FEAT * own;
    });
    appendFileSync(indexPath, lines.join('\n') + '\n');
    count += ks.length;
  }
  for (const it of chunk) it.page = null;
  console.log(`${count} formulas, ${((Date.now() - t0) / count).toFixed(0)} ms each`);
}
closeSync(fd);
console.log(`done: ${count} formulas in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
