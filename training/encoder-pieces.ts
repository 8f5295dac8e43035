// Line pieces for pruning and fine-tuning the CPU line encoder (prune_encoder.py, distil_encoder.py): the pages of
// training PDFs (old documents and modern ones in turn), each as printed and as an old scan (test/support/degrade.mjs),
// detected by the pack's detector and cut into the pieces the engine reads (src/core/image, the engine's own code).
//
//   npx tsx training/encoder-pieces.ts pieces SYNTH_DIR OUT [pages] [every]
//     → OUT.u8 (each piece's [3, 48, W] input as bytes: (x + 1) · 127.5) and OUT.json ({ w, off, file, scan } per piece);
//       every `every`-th piece of a page is kept, so many pages are seen
//   npx tsx training/encoder-pieces.ts activations CALIB.onnx OUT_DIR [pieces] [positions]
//     → OUT_DIR/NAME.f32 and index.json: CALIB's extra outputs (prune_encoder.py --calib-graph) at random positions
//       of real pieces — the fixture pages, old documents and two scanned corpus pages — for the least-squares refit
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { openSource } from '../cli/page-source';
import { lineInput, linePreprocess } from '../src/core/image/line-input';
import { readingPieces } from '../src/core/image/line-pieces';
import { detectLines } from '../src/core/pipeline/detect-lines';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { mulberry32 } from '../src/core/random/mulberry32';
import { sampleActivations } from './encoder-samples';
import { openNodeEngine } from '../src/node/page-ocr';
import { decodePageImage } from '../src/node/png-page';
import { corpusLines, FIXTURE_PAGES } from '../test/support/line-corpus';
// @ts-expect-error plain JS helper without types
import { degradePage, seedOf } from '../test/support/degrade.mjs';

async function pieces(dir: string, out: string, maxPages: number, every: number) {
  const engine = await openNodeEngine('models/pocket', 2);
  const pre = linePreprocess(engine.text.spec.preprocess);
  const kinds = [true, false].map((old) => readdirSync(dir).filter((f) => f.endsWith('.pdf') && f.startsWith('old-') === old).sort());
  const files = Array.from({ length: Math.max(...kinds.map((l) => l.length)) }, (_, i) => kinds.flatMap((l) => (l[i] ? [l[i]!] : []))).flat();
  const chunks: Buffer[] = [];
  const index: { w: number; off: number; file: string; scan: boolean }[] = [];
  let off = 0;
  let pages = 0;
  for (const f of files) {
    if (pages >= maxPages) break;
    const src = await openSource(`${dir}/${f}`);
    for (let p = 1; p <= Math.min(2, src.pageCount); p++) {
      const page = await src.render(p);
      for (const scan of [false, true]) {
        const img = scan ? await decodePageImage(degradePage(page, seedOf(`${f}#${p}`)).jpeg) : page;
        const boxes = (await detectLines(engine, img)).map((l) => l.bbox);
        for (const [k, box] of readingPieces(img, boxes, 360, pre.targetHeight).boxes.entries()) {
          if ((k + pages) % every !== 0) continue;
          const li = lineInput(img, box, pre);
          const bytes = Buffer.alloc(li.tensor.length);
          for (let i = 0; i < bytes.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round((li.tensor[i]! + 1) * 127.5)));
          chunks.push(bytes);
          index.push({ w: li.width, off, file: f, scan });
          off += bytes.length;
        }
      }
      pages++;
    }
    await src.close();
  }
  writeFileSync(`${out}.u8`, Buffer.concat(chunks));
  writeFileSync(`${out}.json`, JSON.stringify(index));
  console.log(`${out}: ${index.length} pieces from ${pages} pages`);
  await closePageEngine(engine);
}

async function activations(graph: string, outDir: string, count: number, positions: number) {
  const synth = 'training/work/synth';
  const old = [0, 3, 7, 11, 15, 19, 23, 27, 31, 35, 39, 43].map((i) => `old-${String(i).padStart(3, '0')}.pdf`);
  const scans = ['issue7200.pdf', 'scan-bad.pdf'].map((f) => `../shared/corpus/pdfs/${f}`);
  const engine = await openNodeEngine('models/pocket', 1);
  const all = await corpusLines(engine, [...FIXTURE_PAGES, ...old.map((f) => `${synth}/${f}`), ...scans], { asRead: true });
  await closePageEngine(engine);
  const step = Math.max(1, Math.floor(all.length / count));
  const chosen = all.filter((_, i) => i % step === 0).slice(0, count);
  const index = await sampleActivations(readFileSync(graph), chosen.map((p) => p.input), positions, mulberry32(7), outDir);
  console.log(`${outDir}: ${Object.keys(index).length} tensors sampled on ${chosen.length} of ${all.length} pieces`);
}

const [mode, a, b, c, d] = process.argv.slice(2);
if (mode === 'pieces' && a && b) await pieces(a, b, Number(c ?? 160), Number(d ?? 5));
else if (mode === 'activations' && a && b) await activations(a, b, Number(c ?? 600), Number(d ?? 24));
else throw new Error('usage: encoder-pieces.ts pieces SYNTH_DIR OUT [pages] [every] | activations CALIB.onnx OUT_DIR [pieces] [positions]');
process.exit(0);
