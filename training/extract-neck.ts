// Neck features for training: the PP-OCRv4 SVTR neck (training/work/neck.onnx, cut by cut_encoder.py --neck)
// run on the cached backbone features of every line, stored next to each shard: `neck-X.f16` holds
// [120, S] per line at offset/4 of the line's [480, S] block in `shard-X.f16`. Lines run one at a time,
// unpadded, like the engine's encoder. A shard whose neck file is complete is skipped (resumable).
// Usage: npx tsx training/extract-neck.ts [work dir]
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';

const BACKBONE = 480;
const NECK = 120;
const work = process.argv[2] ?? 'training/work';
const dir = join(work, 'features');
const session = await ort.InferenceSession.create(join(work, 'neck.onnx'), { intraOpNumThreads: 1 });

interface Row { shard: string; offset: number; steps: number }
const byShard = new Map<string, Row[]>();
for (const l of readFileSync(join(dir, 'index.jsonl'), 'utf8').split('\n')) {
  if (!l) continue;
  const r = JSON.parse(l) as Row;
  if (!byShard.has(r.shard)) byShard.set(r.shard, []);
  byShard.get(r.shard)!.push(r);
}

const t0 = Date.now();
let lines = 0;
for (const [shard, rows] of byShard) {
  const src = join(dir, shard);
  const dst = join(dir, shard.replace(/^shard-/, 'neck-'));
  const expected = statSync(src).size / (BACKBONE / NECK);
  if (existsSync(dst) && statSync(dst).size === expected) continue;
  const inFd = openSync(src, 'r');
  const outFd = openSync(dst, 'w');
  for (const r of rows) {
    const block = new Uint16Array(BACKBONE * r.steps);
    readSync(inFd, block, 0, block.byteLength, r.offset * 2);
    const res = await session.run({ backbone16: new ort.Tensor('float16', block, [1, BACKBONE, 1, r.steps]) });
    const neck = res.neck16!.data as Uint16Array;
    writeSync(outFd, neck, 0, neck.byteLength, (r.offset / (BACKBONE / NECK)) * 2);
    if (++lines % 500 === 0) console.log(`${lines} lines, ${((Date.now() - t0) / lines).toFixed(1)} ms/line`);
  }
  closeSync(inFd);
  closeSync(outFd);
  if (statSync(dst).size !== expected) throw new Error(`${dst}: ${statSync(dst).size} bytes, expected ${expected}`);
}
console.log(`neck features: ${lines} lines in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
