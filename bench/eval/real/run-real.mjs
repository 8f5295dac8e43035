// npm run eval: every real set, every system, one run on the same pixels; results and per-page outputs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SETS, loadSet, sharedDir } from './sets.mjs';
import { SystemProcess } from './system-process.mjs';
import { scorePage } from './score-page.mjs';
import { summarizeRun } from './summary.mjs';
import { renderReport } from './report.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SYSTEMS = ['pagemark-ocr', 'pagemark', 'tesseract'];

function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      set: { type: 'string' },
      pages: { type: 'string' },
      only: { type: 'string' },
      systems: { type: 'string', default: SYSTEMS.join(',') },
      pack: { type: 'string', default: join(root, 'models/pocket') },
      k: { type: 'string', default: '3' },
      'timeout-s': { type: 'string', default: '240' },
      out: { type: 'string' },
      // Score the outputs a run kept (DIR/eval-real.json and its pages) again, without reading any page.
      rescore: { type: 'string' },
    },
  });
  const quick = Boolean(values.set || values.pages || values.only || values.rescore);
  return {
    rescore: values.rescore,
    sets: (values.set ?? Object.keys(SETS).join(',')).split(','),
    pages: values.pages ? Number(values.pages) : undefined,
    only: values.only,
    // pagemark-ocr first: the default reuses its answer on pages that have no own text.
    systems: SYSTEMS.filter((s) => values.systems.split(',').includes(s)),
    pack: values.pack,
    k: Number(values.k),
    timeoutMs: Number(values['timeout-s']) * 1000,
    // A quick loop never overwrites the committed full-run results.
    out: values.out ?? join(root, quick ? 'bench/results/quick' : 'bench/results'),
  };
}

// The bench's naming: the output for pdfs/NAME.pdf is NAME_pg1.md.
const pageFile = (p) => `${p.pdf.replace(/\.pdf$/, '').replace(/[/\\]/g, '_')}_pg${p.page}.md`;

function writeReport(report, out, print = true) {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'eval-real.json'), JSON.stringify(report, null, 1) + '\n');
  const md = renderReport(report);
  writeFileSync(join(out, 'eval-real.md'), md);
  if (print) process.stdout.write(md);
}

/**
 * The kept outputs of earlier runs, scored by today's scorer against today's tests. `dirs`: one run's folder,
 * or several (comma-separated) whose sets are joined into one report — runs of different sets, each read with
 * the same command, so a set that ran alone is reported beside the others.
 */
function rescore(dirs, out) {
  const runs = dirs.split(',').map((dir) => ({ dir, report: JSON.parse(readFileSync(join(dir, 'eval-real.json'), 'utf8')) }));
  const report = { ...runs[0].report, runs: runs.map((r) => ({ dir: r.dir, date: r.report.date, sets: r.report.sets.map((s) => s.name) })) };
  report.sets = runs.flatMap((r) => r.report.sets);
  if (runs.length > 1) delete report.wallSeconds; // each run's own time is in its own folder
  report.systems = SYSTEMS.filter((s) => runs.some((r) => r.report.systems.includes(s)));
  const sets = Object.fromEntries(report.sets.map((s) => [s.name, loadSet(s.name)]));
  report.pages = runs.flatMap(({ dir, report: r }) =>
    r.pages.map((p) => {
      const tests = sets[p.set].pages.find((x) => x.pdf === p.pdf && x.page === p.page)?.tests ?? [];
      const markdown = readFileSync(join(dir, 'eval-real-pages', p.set, p.system, pageFile(p)), 'utf8');
      return { ...p, ...scorePage(tests, markdown) };
    }),
  );
  report.rescored = new Date().toISOString();
  report.summary = summarizeRun(report.pages, report.systems, report.sets.map((s) => s.name));
  writeReport(report, out);
}

export async function runRealEval(argv) {
  const o = options(argv);
  if (o.rescore) return rescore(o.rescore, o.out === join(root, 'bench/results/quick') ? o.rescore.split(',')[0] : o.out), 0;
  const sets = o.sets.map((s) => loadSet(s, { pages: o.pages, only: o.only }));
  const procs = Object.fromEntries(
    o.systems.map((s) => [s, new SystemProcess(s, { pack: o.pack, k: o.k, reuseOcr: o.systems.includes('pagemark-ocr'), timeoutMs: o.timeoutMs })]),
  );
  const pages = [];
  const reportOf = reportFactory(o, sets, new Date().toISOString());
  try {
    for (const set of sets) {
      if (set.missing) console.error(`eval: ${set.name}: ${set.missing}`);
      for (const p of set.pages) {
        // Two lanes on the same pixels: the Pagemark systems in order (the default may reuse pagemark-ocr's
        // answer), tesseract beside them on the other core. Results are recorded in the systems' order.
        const answers = {};
        const lane = async (systems) => {
          for (const system of systems) {
            let a = await procs[system].read(p.path, p.page);
            if (a.sameAsOcr) a = { ...answers['pagemark-ocr'], ms: answers['pagemark-ocr'].ms + a.ms, sameAsOcr: true };
            answers[system] = a;
          }
        };
        const pagemarkLane = o.systems.filter((s) => s !== 'tesseract');
        await Promise.all([lane(pagemarkLane), lane(o.systems.filter((s) => s === 'tesseract'))]);
        for (const system of o.systems) {
          const a = answers[system];
          const status = a.timeout ? 'timeout' : a.crash ? 'crash' : a.error ? 'error' : 'ok';
          const markdown = a.markdown ?? '';
          const dir = join(o.out, 'eval-real-pages', set.name, system);
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, pageFile(p)), markdown);
          const scored = scorePage(p.tests, markdown);
          pages.push({ set: set.name, pdf: p.pdf, page: p.page, system, status, ...(a.error && { error: a.error }), ...(a.sameAsOcr && { sameAsOcr: true }), ...(a.ownText && { ownText: a.ownText }), ms: Math.round(a.ms), ...scored });
          const passed = scored.tests.filter((t) => t.passed).length;
          console.error(`eval: ${set.name} ${p.pdf} p${p.page} ${system}: ${status}, ${passed}/${scored.tests.length} tests, ${(a.ms / 1000).toFixed(1)} s`);
        }
        // Written after every page, so an interrupted run keeps what it read (and --rescore can use it).
        writeReport(reportOf(pages), o.out, false);
      }
    }
  } finally {
    for (const proc of Object.values(procs)) proc.close();
  }
  writeReport(reportOf(pages, true), o.out);
  return 0;
}

function reportFactory(o, sets, started) {
  return (pages, finished = false) => ({
    date: started,
    pack: o.pack,
    k: o.k,
    shared: sharedDir,
    systems: o.systems,
    sets: sets.map((s) => ({ name: s.name, pages: s.pages.length, ...(s.missing && { missing: s.missing }) })),
    summary: summarizeRun(pages, o.systems, sets.map((s) => s.name)),
    // The whole command's wall time so far: the eval's budget is for all sets and systems together.
    wallSeconds: Math.round((Date.now() - Date.parse(started)) / 1000),
    machine: `${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`,
    finished,
    pages,
  });
}
