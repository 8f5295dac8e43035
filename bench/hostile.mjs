#!/usr/bin/env node
// node bench/hostile.mjs [--mode ocr|own-text] [--page-timeout S] [--run-limit S] [--only NAME,…]
// node bench/hostile.mjs --merge-app   (no CLI run: fills the app columns of hostile.json from hostile-app.json)
// Hostile inputs through the CLI, one run per file (each followed by a good file in the same run): the files of
// bench/hostile-files.ts. For each: the CLI's result (converted, or its message), exit status, wall seconds, peak
// memory (max RSS of the CLI and its document processes, from /usr/bin/time -v), whether the file after it
// converted, and whether text the page does not show leaked into the Markdown. Writes bench/results/hostile.json and
// hostile.md; the app columns come from bench/results/hostile-app.json (npx tsx bench/hostile-app.ts) where it
// exists. A benchmark: it reports, it does not judge.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const { values } = parseArgs({
  options: {
    mode: { type: 'string', default: 'ocr' },
    'page-timeout': { type: 'string', default: '90' },
    'run-limit': { type: 'string', default: '600' },
    only: { type: 'string' },
    'merge-app': { type: 'boolean', default: false },
  },
});
const { HIDDEN, GOOD, goodPdf, hiddenLeaks, hostileFiles } = await tsImport('./hostile-files.ts', import.meta.url);
const { hostileReport } = await tsImport('./hostile-report.ts', import.meta.url);
const RESULTS = root('bench/results');
const appRun = existsSync(join(RESULTS, 'hostile-app.json')) ? JSON.parse(readFileSync(join(RESULTS, 'hostile-app.json'), 'utf8')) : null;

/** Writes hostile.json and hostile.md from the CLI's rows and the app run (if any), and prints the table. */
function write(cli) {
  const { json, md } = hostileReport(cli, appRun, HIDDEN);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'hostile.json'), JSON.stringify(json, null, 2) + '\n');
  writeFileSync(join(RESULTS, 'hostile.md'), md);
  process.stdout.write(`\n${md}\n`);
}

if (values['merge-app']) {
  if (!appRun) throw new Error('no bench/results/hostile-app.json: run npx tsx bench/hostile-app.ts first');
  write(JSON.parse(readFileSync(join(RESULTS, 'hostile.json'), 'utf8')));
  process.exit(0);
}

const tmp = mkdtempSync(join(os.tmpdir(), 'pagemark-bench-hostile-'));
const chosen = hostileFiles(tmp, values.only?.split(','));
const good = join(tmp, GOOD.name);
writeFileSync(good, goodPdf());

/** Max RSS (MB), exit status and signal from /usr/bin/time -v's report. */
function timeReport(stderr) {
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  const signal = /Command terminated by signal (\d+)/.exec(stderr);
  const status = /Exit status: (\d+)/.exec(stderr);
  return { peakMb: kb ? Math.round(Number(kb[1]) / 1024) : null, signal: signal ? Number(signal[1]) : null, exit: status ? Number(status[1]) : null };
}

const modeArgs = values.mode === 'own-text' ? ['--own-text-only'] : [];
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
  const leaks = hiddenLeaks(f.name, markdown);
  const next = lines.find((l) => l.file === GOOD.name && l.page === 1)?.markdown === GOOD.text;
  const result = hang
    ? 'hang (killed)'
    : crash
      ? `crash (${r.signal ?? `signal ${report.signal}` ?? `exit ${report.exit}`})`
      : fileError
        ? fileError
        : failedPages.length
          ? `${done?.pages ?? '?'} pages, ${failedPages.length} failed: ${failedPages[0].error}`
          : `converted (${done?.pages ?? '?'} page${done?.pages === 1 ? '' : 's'})`;
  const row = { file: f.name, source: f.source, result, exit: report.exit ?? r.status, seconds: +seconds.toFixed(1), peakMb: report.peakMb, nextConverted: next, crash, hang, leaks };
  rows.push(row);
  process.stdout.write(`${f.name}: ${result} — ${row.seconds} s, ${row.peakMb} MB, next ${next ? 'ok' : 'NOT converted'}${leaks.length ? `, LEAK ${leaks.join(' ')}` : ''}\n`);
}
rmSync(tmp, { recursive: true, force: true });

write({
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(1)} at the end`,
  mode: values.mode,
  pageTimeoutS: Number(values['page-timeout']),
  rows,
});
