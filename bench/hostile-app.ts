// npx tsx bench/hostile-app.ts [--dist dist] [--build] [--limit 150] [--max 600] [--only NAME,…]
// The app's side of the hostile-input bench: every file of bench/hostile-files.ts through the built app in
// headless Chromium (served on 127.0.0.1 with COOP/COEP, WASM backend, default pack), one fresh tab per file:
// drop the file, wait until it settles (pages converted or failed, or its message shown), check the app still
// renders, look for hidden text in the Markdown pane and the downloaded .md, then drop a good file in the same tab
// and wait for its Markdown. `--limit` seconds without a page finishing is a hang; `--max` caps a long document
// that keeps converting (it is then cancelled, as a user would). Writes bench/results/hostile-app.json;
// `--only` reruns some files into the last run's file; `node bench/hostile.mjs --merge-app` puts it beside the CLI's column. A benchmark: it reports, it does not judge.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { closeServer, startStaticHost } from '../test/support/loopback-server';
import { buildApp } from './app-chromium';
import { launchChromium } from './bench-server';
import { ContextMemoryProbe } from './context-memory';
import { GOOD, goodPdf, hiddenLeaks, hostileFiles, mimeType, type HostileFile } from './hostile-files';
import { appSummary, type AppRow, type AppRun } from './hostile-report';
import { browserRss } from './process-memory';
import { readDoc, settledState, type DocView } from './hostile-app-state';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    build: { type: 'boolean', default: false },
    limit: { type: 'string', default: '150' },
    max: { type: 'string', default: '600' },
    only: { type: 'string' },
  },
});
const LIMIT_MS = Number(values.limit) * 1000;
const MAX_MS = Number(values.max) * 1000;
/** The app's defaults, on the WASM backend (headless Chromium's only WebGPU adapter here is software). */
const SETTINGS = { backend: 'wasm', k: 3, dropHeaders: false, pack: { kind: 'default' }, ownText: 'use' };
const MB = (b: number) => Math.round(b / 2 ** 20);

/** Resolves to `fallback` if `p` takes longer than `ms` (a frozen or crashed tab answers nothing). */
function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([p.catch(() => fallback), new Promise<T>((r) => setTimeout(() => r(fallback), ms))]);
}

async function drop(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.evaluate(
    ({ name, type, data }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type }));
      for (const t of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(t, { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { name, type: mimeType(name), data: bytes.toString('base64') },
  );
}

/** Peaks of the tab's memory, sampled every 2 s while `run` runs. */
class MemoryPeaks {
  jsHeap = 0;
  wasm = 0;
  pss = 0;
  private stopped = false;
  private loop: Promise<void> = Promise.resolve();

  constructor(private readonly probe: ContextMemoryProbe) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await this.sample();
        await new Promise((r) => setTimeout(r, 2000));
      }
    })();
  }

  async sample(): Promise<void> {
    const contexts = await within(this.probe.sample(), 5000, []);
    this.jsHeap = Math.max(this.jsHeap, contexts.reduce((a, c) => a + c.jsHeapUsed, 0));
    this.wasm = Math.max(this.wasm, contexts.reduce((a, c) => a + c.wasm, 0));
    this.pss = Math.max(this.pss, browserRss().pss);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }
}

/** The app is there: its heading and the document list with every name in `names`, no error overlay. */
async function appAlive(page: Page, names: string[]): Promise<boolean> {
  return within(
    page.evaluate((names) => {
      const heading = [...document.querySelectorAll('h1')].some((h) => h.textContent?.includes('Pagemark'));
      const list = document.querySelector('ul[aria-label="Documents"]');
      const shown = [...(list?.querySelectorAll('[data-testid="document"] .doc__name') ?? [])].map((n) => n.textContent);
      return heading && !document.querySelector('vite-error-overlay') && names.every((n) => shown.includes(n));
    }, names),
    15_000,
    false,
  );
}

interface Settled {
  view: DocView | null;
  hang: boolean;
  capped: boolean;
  ms: number;
}

/** Polls the document's entry until it settles; `limitMs` without progress is a hang, `maxMs` caps the wait. */
async function untilSettled(page: Page, name: string, t0: number, isCrashed: () => boolean): Promise<Settled> {
  let lastProgress = performance.now();
  let lastKey = '';
  let view: DocView | null = null;
  for (;;) {
    const now = performance.now();
    if (isCrashed()) return { view, hang: false, capped: false, ms: now - t0 };
    const seen = await within(readDoc(page, name), 10_000, null);
    if (seen) {
      view = seen;
      const key = `${seen.status}:${seen.finished}`;
      if (key !== lastKey) {
        lastKey = key;
        lastProgress = now;
      }
      if (settledState(seen)) return { view, hang: false, capped: false, ms: now - t0 };
    }
    if (now - lastProgress > LIMIT_MS) return { view, hang: true, capped: false, ms: now - t0 };
    if (now - t0 > MAX_MS) return { view, hang: false, capped: true, ms: now - t0 };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const entry = (page: Page, name: string) => page.getByTestId('document').filter({ has: page.locator('.doc__name', { hasText: name }) }).first();

/** The message of the document's first failed page: its thumbnail is picked and the pane's alert read. */
async function firstPageError(page: Page, name: string): Promise<string | null> {
  await within(entry(page, name).locator('.doc__title').click({ timeout: 10_000 }), 15_000, undefined);
  const thumb = page.getByRole('navigation', { name: `Pages of ${name}` }).getByRole('button', { name: /, failed$/ }).first();
  await within(thumb.click({ timeout: 10_000 }), 15_000, undefined);
  return within(page.getByTestId('markdown-pane').getByRole('alert').first().textContent({ timeout: 10_000 }), 15_000, null);
}

/** The Markdown the user can see or take: page 1's pane (rendered and raw) and the document's .md download. */
async function shownMarkdown(page: Page, name: string): Promise<string> {
  await within(entry(page, name).locator('.doc__title').click({ timeout: 10_000 }), 15_000, undefined);
  const pane = page.getByTestId('markdown-pane');
  const rendered = await within(pane.innerText({ timeout: 10_000 }), 15_000, '');
  await within(page.getByRole('tab', { name: 'Markdown' }).click({ timeout: 10_000 }), 15_000, undefined);
  const raw = await within(pane.innerText({ timeout: 10_000 }), 15_000, '');
  await within(page.getByRole('tab', { name: 'Rendered' }).click({ timeout: 10_000 }), 15_000, undefined);
  let downloaded = '';
  const button = page.getByRole('button', { name: 'Document .md' });
  if (await within(button.isEnabled({ timeout: 5000 }), 10_000, false)) {
    const download = await within(Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click({ timeout: 10_000 })]).then(([d]) => d), 40_000, null);
    const path = download && (await within(download.path(), 30_000, null));
    if (path) downloaded = readFileSync(path, 'utf8');
  }
  return [rendered, raw, downloaded].join('\n');
}

async function runFile(browser: Browser, origin: string, file: HostileFile): Promise<AppRow> {
  const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true });
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => (crashed = true));
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message.slice(0, 200)));
  page.on('dialog', (d) => void d.dismiss());
  const probe = await ContextMemoryProbe.attach(page);
  await page.addInitScript((settings) => {
    localStorage.setItem('pagemark.settings.v1', JSON.stringify(settings));
    const w = window as unknown as { longestTask: number };
    w.longestTask = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longestTask = Math.max(w.longestTask, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  }, SETTINGS);
  await page.goto(`${origin}/`);
  await page.getByRole('heading', { name: 'Pagemark' }).waitFor({ timeout: 120_000 });
  const memory = new MemoryPeaks(probe);
  memory.start();
  try {
    await page.evaluate(() => ((window as unknown as { longestTask: number }).longestTask = 0));
    const t0 = performance.now();
    await drop(page, file.name, readFileSync(file.path));
    const settled = await untilSettled(page, file.name, t0, () => crashed);
    const longestTaskMs = await within(page.evaluate(() => Math.round((window as unknown as { longestTask: number }).longestTask)), 10_000, null);
    const view = settled.view;
    let result: string;
    if (crashed) result = `the tab crashed after ${Math.round(settled.ms / 1000)} s`;
    else if (settled.hang) result = `no page finished for ${values.limit} s (${view ? `${view.finished} of ${view.total} pages done` : 'the tab did not answer'})`;
    else if (!view) result = 'the document never appeared in the list';
    else if (view.alert) result = view.alert;
    else if (settled.capped) result = `still converting after ${values.max} s: ${view.done} of ${view.total} pages converted, ${view.failed} failed`;
    else if (view.total === 0) result = view.message ?? 'no pages';
    else if (view.failed > 0) result = `${view.total} pages, ${view.failed} failed: ${(await firstPageError(page, file.name)) ?? '(no message shown)'}`;
    else result = `converted (${view.done} page${view.done === 1 ? '' : 's'})`;
    if (view?.message && view.total > 0) result += ` — ${view.message}`;

    const alive = !crashed && (await appAlive(page, [file.name]));
    const shown = alive ? await shownMarkdown(page, file.name) : '';
    // A document still converting (capped or hung) is cancelled, as a user would, so the next one gets its turn.
    if (alive && (settled.hang || settled.capped)) await within(entry(page, file.name).getByRole('button', { name: 'Cancel' }).click({ timeout: 10_000 }), 15_000, undefined);

    let nextConverted = false;
    let nextSeconds: number | null = null;
    let aliveAfter = false;
    if (!crashed) {
      const t1 = performance.now();
      await within(drop(page, GOOD.name, goodPdf()), 15_000, undefined);
      const good = await untilSettled(page, GOOD.name, t1, () => crashed);
      if (!crashed && good.view && !good.hang) {
        await within(entry(page, GOOD.name).locator('.doc__title').click({ timeout: 10_000 }), 15_000, undefined);
        nextConverted = await within(
          page
            .getByTestId('markdown-rendered')
            .filter({ hasText: GOOD.text })
            .waitFor({ timeout: 30_000 })
            .then(() => true),
          40_000,
          false,
        );
        nextSeconds = Math.round((performance.now() - t1) / 100) / 10;
      }
      aliveAfter = !crashed && (await appAlive(page, [file.name, GOOD.name]));
    }
    const paneErrors = crashed ? [] : await within(page.getByTestId('pane-error').allInnerTexts(), 10_000, []);
    await memory.sample();
    return {
      file: file.name,
      source: file.source,
      result,
      pages: view?.total ?? null,
      failedPages: view?.failed ?? 0,
      seconds: Math.round(settled.ms / 100) / 10,
      peakJsHeapMb: MB(memory.jsHeap),
      peakWasmMb: MB(memory.wasm),
      peakBrowserPssMb: MB(memory.pss),
      nextConverted,
      nextSeconds,
      crash: crashed,
      hang: settled.hang,
      blank: crashed || !alive || !aliveAfter,
      leaks: hiddenLeaks(file.name, shown),
      paneErrors: paneErrors.map((t) => t.replace(/\s+/g, ' ').slice(0, 200)),
      pageErrors,
      longestTaskMs,
    };
  } finally {
    await memory.stop();
    await within(context.close(), 30_000, undefined);
  }
}

const dist = resolve(root, values.dist);
if (values.build) {
  console.error(`building the app into ${dist}…`);
  await buildApp(dist);
}
const tmp = mkdtempSync(join(os.tmpdir(), 'pagemark-bench-hostile-app-'));
const files = hostileFiles(tmp, values.only?.split(','));
const { origin, server } = await startStaticHost(dist, '/');
const browser = await launchChromium();
const rows: AppRow[] = [];
try {
  for (const file of files) {
    const row = await runFile(browser, origin, file);
    rows.push(row);
    console.error(
      `${file.name}: ${row.result} — ${row.seconds} s, heap ${row.peakJsHeapMb} MB, wasm ${row.peakWasmMb} MB, browser ${row.peakBrowserPssMb} MB, next ${row.nextConverted ? 'ok' : 'NOT converted'}` +
        `${row.blank ? ', BLANK' : ''}${row.leaks.length ? `, LEAK ${row.leaks.join(' ')}` : ''}${row.paneErrors.length ? `, pane error ${row.paneErrors[0]}` : ''}`,
    );
  }
} finally {
  await browser.close();
  await closeServer(server);
  rmSync(tmp, { recursive: true, force: true });
}

// With --only, the rows run now replace theirs in the last full run's file; the others are kept.
const out = join(root, 'bench/results/hostile-app.json');
const previous: AppRun | null = values.only && existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
const merged = previous ? previous.rows.map((r) => rows.find((n) => n.file === r.file) ?? r) : rows;
const run: AppRun & { summary: ReturnType<typeof appSummary>; rerun?: { date: string; files: string[] } } = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0].toFixed(1)} at the end`,
  command: `npx tsx bench/hostile-app.ts --limit ${values.limit} --max ${values.max}${values.only && !previous ? ` --only ${values.only}` : ''}`,
  settings: SETTINGS,
  limitS: Number(values.limit),
  summary: appSummary(merged),
  rows: merged,
};
if (previous) Object.assign(run, { date: previous.date, machine: previous.machine, rerun: { date: new Date().toISOString(), files: rows.map((r) => r.file) } });
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(out, JSON.stringify(run, null, 2) + '\n');
console.error(JSON.stringify(run.summary));
