// The hostile-input bench's report: the CLI's rows (hostile.mjs) and the app's (hostile-app.ts) side by side in
// bench/results/hostile.json and hostile.md, with a summary line for each. Pure: it formats, it does not run.

export interface CliRow {
  file: string;
  source: string;
  result: string;
  exit: number | null;
  seconds: number;
  peakMb: number | null;
  nextConverted: boolean;
  crash: boolean;
  hang: boolean;
  leaks: string[];
}

export interface AppRow {
  file: string;
  source: string;
  /** Converted pages, or the message the app showed (for the document, or its first failed page). */
  result: string;
  pages: number | null;
  failedPages: number;
  /** From the drop to the file settling (converted, failed or its message shown); for a hang, the limit. */
  seconds: number;
  /** Peak V8 heap in use of the tab and its workers together, sampled through DevTools. */
  peakJsHeapMb: number;
  /** Peak WebAssembly memory of the workers (onnxruntime's heap). */
  peakWasmMb: number;
  /** Peak proportional set size of the whole browser (every process; shared pages split among them). */
  peakBrowserPssMb: number;
  nextConverted: boolean;
  nextSeconds: number | null;
  crash: boolean;
  hang: boolean;
  /** The app's root did not render after the file: no heading or document list, or the tab crashed. */
  blank: boolean;
  leaks: string[];
  /** Parts of the screen that showed "could not be shown" (an error boundary caught them). */
  paneErrors: string[];
  /** Uncaught errors in the page. */
  pageErrors: string[];
  /** Longest main-thread task while the file converted. */
  longestTaskMs: number | null;
}

export interface CliRun {
  date: string;
  machine: string;
  mode: string;
  pageTimeoutS: number;
  rows: CliRow[];
}

export interface AppRun {
  date: string;
  /** Files run again after a fix (hostile-app.ts --only), their rows replaced. */
  rerun?: { date: string; files: string[] };
  machine: string;
  command: string;
  settings: object;
  limitS: number;
  rows: AppRow[];
}

export function cliSummary(rows: readonly CliRow[]) {
  return {
    files: rows.length,
    crashes: rows.filter((r) => r.crash).length,
    hangs: rows.filter((r) => r.hang).length,
    hiddenTextLeaks: rows.filter((r) => r.leaks.length).length,
    nextFileNotConverted: rows.filter((r) => !r.nextConverted).length,
  };
}

export function appSummary(rows: readonly AppRow[]) {
  return {
    files: rows.length,
    crashes: rows.filter((r) => r.crash).length,
    hangs: rows.filter((r) => r.hang).length,
    blankApp: rows.filter((r) => r.blank).length,
    hiddenTextLeaks: rows.filter((r) => r.leaks.length).length,
    nextFileNotConverted: rows.filter((r) => !r.nextConverted).length,
    paneErrors: rows.filter((r) => r.paneErrors.length).length,
  };
}

const cell = (s: unknown) => String(s).replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\n/g, ' ');
const dash = (v: unknown) => (v === null || v === undefined ? '–' : String(v));

function appResultCell(a: AppRow): string {
  const marks = [a.crash && '**tab crashed**', a.hang && '**hang**', a.blank && !a.crash && '**blank app**', a.paneErrors.length > 0 && `pane error: ${a.paneErrors[0]}`].filter(Boolean);
  return cell([...marks, a.result].join('; '));
}

function hiddenCell(file: string, leaks: string[] | undefined, hidden: Record<string, RegExp[]>): string {
  if (leaks === undefined) return '–';
  if (leaks.length) return `**leaked** ${cell(leaks.join(' '))}`;
  return hidden[file] ? 'none shown' : '–';
}

/** hostile.json (the CLI run's fields, each row with its `app` row, both summaries) and hostile.md. */
export function hostileReport(cli: CliRun, app: AppRun | null, hidden: Record<string, RegExp[]>) {
  const appRows = new Map((app?.rows ?? []).map((r) => [r.file, r]));
  const rows = cli.rows.map(({ ...r }) => ({ ...r, app: appRows.get(r.file) ?? null }));
  const cliSum = cliSummary(cli.rows);
  const appSum = app ? appSummary(app.rows) : null;
  const json = {
    date: cli.date,
    machine: cli.machine,
    mode: cli.mode,
    pageTimeoutS: cli.pageTimeoutS,
    summary: cliSum,
    app: app && { date: app.date, machine: app.machine, command: app.command, settings: app.settings, limitS: app.limitS, summary: appSum },
    rows,
  };
  const cliLine = `CLI: ${cliSum.files} files, ${cliSum.crashes} crashes, ${cliSum.hangs} hangs, ${cliSum.hiddenTextLeaks} hidden-text leaks, ${cliSum.nextFileNotConverted} runs where the next file did not convert.`;
  const appLine = appSum
    ? `App: ${appSum.files} files, ${appSum.crashes} crashes, ${appSum.hangs} hangs, ${appSum.blankApp} blank app, ${appSum.hiddenTextLeaks} hidden-text leaks, ${appSum.nextFileNotConverted} where the next file did not convert (${appSum.paneErrors} with a pane that could not be shown).`
    : 'App: not run (npx tsx bench/hostile-app.ts, then node bench/hostile.mjs --merge-app).';
  const md = [
    '# Hostile inputs through the app and the CLI',
    '',
    `CLI: \`node bench/hostile.mjs --mode ${cli.mode} --page-timeout ${cli.pageTimeoutS}\`, ${cli.date} (${cli.machine}). One CLI run per file, each followed by a good file; peak memory is the largest resident size of the CLI and its document processes (\`/usr/bin/time -v\`).`,
    '',
    app
      ? `App: \`${app.command}\`, ${app.date} (${app.machine})${app.rerun ? `; ${app.rerun.files.join(', ')} run again on ${app.rerun.date} after a fix (\`--only\`)` : ''}. The built app in headless Chromium (WASM backend, default pack, other settings default), one fresh tab per file: drop the file, wait until it settles (its pages converted or failed, or its message shown; ${app.limitS} s without a page finishing is a hang), check the app still renders, then drop a good file in the same tab. Peak memory: V8 heap of the tab and its workers / their WebAssembly memory (onnxruntime) / proportional set size of the whole browser. Hidden text is looked for in the Markdown pane and the downloaded document .md.`
      : '',
    '',
    `**${appLine}**`,
    '',
    `**${cliLine}**`,
    '',
    '| file | source | app result | app s | app peak MB (heap / wasm / browser) | CLI result | CLI exit | CLI s | CLI peak MB | next file (app / CLI) | hidden text (app / CLI) |',
    '|---|---|---|---:|---:|---|---:|---:|---:|---|---|',
    ...rows.map((r) => {
      const a = r.app;
      const next = `${a ? (a.nextConverted ? 'converted' : '**not converted**') : '–'} / ${r.nextConverted ? 'converted' : '**not converted**'}`;
      const hiddenText = `${hiddenCell(r.file, a?.leaks, hidden)} / ${hiddenCell(r.file, r.leaks, hidden)}`;
      return `| ${cell(r.file)} | ${r.source} | ${a ? appResultCell(a) : '–'} | ${dash(a?.seconds)} | ${a ? `${a.peakJsHeapMb} / ${a.peakWasmMb} / ${a.peakBrowserPssMb}` : '–'} | ${cell(r.result)} | ${dash(r.exit)} | ${r.seconds} | ${dash(r.peakMb)} | ${next} | ${hiddenText} |`;
    }),
    '',
  ].join('\n');
  return { json, md };
}
