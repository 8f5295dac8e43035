// Activation ranges for the detector's int8 graph (training/quantize_encoder.py --detector): runs the
// calibration graph (every Conv's input and output as graph outputs) on real pages — the first page of
// each PDF in ../shared/corpus and ../shared/corpus-olmocr, drawn as the CLI draws them and sized as the
// pack's detector sees them — and writes a range per tensor (training/activation-ranges.ts).
// Run: npx tsx training/calibrate-detector.ts CALIB.onnx RANGES.json [pages]   (RANGE=mean|extreme|pctQ)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { detectorInput } from '../src/core/detect/detector-input';
import { loadPackDir } from '../src/node/load-pack';
import { drawableFirstPages } from '../test/support/line-corpus';
import { ActivationRanges } from './activation-ranges';

const [graph, out, count = '40'] = process.argv.slice(2);
if (!graph || !out) throw new Error('usage: calibrate-detector.ts CALIB.onnx RANGES.json [pages]');
const pack = await loadPackDir('models/pocket');
const pre = pack.manifest.detector.preprocess;
const dirs = ['../shared/corpus/pdfs', '../shared/corpus-olmocr'];
const pdfs = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.pdf')).sort().map((f) => join(d, f)));
if (pdfs.length === 0) throw new Error('no PDFs in ../shared/corpus: calibration needs real pages');
// Every k-th PDF, so both folders are represented.
const step = Math.max(1, Math.floor(pdfs.length / Number(count)));
const chosen = pdfs.filter((_, i) => i % step === 0).slice(0, Number(count));
const session = await ort.InferenceSession.create(readFileSync(graph), { intraOpNumThreads: 2, graphOptimizationLevel: 'basic' });
const output = session.outputNames[0];
const ranges = new ActivationRanges();
let pages = 0;
for await (const { file, image } of drawableFirstPages(chosen)) {
  const input = detectorInput(image, pre);
  const res = await session.run({ x: new ort.Tensor('float32', input.tensor, [1, 3, input.height, input.width]) });
  ranges.add(Object.fromEntries(Object.entries(res).filter(([name]) => name !== output).map(([name, t]) => [name, t.data as Float32Array])));
  pages++;
  console.log(`${file}: ${input.width}×${input.height}`);
}
writeFileSync(out, JSON.stringify(ranges.ranges(process.env.RANGE ?? 'mean'), null, 1));
console.log(`${out}: ${ranges.tensorCount} tensors from ${pages} pages`);
