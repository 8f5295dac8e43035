#!/usr/bin/env node
// node bench/searchable-pdf.mjs [-- --pages N --sets old_scans,long_tiny_text,old_scans_math --pack DIR --k K --out FILE]
// (also run at the end of `npm run bench`)
// Searchable-PDF round trip on real scans (../shared/eval-real/*/pdfs, read where they are; the first N of each
// set that use no font, i.e. draw no text of their own — such pages keep their text and get no layer): each PDF is read
// by the CLI's engine (default pack and settings), exported with its text layer as `--searchable-pdf` does,
// and the layer is read back by poppler's pdftotext. Word agreement with the Markdown's plain text:
//   multiset: 2·Σ min(count in layer, count in Markdown) / (words in layer + words in Markdown), pdftotext's
//             default reading (its own layout analysis, which may join words across a narrow column gutter);
//             the headline number (≥ 99 % is the target); also on `pdftotext -raw` (the layer's own order);
//   sequence: 2·LCS / (words + words) on `pdftotext -raw` (content order), which also checks the layer's order.
// Words are runs of letters and digits after NFKC; a word hyphenated at a line end is joined as the Markdown
// joins it (src/core/assemble/inline-text.ts joinLines). Export time is the whole export (load, layers, save) per page. Writes bench/results/searchable-pdf.json
// and .md. A benchmark, not a test: it reports numbers and never judges them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const print = (s) => process.stdout.write(s + '\n');
console.log = (...args) => console.error(...args);
const root = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '6' },
    sets: { type: 'string', default: 'old_scans,long_tiny_text,old_scans_math' },
    pack: { type: 'string', default: root('models/pocket') },
    k: { type: 'string', default: '3' },
    eval: { type: 'string', default: root('../shared/eval-real') },
    out: { type: 'string', default: root('bench/results/searchable-pdf.json') },
  },
});

const { createConverter } = await tsImport('../cli/engine.ts', import.meta.url);
const { openSource } = await tsImport('../cli/page-source.ts', import.meta.url);
const { LAYER_FONT } = await tsImport('../cli/searchable-output.ts', import.meta.url);
const { openSearchablePdf } = await tsImport('../src/export/searchable-pdf.ts', import.meta.url);
const { plainText } = await tsImport('../src/core/searchable-pdf/plain-text.ts', import.meta.url);
const { documentMarkdown } = await tsImport('../src/export/document-markdown.ts', import.meta.url);
const { joinLines, pageWords } = await tsImport('../src/core/assemble/inline-text.ts', import.meta.url);

const tokens = (t) => t.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
/** pdftotext's lines joined as the Markdown joins a paragraph's: a line-end hyphen re-joined unless the page writes the compound. */
const readerText = (t) => {
  const lines = t.split('\n');
  return joinLines(lines, pageWords(lines));
};

function multiset(a, b) {
  const counts = new Map();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let matched = 0;
  for (const w of b) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      matched++;
      counts.set(w, c - 1);
    }
  }
  return { matched, agreement: a.length + b.length ? (2 * matched) / (a.length + b.length) : 1 };
}

function lcs(a, b) {
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

const pdftotext = (file, ...args) => execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });

/** A scan: a PDF that uses no font, so it draws no text of its own (pages with text keep theirs, no layer to measure). */
const isScan = (path) => pdffonts(path).trim().split('\n').length <= 2;
const pdffonts = (path) => execFileSync('pdffonts', [path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

const perSet = Number(values.pages);
const files = values.sets.split(',').flatMap((set) => {
  const dir = join(values.eval, set, 'pdfs');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf') && isScan(join(dir, f)))
    .sort()
    .slice(0, perSet)
    .map((f) => ({ set, file: f, path: join(dir, f) }));
});

const font = new Uint8Array(readFileSync(LAYER_FONT));
const engine = await createConverter({ mode: 'ocr', pack: values.pack, k: Number(values.k), dropHeaders: false, ownText: true });
const tmp = mkdtempSync(join(os.tmpdir(), 'pagemark-searchable-bench-'));
const rows = [];
try {
  for (const f of files) {
    const source = await openSource(f.path);
    const results = [];
    const own = [];
    const t0 = performance.now();
    for (let p = 1; p <= source.pageCount; p++) {
      results.push(await engine.ocrPage(source, p));
      own.push((await source.textLines(p)).lines.length > 0);
    }
    const ocrMs = performance.now() - t0;
    await source.close();

    const t1 = performance.now();
    const writer = await openSearchablePdf({ kind: 'pdf', bytes: new Uint8Array(readFileSync(f.path)) }, font);
    for (const [i, r] of results.entries()) await writer.addPage({ page: i + 1, status: 'done', ownText: own[i], textLines: r.textLines });
    const { bytes, report } = await writer.save();
    const exportMs = performance.now() - t1;

    const out = join(tmp, f.file);
    writeFileSync(out, bytes);
    const markdown = tokens(plainText(documentMarkdown(results)));
    const layer = tokens(readerText(pdftotext(out)));
    const raw = tokens(readerText(pdftotext(out, '-raw')));
    const m = multiset(markdown, layer);
    const mRaw = multiset(markdown, raw);
    const seq = markdown.length + raw.length ? (2 * lcs(markdown, raw)) / (markdown.length + raw.length) : 1;
    const row = {
      set: f.set,
      file: f.file,
      pages: source.pageCount,
      layered: report.layered.length,
      ownText: report.ownText.length,
      markdownWords: markdown.length,
      layerWords: layer.length,
      matched: m.matched,
      multiset: +m.agreement.toFixed(4),
      matchedRaw: mRaw.matched,
      rawWords: raw.length,
      multisetRaw: +mRaw.agreement.toFixed(4),
      sequence: +seq.toFixed(4),
      droppedChars: report.dropped,
      substitutedChars: report.substituted,
      ocrMsPerPage: Math.round(ocrMs / source.pageCount),
      exportMsPerPage: +(exportMs / source.pageCount).toFixed(1),
      bytesIn: readFileSync(f.path).length,
      bytesOut: bytes.length,
    };
    rows.push(row);
    console.error(`${f.set}/${f.file}: ${row.layered}/${row.pages} pages layered, ${row.markdownWords} words, multiset ${(row.multiset * 100).toFixed(2)} %, sequence ${(row.sequence * 100).toFixed(2)} %, export ${row.exportMsPerPage} ms/page`);
  }
} finally {
  await engine.close();
  rmSync(tmp, { recursive: true, force: true });
}

// Pooled over words (a page of 1,000 words counts more than a page of 10), pages with a layer only.
const layered = rows.filter((r) => r.layered > 0);
const sum = (k) => layered.reduce((s, r) => s + r[k], 0);
const pooled = (sum('markdownWords') + sum('layerWords')) > 0 ? (2 * sum('matched')) / (sum('markdownWords') + sum('layerWords')) : 1;
const pooledRaw = (sum('markdownWords') + sum('rawWords')) > 0 ? (2 * sum('matchedRaw')) / (sum('markdownWords') + sum('rawWords')) : 1;
const exportMs = rows.map((r) => r.exportMsPerPage).sort((a, b) => a - b);
const summary = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  pack: values.pack.replace(root(''), ''),
  documents: rows.length,
  pages: rows.reduce((s, r) => s + r.pages, 0),
  pagesWithLayer: rows.reduce((s, r) => s + r.layered, 0),
  pagesWithOwnText: rows.reduce((s, r) => s + r.ownText, 0),
  words: { markdown: sum('markdownWords'), layer: sum('layerWords'), matched: sum('matched') },
  multisetAgreement: +pooled.toFixed(4),
  multisetAgreementRaw: +pooledRaw.toFixed(4),
  meanSequenceAgreement: +(layered.reduce((s, r) => s + r.sequence, 0) / Math.max(1, layered.length)).toFixed(4),
  pagesBelow99: layered.filter((r) => r.multiset < 0.99).map((r) => `${r.set}/${r.file}`),
  exportMsPerPage: { median: exportMs[exportMs.length >> 1] ?? 0, max: exportMs.at(-1) ?? 0 },
  droppedChars: rows.reduce((s, r) => s + r.droppedChars, 0),
  substitutedChars: rows.reduce((s, r) => s + r.substitutedChars, 0),
};
mkdirSync(join(values.out, '..'), { recursive: true });
writeFileSync(values.out, JSON.stringify({ summary, rows }, null, 2) + '\n');
const pct = (x) => `${(x * 100).toFixed(2)} %`;
const md = [
  '# Searchable PDF round trip (`node bench/searchable-pdf.mjs`)',
  '',
  `${summary.date.slice(0, 10)}, ${summary.machine}; pack ${summary.pack}; first ${perSet} scans (PDFs with no font) of each of ${values.sets.split(',').join(', ')}.`,
  '',
  `- Word agreement, layer read by pdftotext vs the Markdown's plain text (word multiset, pooled): **${pct(summary.multisetAgreement)}** (${summary.words.matched} of ${summary.words.markdown} Markdown words; ${summary.words.layer} read back)`,
  `- The same read in the layer's own order (\`pdftotext -raw\`): multiset ${pct(summary.multisetAgreementRaw)}; as a sequence (2·LCS / words, mean per document): ${pct(summary.meanSequenceAgreement)}`,
  `- Export time per page (load, layers, save): median ${summary.exportMsPerPage.median} ms, max ${summary.exportMsPerPage.max} ms`,
  `- Pages: ${summary.pages}, ${summary.pagesWithLayer} given a layer, ${summary.pagesWithOwnText} kept their own text; characters the font lacks: ${summary.droppedChars} left out, ${summary.substitutedChars} substituted`,
  '',
  '| document | words (Markdown / layer) | multiset | multiset, -raw | sequence, -raw | export ms/page | OCR ms/page |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.set}/${r.file} | ${r.markdownWords} / ${r.layerWords} | ${pct(r.multiset)} | ${pct(r.multisetRaw)} | ${pct(r.sequence)} | ${r.exportMsPerPage} | ${r.ocrMsPerPage} |`),
  '',
].join('\n');
writeFileSync(values.out.replace(/\.json$/, '.md'), md);
print(md);
print(`wrote ${values.out}`);
