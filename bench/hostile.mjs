#!/usr/bin/env node
// node bench/hostile.mjs [--mode ocr|text-layer] [--page-timeout S] [--run-limit S] [--only NAME,…]
// Hostile inputs through the CLI, one run per file (each followed by a good file in the same run): the
// reproductions in /work/shared/hostile/ (where present) and the generated ones of test/hostile-cli.test.ts.
// For each: the CLI's result (converted, or its message), exit status, wall seconds, peak memory (max RSS of the
// CLI and its document processes, from /usr/bin/time -v), whether the file after it converted, and whether text
// the page does not show leaked into the Markdown. Writes bench/results/hostile.json and hostile.md. The `app`
// column is left for a Playwright run of the built app to fill. A benchmark: it reports, it does not judge.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deflateSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

const root = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'ocr' },
    'page-timeout': { type: 'string', default: '90' },
    'run-limit': { type: 'string', default: '600' },
    only: { type: 'string' },
  },
});
const ORIGINALS = '/work/shared/hostile';
const tmp = mkdtempSync(join(os.tmpdir(), 'pagemark-bench-hostile-'));

const makers = await tsImport('../test/support/hostile-pdfs.ts', import.meta.url);
const images = await tsImport('../test/support/hostile-images.ts', import.meta.url);
const { makePdf } = await tsImport('../test/support/pdf-maker.ts', import.meta.url);

/** Text that must never appear in a file's Markdown: it is in the file, not on its page. */
const HIDDEN = {
  'redaction.pdf': [/123-45-6789/, /Social security/],
  'substitution.pdf': [/DE99/, /Mallory Evil, IBAN DE99/],
  'hidden.pdf': [/Hidden words/, /White words/, /ignore previous/],
  'gen-redaction.pdf': [/123-45-6789/, /Social security/],
  'gen-hidden.pdf': [/Hidden words/, /White words/],
};

const files = [];
if (existsSync(ORIGINALS)) {
  for (const f of readdirSync(ORIGINALS).filter((f) => /\.(pdf|png|webp|jpe?g)$/i.test(f)).sort()) files.push({ name: f, path: join(ORIGINALS, f), source: 'shared/hostile' });
}
const generated = {
  'gen-pattern-cycle.pdf': () => makers.patternCyclePdf(),
  'gen-deep-save.pdf': () => makers.deepSavePdf(200_000),
  'gen-blank-2000.pdf': () => makers.blankPagesPdf(2000),
  'gen-nesting-bomb.pdf': () => makers.nestingBombPdf(),
  'gen-memory-hog.pdf': () => makers.bigImagePdf(14_000, (b) => deflateSync(b)),
  'gen-claim-30000.png': () => images.claimPng(30_000, 30_000),
  'gen-empty.webp': () => images.emptyWebp(),
  'gen-crashing.webp': () => images.crashingWebp(),
  'gen-redaction.pdf': () => makers.redactionPdf(),
  'gen-hidden.pdf': () => makers.hiddenTextPdf(),
  'gen name --> <b>x.pdf': () => makePdf([{ width: 400, height: 120, text: 'A file with a hostile name', fontSize: 18 }]),
};
for (const [name, make] of Object.entries(generated)) {
  const path = join(tmp, name);
  writeFileSync(path, make());
  files.push({ name, path, source: 'generated' });
}
const only = values.only?.split(',');
const chosen = only ? files.filter((f) => only.some((o) => f.name.includes(o))) : files;

const good = join(tmp, 'good-after.pdf');
writeFileSync(good, makePdf([{ width: 400, height: 120, text: 'The file after it', fontSize: 18 }]));

/** Max RSS (MB), exit status and signal from /usr/bin/time -v's report. */
function timeReport(stderr) {
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const signal = /Command terminated by signal (\d+)/.exec(stderr);
  const status = /Exit status: (\d+)/.exec(stderr);
  return { peakMb: kb ? Math.round(Number(kb[1]) / 1024) : null, signal: signal ? Number(signal[1]) : null, exit: status ? Number(status[1]) : null };
}

const modeArgs = values.mode === 'text-layer' ? ['--text-layer'] : [];
const rows = [];
for (const f of chosen) {
  const jsonl = join(tmp, `${rows.length}.jsonl`);
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, root('cli/pagemark.mjs'), ...modeArgs, '--page-timeout', values['page-timeout'], '--jsonl', jsonl, f.path, good], {
    encoding: 'utf8',
    timeout: Number(values['run-limit']) * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 2 ** 20,
  });
  const seconds = (performance.now() - t0) / 1000;
  const report = timeReport(r.stderr ?? '');
  const lines = existsSync(jsonl) ? readFileSync(jsonl, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const own = lines.filter((l) => l.file === basename(f.path));
  const failedPages = own.filter((l) => l.page && !l.ok);
  const fileError = own.find((l) => l.ok === false && !l.page)?.error;
  const done = own.find((l) => l.done);
  const hang = r.error?.code === 'ETIMEDOUT' || (r.signal === 'SIGKILL' && seconds >= Number(values['run-limit']) - 1);
  const crash = !hang && (r.signal !== null || report.signal !== null || (report.exit ?? 0) > 3);
  const markdown = r.stdout ?? '';
  const leaks = (HIDDEN[f.name] ?? []).filter((re) => re.test(markdown)).map(String);
  const next = lines.find((l) => l.file === 'good-after.pdf' && l.page === 1)?.markdown === 'The file after it';
  const result = hang
    ? 'hang (killed)'
    : crash
      ? `crash (${r.signal ?? `signal ${report.signal}` ?? `exit ${report.exit}`})`
      : fileError
        ? fileError
        : failedPages.length
          ? `${done?.pages ?? '?'} pages, ${failedPages.length} failed: ${failedPages[0].error}`
          : `converted (${done?.pages ?? '?'} page${done?.pages === 1 ? '' : 's'})`;
  const row = { file: f.name, source: f.source, result, exit: report.exit ?? r.status, seconds: +seconds.toFixed(1), peakMb: report.peakMb, nextConverted: next, crash, hang, leaks, app: null };
  rows.push(row);
  process.stdout.write(`${f.name}: ${result} — ${row.seconds} s, ${row.peakMb} MB, next ${next ? 'ok' : 'NOT converted'}${leaks.length ? `, LEAK ${leaks.join(' ')}` : ''}\n`);
}
rmSync(tmp, { recursive: true, force: true });

const summary = {
  files: rows.length,
  crashes: rows.filter((r) => r.crash).length,
  hangs: rows.filter((r) => r.hang).length,
  hiddenTextLeaks: rows.filter((r) => r.leaks.length).length,
  nextFileNotConverted: rows.filter((r) => !r.nextConverted).length,
};
const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(1)} at the end`,
  mode: values.mode,
  pageTimeoutS: Number(values['page-timeout']),
  summary,
  rows,
};
mkdirSync(root('bench/results'), { recursive: true });
writeFileSync(root('bench/results/hostile.json'), JSON.stringify(result, null, 2) + '\n');
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/</g, '&lt;');
const md = [
  `# Hostile inputs through the CLI`,
  '',
  `\`node bench/hostile.mjs --mode ${values.mode} --page-timeout ${values['page-timeout']}\`, ${result.date} (${result.machine}). One CLI run per file, each followed by a good file;`,
  'peak memory is the largest resident size of the CLI and its document processes (`/usr/bin/time -v`). `app`: to be filled by a Playwright run of the built app.',
  '',
  `**${summary.files} files: ${summary.crashes} crashes, ${summary.hangs} hangs, ${summary.hiddenTextLeaks} hidden-text leaks, ${summary.nextFileNotConverted} runs where the next file did not convert.**`,
  '',
  '| file | source | CLI result | exit | seconds | peak MB | next file | hidden text | app |',
  '|---|---|---|---:|---:|---:|---|---|---|',
  ...rows.map((r) => `| ${cell(r.file)} | ${r.source} | ${cell(r.result)} | ${r.exit ?? '–'} | ${r.seconds} | ${r.peakMb ?? '–'} | ${r.nextConverted ? 'converted' : '**not converted**'} | ${r.leaks.length ? `**leaked** ${cell(r.leaks.join(' '))}` : HIDDEN[r.file] ? 'none shown' : '–'} | – |`),
  '',
];
writeFileSync(root('bench/results/hostile.md'), md.join('\n'));
process.stdout.write(`\n${md.join('\n')}\n`);
