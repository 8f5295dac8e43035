// npm run bench:first-markdown [-- --dist DIR[,DIR2…] --rounds N --out FILE] — drop → first Markdown of real papers
// and of a real scan in built apps (headless Chromium, default settings, cold then warm; the scan's Markdown waits
// for the model to start, so its engine-ready time is kept too), the same measurement `npm run bench` makes,
// alone and for several builds taken in turn (a build of another tree side by side with this one). Without --dist
// this tree is built into a temporary folder. Papers: ../shared's when there, else the repository's fixture.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp, firstMarkdown } from './app-chromium';
import { FIRST_MARKDOWN_PAPERS, FIRST_MARKDOWN_SCANS } from './pages-browser';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { dist: { type: 'string' }, rounds: { type: 'string', default: '2' }, out: { type: 'string' } } });
const shared = [...FIRST_MARKDOWN_PAPERS, ...FIRST_MARKDOWN_SCANS].map((p) => join(root, '..', 'shared', p)).filter((p) => existsSync(p));
const papers = shared.length ? shared : [join(root, 'e2e/fixtures/text-page.pdf')];
const tmp = values.dist ? null : mkdtempSync(join(os.tmpdir(), 'pagemark-first-md-'));
const dists = values.dist ? values.dist.split(',') : [tmp!];
try {
  if (tmp) await buildApp(tmp);
  const runs: Array<Record<string, string | number | null>> = [];
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const dist of dists) {
      for (const pdf of papers) {
        const fm = await firstMarkdown(dist, readFileSync(pdf), 3, 'use');
        const ms = (v: number | null) => (v === null ? null : Math.round(v));
        const run = {
          dist,
          round,
          pdf: pdf.replace(join(root, '..') + '/', '../'),
          coldMs: ms(fm.cold.firstMarkdownMs)!,
          warmMs: ms(fm.warm.firstMarkdownMs)!,
          coldPageMs: ms(fm.cold.pageDoneMs)!,
          warmPageMs: ms(fm.warm.pageDoneMs)!,
          coldEngineReadyMs: ms(fm.cold.engineReadyMs),
          warmEngineReadyMs: ms(fm.warm.engineReadyMs),
        };
        runs.push(run);
        const s = (v: number | null) => (v === null ? '–' : `${(v / 1000).toFixed(2)} s`);
        console.log(
          `round ${round} ${dist} ${run.pdf}: cold ${s(run.coldMs)} (page ${s(run.coldPageMs)}, model ${s(run.coldEngineReadyMs)}), ` +
            `warm ${s(run.warmMs)} (page ${s(run.warmPageMs)}, model ${s(run.warmEngineReadyMs)})`,
        );
      }
    }
  }
  if (values.out) writeFileSync(values.out, JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, load: os.loadavg() }, runs }, null, 2));
} finally {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
