// Activation ranges for training/quantize_encoder.py: runs the calibration graph (every Conv's input and
// output as graph outputs) on real line pieces and writes, per tensor, the mean over pieces of each
// piece's min and max (steadier than the extremes of one outlier piece).
// Run: npx tsx training/calibrate-encoder.ts CALIB.onnx RANGES.json [pieces]
import { readFileSync, writeFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import { corpusLines, FIXTURE_PAGES } from '../test/support/line-corpus';

const [graph, out, count = '160'] = process.argv.slice(2);
if (!graph || !out) throw new Error('usage: calibrate-encoder.ts CALIB.onnx RANGES.json [pieces]');
const engine = await openNodeEngine('models/pocket', 1);
const all = await corpusLines(engine, FIXTURE_PAGES, { asRead: true });
await closePageEngine(engine);
// Every k-th piece, so all pages are represented.
const step = Math.max(1, Math.floor(all.length / Number(count)));
const pieces = all.filter((_, i) => i % step === 0).slice(0, Number(count));
const session = await ort.InferenceSession.create(readFileSync(graph), { intraOpNumThreads: 1, graphOptimizationLevel: 'basic' });
const sums = new Map<string, [number, number]>();
const extremes = new Map<string, [number, number]>();
// A fixed-stride sample of every tensor, for percentile ranges.
const samples = new Map<string, number[]>();
for (const p of pieces) {
  const res = await session.run({ x: new ort.Tensor('float32', p.input.tensor, [1, 3, p.input.height, p.input.width]) });
  for (const [name, t] of Object.entries(res)) {
    if (name === 'feats') continue;
    const d = t.data as Float32Array;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < d.length; i++) {
      const v = d[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const s = sums.get(name) ?? [0, 0];
    sums.set(name, [s[0] + lo, s[1] + hi]);
    const keep = samples.get(name) ?? [];
    for (let i = 0; i < d.length; i += Math.max(1, Math.floor(d.length / 4000))) keep.push(d[i]!);
    samples.set(name, keep);
    const e = extremes.get(name) ?? [Infinity, -Infinity];
    extremes.set(name, [Math.min(e[0], lo), Math.max(e[1], hi)]);
  }
}
const mode = process.env.RANGE ?? 'mean';
const pct = (v: number[], q: number) => v[Math.min(v.length - 1, Math.floor(q * v.length))]!;
const ranges = Object.fromEntries(
  mode === 'extreme'
    ? [...extremes]
    : mode.startsWith('pct')
      ? [...samples].map(([k, v]) => {
          const q = Number(mode.slice(3)) / 100;
          v.sort((a, b) => a - b);
          return [k, [pct(v, 1 - q), pct(v, q)]];
        })
      : [...sums].map(([k, [lo, hi]]) => [k, [lo / pieces.length, hi / pieces.length]]),
);
writeFileSync(out, JSON.stringify(ranges, null, 1));
console.log(`${out}: ${sums.size} tensors from ${pieces.length} of ${all.length} pieces`);
