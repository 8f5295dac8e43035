// Activation ranges for training/quantize_encoder.py: runs the calibration graph (every Conv's input and
// output as graph outputs) on real line pieces and writes a range per tensor (training/activation-ranges.ts).
// Run: npx tsx training/calibrate-encoder.ts CALIB.onnx RANGES.json [pieces]   (RANGE=mean|extreme|pctQ)
import { readFileSync, writeFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import { corpusLines, FIXTURE_PAGES } from '../test/support/line-corpus';
import { ActivationRanges } from './activation-ranges';

const [graph, out, count = '160'] = process.argv.slice(2);
if (!graph || !out) throw new Error('usage: calibrate-encoder.ts CALIB.onnx RANGES.json [pieces]');
const engine = await openNodeEngine('models/pocket', 1);
const all = await corpusLines(engine, FIXTURE_PAGES, { asRead: true });
await closePageEngine(engine);
// Every k-th piece, so all pages are represented.
const step = Math.max(1, Math.floor(all.length / Number(count)));
const pieces = all.filter((_, i) => i % step === 0).slice(0, Number(count));
const session = await ort.InferenceSession.create(readFileSync(graph), { intraOpNumThreads: 1, graphOptimizationLevel: 'basic' });
const ranges = new ActivationRanges();
for (const p of pieces) {
  const res = await session.run({ x: new ort.Tensor('float32', p.input.tensor, [1, 3, p.input.height, p.input.width]) });
  ranges.add(Object.fromEntries(Object.entries(res).filter(([name]) => name !== 'feats').map(([name, t]) => [name, t.data as Float32Array])));
}
writeFileSync(out, JSON.stringify(ranges.ranges(process.env.RANGE ?? 'mean'), null, 1));
console.log(`${out}: ${ranges.tensorCount} tensors from ${pieces.length} of ${all.length} pieces`);
