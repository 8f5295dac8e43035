// The pack's int8 line encoder (or, --graph detector, its int8 detector) against its float one, side by side on
// real scans in Node: the same pages read by both (taking turns page by page, the order flipped every other page,
// so load from other processes falls on both alike), seconds per page and in that graph's stage, and how often
// the Markdown is the same. A benchmark, not a test: it reports numbers and never judges them.
//   npx tsx bench/encoder-int8.ts [--graph encoder|detector] [--pack models/pocket] [--pages N per set] [--k 3]
//     [--out bench/results/encoder-int8.json, or detector-int8.json]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSource } from '../cli/page-source';
import type { LinesPack } from '../src/core/pack/manifest-types';
import type { LoadedPack } from '../src/core/pack/loaded-pack';
import { openPageReader, type PageReader } from '../src/core/reader/page-reader';
import { loadPackDir } from '../src/node/load-pack';
import { OrtNodeRuntime } from '../src/node/ort-node-session';
import type { PageImage } from '../src/protocol/page';
// @ts-expect-error plain JS module without types
import { loadSet, sharedDir } from './eval/real/sets.mjs';

const { values } = parseArgs({
  options: {
    pack: { type: 'string', default: 'models/pocket' },
    pages: { type: 'string', default: '6' },
    k: { type: 'string', default: '3' },
    graph: { type: 'string', default: 'encoder' },
    out: { type: 'string' },
  },
});
const detector = values.graph === 'detector';
if (!detector && values.graph !== 'encoder') throw new Error(`--graph ${values.graph}: expected encoder or detector`);
const out = values.out ?? `bench/results/${values.graph}-int8.json`;
const stage = detector ? 'detect' : 'encoder';
const pack = (await loadPackDir(values.pack!)) as LoadedPack<LinesPack>;
const rec = pack.manifest.recognizer;
if (!(detector ? pack.manifest.detector.graphInt8 : rec.encoderInt8)) {
  throw new Error(`${values.pack}: the pack has no int8 ${values.graph} (${detector ? 'detector.graphInt8' : 'recognizer.encoderInt8'})`);
}
// The same pack without the int8 graph: what WebGPU reads.
const floatPack = detector
  ? { ...pack, manifest: { ...pack.manifest, detector: { ...pack.manifest.detector, graphInt8: undefined } } }
  : { ...pack, manifest: { ...pack.manifest, recognizer: { ...rec, encoderInt8: undefined } } };

async function reader(variant: LoadedPack<LinesPack>): Promise<PageReader> {
  const runtime = new OrtNodeRuntime();
  return openPageReader(runtime, (bytes, label, graph) => runtime.session(bytes, label, [], graph), variant);
}
const systems = [
  { name: 'int8', reader: await reader(pack) },
  { name: 'float', reader: await reader(floatPack) },
];
const k = Number(values.k);
for (const s of systems) await s.reader.warmUp(k);

const pages: { set: string; pdf: string; image: PageImage }[] = [];
for (const set of ['old_scans', 'long_tiny_text']) {
  for (const p of loadSet(set).pages.slice(0, Number(values.pages))) {
    const src = await openSource(join(sharedDir, 'eval-real', set, 'pdfs', p.pdf));
    pages.push({ set, pdf: p.pdf, image: await src.render(p.page) });
    await src.close();
  }
}

interface Timing { s: number; stageS: number }
const rows: { set: string; pdf: string; same: boolean; int8: Timing; float: Timing }[] = [];
for (const [n, page] of pages.entries()) {
  const order = n % 2 === 0 ? systems : [...systems].reverse();
  const got: Record<string, { s: number; stageS: number; markdown: string }> = {};
  for (const s of order) {
    const t = performance.now();
    const r = await s.reader.read(page.image, { page: 1, k, dropHeaders: true });
    got[s.name] = { s: (performance.now() - t) / 1000, stageS: r.stats.ms[stage] / 1000, markdown: r.markdown };
  }
  const [a, b] = systems.map((s) => got[s.name]!);
  rows.push({ set: page.set, pdf: page.pdf, same: a!.markdown === b!.markdown, int8: { s: a!.s, stageS: a!.stageS }, float: { s: b!.s, stageS: b!.stageS } });
  console.log(`${page.set} ${page.pdf}: int8 ${a!.s.toFixed(2)} s (${stage} ${a!.stageS.toFixed(2)}), float ${b!.s.toFixed(2)} s (${stage} ${b!.stageS.toFixed(2)}), Markdown ${a!.markdown === b!.markdown ? 'same' : 'differs'}`);
}
for (const s of systems) await s.reader.close();

const total = (variant: 'int8' | 'float', key: keyof Timing) => rows.reduce((t, r) => t + r[variant][key], 0);
const summary = {
  pages: rows.length,
  pageSpeedup: total('float', 's') / total('int8', 's'),
  stage,
  stageSpeedup: total('float', 'stageS') / total('int8', 'stageS'),
  sPerPage: { int8: total('int8', 's') / rows.length, float: total('float', 's') / rows.length },
  sameMarkdown: rows.filter((r) => r.same).length,
};
console.log(
  `${summary.pages} pages: int8 ${summary.sPerPage.int8.toFixed(2)} s/page, float ${summary.sPerPage.float.toFixed(2)} s/page — ` +
    `${summary.pageSpeedup.toFixed(2)}× a page, ${summary.stageSpeedup.toFixed(2)}× in ${stage}; same Markdown on ${summary.sameMarkdown}`,
);
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), pack: values.pack, graph: values.graph, k, summary, rows }, null, 1) + '\n');
process.exit(0);
