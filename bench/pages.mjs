#!/usr/bin/env node
// npm run bench [-- --pages N --ks 0,3,1 --batch B --pack DIR --no-tesseract --out FILE
//                  --no-own-text --no-chromium --threads N --inline-encoder --encoder-workers N --no-webgpu --webgpu-limit-s S --no-first-markdown --memory-pages N --memory-limit-s S
//                  --app-dist DIR --no-searchable-pdf]
// End-to-end page OCR on this machine: a fixed set of real PDF pages (text, tables, math, scanned),
// each rendered once at the app's OCR resolution, then read by Pagemark (onnxruntime-node) at each K
// and by Debian's tesseract on the same pixels; then in headless Chromium (bench/pages-browser.ts) by
// Pagemark on the WASM EP at K=0 and the best K and by tesseract.js on the same PNGs, the WebGPU EP on a
// small image, drop-to-first-Markdown in the built app, and memory over a long PDF. Systems take turns
// page by page so load from other processes falls on all of them alike. Writes bench/results/pages.json
// and prints a table. A benchmark, not a test: it reports numbers and never judges them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { tsImport } from 'tsx/esm/api';

// pdf.js reports recoverable PDF syntax errors with console.log; keep standard output for the table.
const print = (s) => process.stdout.write(s + '\n');
console.log = (...args) => console.error(...args);
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

const root = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { values } = parseArgs({
  options: {
    // corpus: born-digital and scanned PDFs of ../shared/corpus; scans: real scans of ../shared/eval-real
    // (typed and handwritten letters, dense small print), the pages issue #27's speed targets are about.
    set: { type: 'string', default: 'corpus' },
    pages: { type: 'string', default: '7' },
    ks: { type: 'string', default: '0,3,1' },
    // Lines decoded together; unset = the engine's default (the app's setting).
    batch: { type: 'string' },
    pack: { type: 'string', default: root('models/pocket') },
    'no-tesseract': { type: 'boolean', default: false },
    'no-own-text': { type: 'boolean', default: false },
    'no-chromium': { type: 'boolean', default: false },
    // onnxruntime-web WASM threads in Chromium; 0 = the app's own choice.
    threads: { type: 'string', default: '0' },
    // Also read the pages at the best K with the engine encoding lines itself (no encoder workers), side by side.
    'inline-encoder': { type: 'boolean', default: false },
    // Line encoder workers in Chromium; -1 = the app's own choice.
    'encoder-workers': { type: 'string', default: '-1' },
    'no-webgpu': { type: 'boolean', default: false },
    'webgpu-limit-s': { type: 'string', default: '420' },
    'no-first-markdown': { type: 'boolean', default: false },
    // Pages of the generated long PDF; the run stops at --memory-limit-s and reports the pages it did.
    'memory-pages': { type: 'string', default: '300' },
    'memory-limit-s': { type: 'string', default: '600' },
    // A built app to measure instead of building one for this run.
    'app-dist': { type: 'string' },
    // bench/searchable-pdf.mjs (export round trip on real scans) runs after the page bench unless this is given.
    'no-searchable-pdf': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

// The fixed page set, in the order taken by --pages N. The shared corpus when present, else the
// repository's generated eval PDFs (a fresh clone has no ../shared).
const CORPUS = root('../shared/corpus/pdfs');
const SHARED_SET = [
  ['pdfjs_wikipedia.pdf', 1, 'text'],
  ['160F-2019.pdf', 1, 'tables'],
  ['bug1937438_af_from_latex.pdf', 1, 'math'],
  ['issue13561_reduced.pdf', 1, 'scanned'],
  ['issue13242.pdf', 1, 'text'],
  ['issue1350.pdf', 1, 'text'],
  ['scan-bad.pdf', 1, 'scanned'],
  ['bigboundingbox.pdf', 1, 'tables'],
  ['issue6132.pdf', 1, 'math'],
  ['issue7200.pdf', 1, 'scanned'],
].map(([file, page, kind]) => ({ path: join(CORPUS, file), file, page, kind }));
const FIXTURES = root('test/eval-set/generated');
const FIXTURE_SET = [
  ['article-a.pdf', 1, 'text'],
  ['tables-a.pdf', 1, 'tables'],
  ['math-a.pdf', 1, 'math'],
  ['skewed-a.pdf', 1, 'scanned'],
  ['report-a.pdf', 1, 'text'],
  ['twocol-a.pdf', 1, 'text'],
  ['skewed-b.pdf', 1, 'scanned'],
  ['tables-b.pdf', 1, 'tables'],
  ['math-b.pdf', 1, 'math'],
  ['newsletter-a.pdf', 1, 'text'],
].map(([file, page, kind]) => ({ path: join(FIXTURES, file), file, page, kind }));

// Real scans: old letters (typed, handwritten, a letterhead) and dense encyclopedia pages, taken in turn.
const EVAL_REAL = root('../shared/eval-real');
const SCAN_SET = [
  ['old_scans', '31_pg1.pdf', 'typed letter'],
  ['long_tiny_text', '10a_pg1.pdf', 'small print'],
  ['old_scans', '4_pg1.pdf', 'handwritten letter'],
  ['old_scans', '60_pg1.pdf', 'typed page'],
  ['long_tiny_text', '11_pg186_pg1.pdf', 'small print'],
  ['old_scans', '15_pg1.pdf', 'typed letter'],
  ['old_scans', '7_pg1.pdf', 'handwritten letter'],
  ['long_tiny_text', '11_pg36_pg1.pdf', 'small print'],
  ['old_scans', '64_pg1.pdf', 'typed page'],
  ['old_scans', '29_pg1.pdf', 'typed letter'],
].map(([dir, file, what]) => ({ path: join(EVAL_REAL, dir, 'pdfs', file), file: `${dir}/${file}`, page: 1, kind: 'scanned', what }));

if (!['corpus', 'scans'].includes(values.set)) throw new Error(`--set ${values.set}: corpus or scans`);
const scans = values.set === 'scans';
if (scans && !existsSync(EVAL_REAL)) {
  print(`--set scans: ${EVAL_REAL} is not there; nothing measured`);
  process.exit(0);
}
values.out ??= root(scans ? 'bench/results/pages-scans.json' : 'bench/results/pages.json');
// Scans have no text of their own, and the app's first Markdown, memory and WebGPU checks are the corpus run's.
if (scans) Object.assign(values, { 'no-own-text': true, 'no-webgpu': true, 'no-first-markdown': true, 'memory-pages': '0', 'no-searchable-pdf': true });
const source = scans ? 'eval-real scans' : existsSync(CORPUS) ? 'shared corpus' : 'repository fixtures';
const set = (scans ? SCAN_SET : existsSync(CORPUS) ? SHARED_SET : FIXTURE_SET).slice(0, Math.max(1, Number(values.pages)));
const ks = values.ks.split(',').filter(Boolean).map(Number);
const batch = values.batch === undefined ? {} : { batchSize: Number(values.batch) };

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.platform()} ${os.release()}`,
  node: process.version,
  loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  tesseract: values['no-tesseract'] ? null : execFileSync('tesseract', ['--version'], { encoding: 'utf8' }).split('\n')[0],
  tesseractThreads: values['no-tesseract'] ? null : os.cpus().length,
};

// Render every page once and keep the pixels; tesseract gets the same pixels as PNG.
const { openSource } = await tsImport('../cli/page-source.ts', import.meta.url);
const tmp = mkdtempSync(join(os.tmpdir(), 'pagemark-bench-'));
const pages = [];
for (const [i, p] of set.entries()) {
  const src = await openSource(p.path);
  const t0 = performance.now();
  const image = await src.render(p.page);
  const renderMs = performance.now() - t0;
  // The PDF's own text lines, for the system that is offered them (timed as part of its page).
  const t1 = performance.now();
  const own = await src.textLines(p.page);
  const textLines = own.ocrLayer ? [] : own.lines;
  const textMs = performance.now() - t1;
  await src.close();
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(image.width, image.height);
  data.data.set(image.pixels);
  ctx.putImageData(data, 0, 0);
  const png = join(tmp, `page-${i}.png`);
  writeFileSync(png, canvas.toBuffer('image/png'));
  pages.push({ ...p, image, png, renderMs, textLines, textMs });
  console.error(`rendered ${p.file} p${p.page}: ${image.width}×${image.height} in ${renderMs.toFixed(0)} ms`);
}

const { openNodeReader } = await tsImport('../src/node/page-ocr.ts', import.meta.url);
const { DEFAULT_BATCH } = await tsImport('../src/core/pipeline/ocr-page.ts', import.meta.url);
const reader = await openNodeReader(values.pack);
const read = (image, page, k, ownText) => reader.read(image, { page, k, dropHeaders: false, ...batch, ...(ownText && { ownText }) });
// Warm-up on the first page: the first runs allocate buffers and pick kernels.
{
  const t0 = performance.now();
  await read(pages[0].image, 1, Math.max(...ks));
  console.error(`warm-up ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
// tesseract's OpenMP takes as many threads as it is told, or as it counts on the host: left to count, it ran a
// letter in 9.8 s here (9.2 s of it in the kernel), against 2.2 s on this machine's 2 cores, as Pagemark runs.
const tesseractEnv = { ...process.env, OMP_THREAD_LIMIT: String(machine.cpus) };
if (!values['no-tesseract']) execFileSync('tesseract', [pages[0].png, 'stdout', '-l', 'eng'], { stdio: 'ignore', env: tesseractEnv });

// pagemark-pdf-text: the largest K, offered each page's own text (the app's and the CLI's default; Settings → Text of PDFs).
const OWN_TEXT_SYSTEM = 'pagemark-pdf-text';
const textK = Math.max(...ks);
const systems = [...ks.map((k) => `pagemark-k${k}`), ...(values['no-own-text'] ? [] : [OWN_TEXT_SYSTEM]), ...(values['no-tesseract'] ? [] : ['tesseract'])];
const records = Object.fromEntries(systems.map((s) => [s, []]));
for (const [i, p] of pages.entries()) {
  // Rotate the order per page so no system always runs first (after a pause) or last.
  const order = systems.map((_, j) => systems[(i + j) % systems.length]);
  for (const sys of order) {
    const t0 = performance.now();
    if (sys === 'tesseract') {
      const text = execFileSync('tesseract', [p.png, 'stdout', '-l', 'eng'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: tesseractEnv });
      records[sys].push({ file: p.file, page: p.page, kind: p.kind, seconds: (performance.now() - t0) / 1000, chars: text.length });
    } else {
      const ownText = sys === OWN_TEXT_SYSTEM;
      const k = ownText ? textK : Number(sys.slice('pagemark-k'.length));
      const r = await read(p.image, p.page, k, ownText && p.textLines.length > 0 ? p.textLines : undefined);
      const s = r.stats;
      records[sys].push({
        file: p.file,
        page: p.page,
        kind: p.kind,
        seconds: (performance.now() - t0 + (ownText ? p.textMs : 0)) / 1000,
        ...(ownText && { ownText: s.ownText ?? null, textMs: Math.round(p.textMs) }),
        ms: Object.fromEntries(Object.entries(s.ms).map(([key, v]) => [key, Math.round(v)])),
        tokens: s.tokens,
        decoderCalls: s.decoderCalls,
        draftCalls: s.draftCalls,
        tokensPerPass: s.tokensPerPass,
        regions: r.regions.length,
        chars: r.markdown.length,
        markdown: r.markdown,
      });
    }
    const last = records[sys].at(-1);
    console.error(`${sys.padEnd(12)} ${p.file} p${p.page}: ${last.seconds.toFixed(2)} s`);
  }
}
await reader.close();

const { pageSpeed, r3, stageProfile, bestK } = await tsImport('./page-summary.ts', import.meta.url);
const summary = {};
for (const sys of systems) {
  summary[sys] = pageSpeed(records[sys].map((r) => r.seconds));
  // Pages made by a program (not scans): what the ≥ 1 page/s goal is about.
  const bornDigital = records[sys].filter((r) => r.kind !== 'scanned');
  if (bornDigital.length) summary[sys].born_digital = pageSpeed(bornDigital.map((r) => r.seconds));
  // Real old scans apart from the dense small print beside them: what the scan goals are about.
  const oldScans = records[sys].filter((r) => r.file.startsWith('old_scans/'));
  if (oldScans.length) summary[sys].old_scans = pageSpeed(oldScans.map((r) => r.seconds));
  if (sys.startsWith('pagemark')) {
    // Render: pdf.js in Node, once per page, the same for every K.
    const profile = stageProfile(records[sys].map((r, i) => ({ ...r.ms, render: pages[i].renderMs })));
    let tokens = 0;
    let calls = 0;
    let passes = 0;
    for (const r of records[sys]) {
      tokens += r.tokens;
      calls += r.decoderCalls;
      // Per-line verifier passes; a decoder call runs a batch of lines at once.
      if (r.tokensPerPass > 0) passes += r.tokens / r.tokensPerPass;
    }
    summary[sys].profile = profile.share;
    summary[sys].profile_ms = profile.ms;
    summary[sys].tokens = tokens;
    summary[sys].decoderCalls = calls;
    summary[sys].tokensPerPass = passes > 0 ? r3(tokens / passes) : 0;
  }
}
// Ratios of the same pages in this run: > 1 means the first system is faster.
const ratio = (a, b) => (summary[a] && summary[b] ? r3(summary[b].total_seconds / summary[a].total_seconds) : null);
const bornRatio = (a, b) => (summary[a]?.born_digital && summary[b]?.born_digital ? r3(summary[b].born_digital.total_seconds / summary[a].born_digital.total_seconds) : null);
const decodeMs = (sys) => records[sys].reduce((a, r) => a + r.ms.decoder + r.ms.draft, 0);
const base = ks.includes(3) ? 'pagemark-k3' : `pagemark-k${ks[0]}`;
const ratios = {
  speedup_k3_vs_k0: ratio('pagemark-k3', 'pagemark-k0'),
  speedup_k1_vs_k0: ratio('pagemark-k1', 'pagemark-k0'),
  [`speedup_${base.replace('pagemark-', 'pagemark_')}_vs_tesseract`]: ratio(base, 'tesseract'),
  // The stages speculation changes (decoder + draft), apart from the encoder and detector it leaves alone.
  decode_stage_speedup_k3_vs_k0:
    summary['pagemark-k3'] && summary['pagemark-k0'] ? r3(decodeMs('pagemark-k0') / decodeMs('pagemark-k3')) : null,
  // Speculative decoding must not change the output; recorded here as a fact of this run.
  k_outputs_identical: ks.length > 1 ? pages.every((_, i) => new Set(ks.map((k) => records[`pagemark-k${k}`][i].markdown)).size === 1) : null,
  // Born-digital pages read with the PDF's own text, against recognizing them at the same K, and tesseract.
  speedup_pdf_text_vs_recognized_born_digital: bornRatio(OWN_TEXT_SYSTEM, `pagemark-k${textK}`),
  speedup_pdf_text_vs_tesseract_born_digital: bornRatio(OWN_TEXT_SYSTEM, 'tesseract'),
};
for (const sys of systems) for (const r of records[sys]) delete r.markdown;

// The fastest K > 0 of the Node run is the K the browser runs beside K=0.
const best = bestK(new Map(ks.map((k) => [k, summary[`pagemark-k${k}`].total_seconds])), 3);
const browser = {};
if (!values['no-chromium']) {
  const { pagesInChromium, webGpuInChromium, appInChromium } = await tsImport('./pages-browser.ts', import.meta.url);
  const o = {
    packDir: values.pack,
    ks: [...new Set([0, best])],
    threads: Number(values.threads),
    inlineEncoder: values['inline-encoder'],
    encoderWorkers: Number(values['encoder-workers']),
    tesseract: true,
    ownText: !values['no-own-text'],
    webgpu: !values['no-webgpu'],
    webgpuLimitS: Number(values['webgpu-limit-s']),
    firstMarkdown: !values['no-first-markdown'],
    memoryPages: Number(values['memory-pages']),
    memoryLimitS: Number(values['memory-limit-s']),
    appDist: values['app-dist'],
  };
  browser.chromium = await pagesInChromium(
    pages.map((p) => ({ file: p.file, page: p.page, kind: p.kind, path: p.path, png: readFileSync(p.png) })),
    o,
  );
  if (o.webgpu) browser.webgpu = await webGpuInChromium(o);
  if (o.firstMarkdown || o.memoryPages > 0) Object.assign(browser, await appInChromium(o, best));
}
rmSync(tmp, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  command: `node bench/pages.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  machine: { ...machine, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) },
  pack: values.pack.replace(root(''), ''),
  batchSize: batch.batchSize ?? DEFAULT_BATCH,
  source,
  pages: pages.map((p) => ({ file: p.file, page: p.page, kind: p.kind, ...(p.what && { what: p.what }), width: p.image.width, height: p.image.height, renderMs: Math.round(p.renderMs) })),
  summary,
  ratios,
  perPage: records,
  bestK: best,
  ...browser,
};
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(values.out, JSON.stringify(result, null, 2) + '\n');

print(`${pages.length} pages (${source}), ${machine.cpus} CPUs, load ${machine.loadAverageAtStart.join(' ')} at start`);
const table = (label, sums) => {
  print(`${label.padEnd(26)} median s/page   p90 s/page   pages/s`);
  for (const [sys, s] of Object.entries(sums)) {
    print(`${sys.padEnd(26)} ${s.seconds_per_page.median.toFixed(2).padStart(13)} ${s.seconds_per_page.p90.toFixed(2).padStart(12)} ${s.pages_per_s.toFixed(3).padStart(9)}`);
  }
  for (const [sys, s] of Object.entries(sums).filter(([, s]) => s.profile)) {
    const prof = Object.entries(s.profile).map(([key, v]) => `${key} ${(v * 100).toFixed(0)}%`).join(', ');
    print(`  ${sys} time: ${prof}; ${s.tokensPerPass} tokens/pass`);
  }
};
table('Node (onnxruntime-node)', summary);
print(`ratios: ${JSON.stringify(ratios)}`);
if (browser.chromium) {
  const e = browser.chromium.engine;
  table(`Chromium (WASM, ${e.wasmThreads} thr.)`, browser.chromium.summary);
  print(`ratios: ${JSON.stringify(browser.chromium.ratios)}`);
}
if (browser.webgpu) {
  const w = browser.webgpu;
  print(`WebGPU (${w.adapter ?? 'no adapter'}) on ${w.image}: ${w.error ?? w.byK.map((b) => `K=${b.k} same Markdown as WASM: ${b.sameMarkdownAsWasm}, decoder calls ${b.webgpu.decoderCalls} (WASM ${b.wasm.decoderCalls}), draft calls ${b.webgpu.draftCalls}`).join('; ')}`);
}
for (const f of [browser.firstMarkdown, browser.firstMarkdownRecognized, ...(browser.firstMarkdownPapers ?? []), ...(browser.firstMarkdownScans ?? [])].filter(Boolean)) {
  print(`drop → first Markdown (${f.pdf}, K=${f.k}, own text: ${f.ownText}): cold ${(f.cold.firstMarkdownMs / 1000).toFixed(1)} s (whole page ${(f.cold.pageDoneMs / 1000).toFixed(1)} s), warm ${(f.warm.firstMarkdownMs / 1000).toFixed(1)} s (whole page ${(f.warm.pageDoneMs / 1000).toFixed(1)} s)`);
}
if (browser.memory) {
  const m = browser.memory;
  const line = (name, t) => `${name} peak ${t.peakMiB} MiB, ${t.growthMiBPer100Pages} MiB/100 pages`;
  print(`memory, ${m.pagesDone} of ${m.pagesRequested} pages in ${m.seconds} s: ${[line('JS heap', m.jsHeap), line('WASM', m.wasm), line('browser PSS', m.browserPss), line('browser RSS', m.browserRss)].join('; ')}`);
}
print(`wrote ${values.out}`);
if (!values['no-searchable-pdf'] && existsSync(root('../shared/eval-real'))) execFileSync(process.execPath, [root('bench/searchable-pdf.mjs')], { stdio: 'inherit' });
