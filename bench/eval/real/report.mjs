// eval-real.md: the headline table (each set's score per system), then each set by test type and
// category, then what failed on each page for Pagemark's default, with an excerpt of what it wrote there.
const pct = (x) => (x === undefined ? '—' : `${(100 * x).toFixed(1)} %`);
const cell = (r) => (r ? `${pct(r.rate)} (${r.passed}/${r.total})` : '—');
const rateOf = (rs) => ({ passed: rs.filter((r) => r.passed).length, total: rs.length, rate: rs.length ? rs.filter((r) => r.passed).length / rs.length : undefined });
const oneLine = (s, n = 140) => {
  const t = String(s ?? '').replace(/\s+/g, ' ').trim();
  return (t.length > n ? `${t.slice(0, n)}…` : t).replace(/\|/g, '\\|');
};

function setTable(report, set) {
  const systems = report.systems.filter((s) => report.summary[s].sets[set]);
  if (!systems.length) return [];
  const get = (s) => report.summary[s].sets[set];
  const types = [...new Set(systems.flatMap((s) => Object.keys(get(s).byType)))];
  const cats = [...new Set(systems.flatMap((s) => Object.keys(get(s).byCategory ?? {})))];
  const row = (label, f) => `| ${label} | ${systems.map((s) => f(get(s))).join(' | ')} |`;
  return [
    `## ${set} (${get(systems[0]).pages} pages)`,
    '',
    `| | ${systems.join(' | ')} |`,
    `|---|${systems.map(() => '---:').join('|')}|`,
    row('**score**', (g) => cell(g.score)),
    ...types.map((t) => row(t, (g) => cell(g.byType[t]))),
    ...cats.map((c) => row(`category: ${c}`, (g) => cell(g.byCategory?.[c]))),
    row('s / page', (g) => g.secondsPerPage?.toFixed(2) ?? '—'),
    row('pages not read (error, timeout, crash)', (g) => String(g.failedPages.length)),
    '',
  ];
}

function failures(report, system) {
  const lines = [`## What ${system} failed, page by page`, ''];
  for (const p of report.pages.filter((x) => x.system === system)) {
    const failed = p.tests.filter((t) => !t.passed);
    if (!failed.length && p.baseline.passed && p.status === 'ok') continue;
    lines.push(`- **${p.set} / ${p.pdf} p${p.page}** — ${p.tests.length - failed.length}/${p.tests.length} passed${p.status !== 'ok' ? `, ${p.status}: ${oneLine(p.error)}` : ''}${p.baseline.passed ? '' : `, baseline failed: ${oneLine(p.baseline.explanation)}`}`);
    for (const t of failed.slice(0, 8)) lines.push(`  - \`${t.id}\` (${t.type}): ${oneLine(t.explanation, 220)}`);
    if (failed.length > 8) lines.push(`  - … and ${failed.length - 8} more`);
  }
  return [...lines, ''];
}

export function renderReport(report) {
  const sets = report.sets.map((s) => s.name);
  const row = (label, f) => `| ${label} | ${report.systems.map(f).join(' | ')} |`;
  return [
    `# Real pages (${report.date.slice(0, 16)}Z, pack ${report.pack.split('/').slice(-2).join('/')}, K=${report.k}, headers dropped, line-end hyphens kept)`,
    '',
    'pagemark = the default settings (a PDF\'s own text where it matches the page); pagemark-ocr = every page recognized',
    'from its pixels; tesseract = Debian\'s tesseract 5 on the same page pixels. A set\'s score is the share of its tests',
    'passed; every page\'s baseline test (output not empty, not degenerate) is a group of its own, and the overall score is',
    'the mean of the groups, as olmOCR-bench counts it (bench/EVAL.md: where this scorer differs from the bench\'s).',
    '',
    ...(report.wallSeconds !== undefined ? [`One command, ${report.sets.map((s) => s.name).join(', ')}: ${(report.wallSeconds / 60).toFixed(1)} minutes wall time on ${report.machine ?? 'this machine'}${report.finished ? '' : ' (interrupted: the pages read so far)'}.`, ''] : []),
    ...(report.runs ? [`Read in ${report.runs.length} runs of the same command, scored together: ${report.runs.map((r) => `${r.sets.join(', ')} (${r.date.slice(0, 16)}Z)`).join('; ')}.`, ''] : []),
    `| set | ${report.systems.join(' | ')} |`,
    `|---|${report.systems.map(() => '---:').join('|')}|`,
    ...sets.map((set) => row(`${set}`, (s) => cell(report.summary[s].sets[set]?.score))),
    row('baseline (every page: not empty, not degenerate)', (s) => cell(rateOf(report.pages.filter((p) => p.system === s).map((p) => p.baseline)))),
    row('**overall** (mean of the rows above, as olmOCR-bench)', (s) => `**${pct(report.summary[s].overall)}** (95 % CI ${report.summary[s].ci.map((x) => (100 * x).toFixed(1)).join('–')})`),
    '',
    ...report.sets.filter((s) => s.missing).map((s) => `Not run: ${s.name}: ${s.missing}.`),
    '',
    ...sets.flatMap((set) => setTable(report, set)),
    ...(report.systems.includes('pagemark') ? failures(report, 'pagemark') : []),
  ].join('\n');
}
