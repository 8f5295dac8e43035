#!/usr/bin/env node
// npm run bench:queue [-- --pages N --docs D --rounds R --workers 1,2 --out FILE]
// Pages per second of `pagemark worker` processes on this machine: one private redis-server on loopback, a set
// of generated born-digital PDFs (the default conversion: the shipped pack, each PDF's own text checked by a few
// recognized lines), converted by 1 and then 2 workers of one onnxruntime thread each, alternating, R rounds.
// Workers are started and have loaded their pack before the set is added; the clock runs from the documents'
// arrival in Redis to the last document assembled (Redis's own job timestamps). Also: the single-process CLI on
// the same set (its pack load included, as a user sees it). Writes bench/results/queue.json and queue.md.
// A benchmark: it reports, it does not judge.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const print = (s) => process.stdout.write(s + '\n');
const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '8' },
    docs: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1,2' },
    out: { type: 'string', default: root('bench/results/queue.json') },
  },
});
const pagesPerDoc = Number(values.pages);
const docCount = Number(values.docs);
const counts = values.workers.split(',').map(Number);
const CLI = root('cli/pagemark.mjs');
const tmp = mkdtempSync(join(os.tmpdir(), 'pagemark-bench-queue-'));

const { makePdf } = await tsImport('../test/support/pdf-maker.ts', import.meta.url);
const { startRedis } = await tsImport('../test/support/redis-server.ts', import.meta.url);
const { PageQueue } = await tsImport('../cli/queue/bull-queue.ts', import.meta.url);

const lines = (d, p) => [`Document ${d}, page ${p}`, 'A queue of pages spreads the work over many machines.', 'Each worker takes the next page as soon as it is free.', 'The document is joined once its last page is done.'];
const inputs = [];
for (let d = 1; d <= docCount; d++) {
  const pages = Array.from({ length: pagesPerDoc }, (_, i) => ({ width: 500, height: 400, content: `BT /F1 12 Tf 40 360 Td ${lines(d, i + 1).map((l) => `(${l}) Tj 0 -20 Td`).join(' ')} ET` }));
  const path = join(tmp, `set-${d}.pdf`);
  writeFileSync(path, makePdf(pages));
  inputs.push(path);
}
const totalPages = pagesPerDoc * docCount;

// Busy CPU time of the whole machine (all processes) from /proc/stat, in seconds: a worker is a process tree (its
// document process draws pages beside its recognition), so the cores it keeps busy say how far more workers can scale.
function busySeconds() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + (f[4] ?? 0);
  return (f.reduce((a, b) => a + b, 0) - idle) / 100;
}

function startWorker(url, prefix) {
  const proc = spawn(process.execPath, [CLI, 'worker', '--redis', url, '--prefix', prefix, '--threads', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  const ready = new Promise((resolve, reject) => {
    proc.stderr.on('data', (d) => {
      text += d;
      if (/ready:/.test(text)) resolve();
    });
    proc.once('exit', () => reject(new Error(`worker ended:\n${text}`)));
  });
  return { proc, ready };
}

const redis = await startRedis();
const runs = [];
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const n of counts) {
      const prefix = `bench-${n}-${round}`;
      const workers = Array.from({ length: n }, () => startWorker(redis.url, prefix));
      try {
        await Promise.all(workers.map((w) => w.ready));
        const out = join(tmp, prefix);
        const load1 = os.loadavg()[0];
        const busy0 = busySeconds();
        const wall0 = performance.now();
        const added = spawnSync(process.execPath, [CLI, 'queue', 'add', ...inputs, '--out', out, '--redis', redis.url, '--prefix', prefix], { encoding: 'utf8' });
        if (added.status !== 0) throw new Error(added.stderr);
        const queue = new PageQueue(redis.url, prefix);
        let s;
        for (;;) {
          s = await queue.status();
          if (s.documents.completed + s.documents.failed >= docCount) break;
          await new Promise((r) => setTimeout(r, 200));
        }
        const coresBusy = (busySeconds() - busy0) / ((performance.now() - wall0) / 1000);
        const jobs = await queue.documents.getJobs(['completed', 'failed']);
        // From the documents' arrival in Redis (not the adding process's start-up) to the last one assembled.
        const seconds = (Math.max(...jobs.map((j) => j.finishedOn)) - Math.min(...jobs.map((j) => j.timestamp))) / 1000;
        await queue.close();
        runs.push({ workers: n, round, load1: +load1.toFixed(1), seconds: +seconds.toFixed(2), pagesPerSecond: +(totalPages / seconds).toFixed(3), coresBusy: +coresBusy.toFixed(2), failed: s.pages.failed + s.documents.failed });
        print(`${n} worker(s), round ${round}: ${totalPages} pages in ${seconds.toFixed(1)} s = ${(totalPages / seconds).toFixed(2)} pages/s, ${coresBusy.toFixed(2)} cores busy (load ${load1.toFixed(1)} before)`);
      } finally {
        for (const w of workers) w.proc.kill('SIGKILL');
      }
    }
  }
} finally {
  await redis.stop();
}

const t0 = performance.now();
const cli = spawnSync(process.execPath, [CLI, ...inputs, '-o', join(tmp, 'cli') + '/'], { encoding: 'utf8' });
const cliSeconds = (performance.now() - t0) / 1000;
if (cli.status !== 0) throw new Error(cli.stderr);
print(`single-process CLI: ${totalPages} pages in ${cliSeconds.toFixed(1)} s = ${(totalPages / cliSeconds).toFixed(2)} pages/s (pack load included)`);
const sameAsCli = counts.every((n) => inputs.every((_, i) => readFileSync(join(tmp, `bench-${n}-1`, `set-${i + 1}.md`)).equals(readFileSync(join(tmp, 'cli', `set-${i + 1}.md`)))));

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return +(v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2).toFixed(3);
};
const byWorkers = Object.fromEntries(counts.map((n) => [n, median(runs.filter((r) => r.workers === n).map((r) => r.pagesPerSecond))]));
const coresBy = Object.fromEntries(counts.map((n) => [n, median(runs.filter((r) => r.workers === n).map((r) => r.coresBusy))]));
const speedup = counts.length > 1 ? +(byWorkers[counts.at(-1)] / byWorkers[counts[0]]).toFixed(2) : undefined;
const result = {
  date: new Date().toISOString(),
  machine: { cores: os.cpus().length, model: os.cpus()[0]?.model, load1: os.loadavg()[0] },
  set: { documents: docCount, pagesPerDocument: pagesPerDoc, kind: 'generated born-digital PDFs, default conversion (shipped pack, PDF text)' },
  runs,
  medianPagesPerSecond: byWorkers,
  medianCoresBusy: coresBy,
  speedup,
  cli: { seconds: +cliSeconds.toFixed(2), pagesPerSecond: +(totalPages / cliSeconds).toFixed(3) },
  sameMarkdownAsCli: sameAsCli,
};
mkdirSync(join(values.out, '..'), { recursive: true });
writeFileSync(values.out, JSON.stringify(result, null, 2) + '\n');
const md = [
  '# Page queue: pages/s by worker processes (`npm run bench:queue`)',
  '',
  `${result.date.slice(0, 10)}, ${result.machine.cores} cores (${result.machine.model}), shared with other work: the 1-minute load average before each run is in the table (above ${result.machine.cores}, the workers compete with other processes for the cores).`,
  `Set: ${docCount} generated born-digital PDFs × ${pagesPerDoc} pages, the default conversion; each worker one onnxruntime thread, pack loaded before the clock starts; clock from the documents' arrival in Redis to the last document assembled.`,
  '',
  '| workers | round | load before | seconds | pages/s | cores busy (whole machine) |',
  '|---|---|---|---|---|---|',
  ...runs.map((r) => `| ${r.workers} | ${r.round} | ${r.load1} | ${r.seconds} | ${r.pagesPerSecond} | ${r.coresBusy} |`),
  '',
  `Median pages/s: ${counts.map((n) => `${n} worker(s) ${byWorkers[n]}`).join(', ')}${speedup ? `; ${counts.at(-1)} vs ${counts[0]}: ×${speedup}` : ''}.`,
  `Median cores busy: ${counts.map((n) => `${n} worker(s) ${coresBy[n]}`).join(', ')} of ${result.machine.cores}: a worker is its recognition plus a document process drawing the next page, so one worker already keeps more than one core busy and more workers can only add the cores left idle (pages/s per busy core: ${counts.map((n) => `${n} worker(s) ${(byWorkers[n] / coresBy[n]).toFixed(2)}`).join(', ')}).`,
  `Single-process CLI on the same set: ${result.cli.pagesPerSecond} pages/s (${result.cli.seconds} s, pack load included). Queue output equals the CLI's byte for byte: ${sameAsCli}.`,
  '',
].join('\n');
writeFileSync(values.out.replace(/\.json$/, '.md'), md);
rmSync(tmp, { recursive: true, force: true });
print(`wrote ${values.out}`);
process.exit(0);
