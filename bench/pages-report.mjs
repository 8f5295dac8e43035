#!/usr/bin/env node
// node bench/pages-report.mjs [bench/results/pages.json] — the Markdown tables of one npm run bench, for the
// README's measured section and bench/PAGES.md, printed from the JSON so no number is copied by hand.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? new URL('results/pages.json', import.meta.url).pathname;
const r = JSON.parse(readFileSync(file, 'utf8'));
const f2 = (x) => (x === null || x === undefined ? '—' : x.toFixed(2));
const pct = (x) => `${Math.round(x * 100)} %`;
const s1 = (ms) => `${(ms / 1000).toFixed(1)} s`;
const out = [];
const row = (cells) => out.push(`| ${cells.join(' | ')} |`);

out.push(`${r.pages.length} pages (${r.source}: ${r.pages.map((p) => `${p.file} p${p.page} ${p.kind}`).join(', ')}); ${r.machine.cpus} CPUs, load ${r.machine.loadAverageAtStart[0]} → ${r.machine.loadAverageAtEnd[0]}; \`${r.command}\`, ${r.date.slice(0, 16)}Z.`, '');
row(['engine', 'system', 'median s/page', 'p90 s/page', 'pages/s', 'born-digital pages/s', 'old scans pages/s']);
row(['---', '---', '---:', '---:', '---:', '---:', '---:']);
const rate = (x) => (x ? x.pages_per_s.toFixed(3) : '—');
const add = (engine, sums) =>
  Object.entries(sums ?? {}).forEach(([sys, s]) =>
    row([engine, sys, f2(s.seconds_per_page.median), f2(s.seconds_per_page.p90), s.pages_per_s.toFixed(3), rate(s.born_digital), rate(s.old_scans)]),
  );
add('Node', r.summary);
if (r.chromium) add(`Chromium WASM (${r.chromium.engine.wasmThreads} thread${r.chromium.engine.wasmThreads > 1 ? 's' : ''}, isolated: ${r.chromium.engine.crossOriginIsolated})`, r.chromium.summary);
out.push('');

const stages = ['render', 'detect', 'encoder', 'decoder', 'draft', 'layout', 'other'];
row(['where the time goes', ...stages]);
row(['---', ...stages.map(() => '---:')]);
const prof = (label, s) => s?.profile && row([label, ...stages.map((k) => `${pct(s.profile[k] ?? 0)} (${s1(s.profile_ms?.[k] ?? 0)})`)]);
for (const [sys, s] of Object.entries(r.summary)) prof(`Node ${sys}`, s);
for (const [sys, s] of Object.entries(r.chromium?.summary ?? {})) prof(`Chromium ${sys}`, s);
out.push('');

if (r.chromium) out.push(`Chromium ratios: ${JSON.stringify(r.chromium.ratios)}; requests off the bench server: ${r.chromium.offsiteRequests.length}.`);
out.push(`Node ratios: ${JSON.stringify(r.ratios)}.`);
for (const m of [r.firstMarkdown, r.firstMarkdownRecognized, ...(r.firstMarkdownPapers ?? []), ...(r.firstMarkdownScans ?? [])].filter(Boolean)) {
  const done = (t) => (t.pageDoneMs !== undefined ? `, whole page ${s1(t.pageDoneMs)}` : '');
  const how = m.ownText === 'recognize' ? 'every line recognized; the page streams in as it is read' : 'default settings: the PDF’s own text where it matches';
  out.push(`Drop → first Markdown on screen (${m.pdf}, K=${m.k}, built app, ${how}): cold ${s1(m.cold.firstMarkdownMs)} (engine ready after ${s1(m.cold.engineReadyMs ?? 0)}${done(m.cold)}), warm ${s1(m.warm.firstMarkdownMs)} (engine ready after ${s1(m.warm.engineReadyMs ?? 0)}${done(m.warm)}); ${m.cachedPackFiles} pack files in the Cache API after the cold run.`);
}
if (r.memory) {
  const m = r.memory;
  const t = (name, x) => `${name} peak ${x.peakMiB} MiB, ${x.growthMiBPer100Pages >= 0 ? '+' : ''}${x.growthMiBPer100Pages} MiB per 100 pages`;
  out.push(`Memory (${m.pdf}; ${m.pagesDone} of ${m.pagesRequested} pages converted in ${m.seconds} s, trend fitted after page ${m.trendsAfterPages}): ${[t('JS heap (page + workers)', m.jsHeap), t('WASM', m.wasm), t('ArrayBuffers', m.arrayBuffers), t('browser PSS', m.browserPss), t('browser RSS', m.browserRss)].join('; ')}.`);
}
if (r.webgpu) {
  const w = r.webgpu;
  out.push(`WebGPU EP (${w.adapter ?? 'no adapter'}) on ${w.image}: ${w.error ? `not completed: ${w.error}` : w.byK.map((b) => `K=${b.k}: Markdown ${b.sameMarkdownAsWasm ? 'identical to' : 'DIFFERENT from'} WASM, ${b.webgpu.tokens} tokens, ${b.webgpu.decoderCalls} decoder + ${b.webgpu.draftCalls} draft calls (WASM ${b.wasm.decoderCalls} + ${b.wasm.draftCalls})`).join('; ')}.`);
}
console.log(out.join('\n'));
