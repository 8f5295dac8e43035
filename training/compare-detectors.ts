// Two detector graphs on the same real pages: how many line boxes each finds, how many of A's have a twin
// in B (IoU ≥ 0.7, one to one), and the largest difference between their probability maps. What a cheaper
// detector (detector-int8.onnx, training/quantize_encoder.py --detector) must keep.
// Run: npx tsx training/compare-detectors.ts A.onnx B.onnx [pages per folder] [folder name part, e.g. old_scans/]
// Pages: the first page of the PDFs in ../shared/eval-real/*/pdfs (scans) and ../shared/corpus/pdfs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { linesFromProbabilityMap } from '../src/core/detect/db-postprocess';
import { detectorInput } from '../src/core/detect/detector-input';
import { loadPackDir } from '../src/node/load-pack';
import { boxTwins } from '../test/support/box-twins';
import { drawableFirstPages } from '../test/support/line-corpus';

const [a, b, perFolder = '12', only = ''] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: compare-detectors.ts A.onnx B.onnx [pages per folder]');
const spec = (await loadPackDir('models/pocket')).manifest.detector;
const open = (file: string) => ort.InferenceSession.create(readFileSync(file), { intraOpNumThreads: 2 });
const [sa, sb] = await Promise.all([open(a), open(b)]);
const folders = [...readdirSync('../shared/eval-real').map((d) => join('../shared/eval-real', d, 'pdfs')), '../shared/corpus/pdfs'].filter((d) => d.includes(only));
const pdfs = folders.flatMap((d) => {
  try {
    return readdirSync(d).filter((f) => f.endsWith('.pdf')).sort().slice(0, Number(perFolder)).map((f) => join(d, f));
  } catch {
    return [];
  }
});

let [na, nb, matched, worst] = [0, 0, 0, 0];
for await (const { file, image } of drawableFirstPages(pdfs)) {
  const input = detectorInput(image, spec.preprocess);
  const x = new ort.Tensor('float32', input.tensor, [1, 3, input.height, input.width]);
  const lines = [];
  const maps = [];
  for (const s of [sa, sb]) {
    const data = (await s.run({ x }))[s.outputNames[0]!]!.data as Float32Array;
    maps.push(data);
    lines.push(
      linesFromProbabilityMap(
        { width: input.width, height: input.height, data },
        { threshold: spec.threshold, boxThreshold: spec.boxThreshold, unclipRatio: spec.unclipRatio, scaleX: input.scaleX, scaleY: input.scaleY, pageWidth: image.width, pageHeight: image.height },
      ),
    );
  }
  let diff = 0;
  for (let i = 0; i < maps[0]!.length; i++) diff = Math.max(diff, Math.abs(maps[0]![i]! - maps[1]![i]!));
  const m = boxTwins(lines[0]!, lines[1]!);
  [na, nb, matched, worst] = [na + lines[0]!.length, nb + lines[1]!.length, matched + m, Math.max(worst, diff)];
  console.log(`${file}: ${lines[0]!.length} / ${lines[1]!.length} lines, ${m} twins, max |Δp| ${diff.toFixed(3)}`);
}
console.log(`${pdfs.length} pages: A ${na} lines, B ${nb}, ${matched} twins (${((100 * matched) / Math.max(na, nb)).toFixed(1)} % of the larger), max |Δp| ${worst.toFixed(3)}`);
