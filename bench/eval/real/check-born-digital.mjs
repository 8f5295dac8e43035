#!/usr/bin/env node
// Checks bench/eval/real/born-digital.jsonl, the born-digital test set in olmOCR-bench format:
//  - every test has the fields its type needs, ids are unique, category and type agree;
//  - every PDF exists under shared/ and has the page; at least 30 pages and 20 tests per category;
//  - every present / absent / order / table string occurs in that page's own text (poppler's pdftotext,
//    in reading order or raw content order) after whitespace, hyphen, quote and ligature normalization,
//    so no test asks for text the page does not have;
//  - every math test renders in KaTeX (throwOnError).
// Prints a summary (pages, tests per category) and exits 1 on any problem.
//
//   node bench/eval/real/check-born-digital.mjs [tests.jsonl] [--shared DIR]
// shared/ is found as --shared, $PAGEMARK_SHARED, ../shared beside the repository, or /work/shared.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import katex from 'katex';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const sharedArg = opt('--shared');
const file = args[0] ?? join(here, 'born-digital.jsonl');
const shared = [sharedArg, process.env.PAGEMARK_SHARED, resolve(repo, '../shared'), '/work/shared'].find(
  (d) => d && existsSync(join(d, 'corpus-olmocr')),
);

const CATEGORIES = ['order', 'headers', 'table', 'math', 'tiny_text'];
const TYPES_OF = { order: ['order'], headers: ['absent', 'present'], table: ['table'], math: ['math'], tiny_text: ['present'] };
const COMMON = ['pdf', 'page', 'id', 'type', 'max_diffs', 'checked', 'category'];
const FIELDS = {
  present: ['text', 'case_sensitive', 'first_n', 'last_n'],
  absent: ['text', 'case_sensitive', 'first_n', 'last_n'],
  order: ['before', 'after'],
  table: ['cell'],
  math: ['math'],
};
const NEIGHBOURS = ['up', 'down', 'left', 'right', 'top_heading', 'left_heading'];
const MIN_PAGES = 30;
const MIN_PER_CATEGORY = 20;

const problems = [];
const problem = (id, msg) => problems.push(`${id}: ${msg}`);

/** Text compared as a reader sees it: ligatures and width forms folded, one dash, one quote, no spaces or hyphens. */
export function loose(s) {
  return s
    .normalize('NFKC')
    .replace(/[‘’‚′`´]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[‐‑‒–—―−-]/g, '')
    .replace(/\s+/g, '');
}

const pageCount = new Map();
function pages(pdf) {
  if (!pageCount.has(pdf)) {
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    pageCount.set(pdf, Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0));
  }
  return pageCount.get(pdf);
}

const layer = new Map();
/** The page's own text, twice: pdftotext's reading order and its raw content-stream order. */
function pageText(pdf, page) {
  const key = `${pdf}#${page}`;
  if (!layer.has(key)) {
    const run = (...extra) =>
      execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', ...extra, pdf, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 << 20,
      });
    layer.set(key, [loose(run()), loose(run('-raw'))]);
  }
  return layer.get(key);
}

function onPage(t, pdf, what, s) {
  if (typeof s !== 'string' || !s.trim()) return problem(t.id, `${what} is empty`);
  const want = loose(s);
  if (!pageText(pdf, t.page).some((text) => text.includes(want))) problem(t.id, `${what} not in the page's text layer: ${JSON.stringify(s)}`);
}

if (!shared) {
  console.error('check-born-digital: no shared/ folder with corpus-olmocr/ (pass --shared DIR or set PAGEMARK_SHARED)');
  process.exit(2);
}
try {
  execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
} catch {
  console.error('check-born-digital: pdftotext (poppler-utils) is needed');
  process.exit(2);
}

const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
const tests = [];
lines.forEach((line, i) => {
  try {
    tests.push(JSON.parse(line));
  } catch (e) {
    problem(`line ${i + 1}`, `not JSON (${e.message})`);
  }
});

const seen = new Set();
for (const t of tests) {
  const id = t.id ?? '(no id)';
  for (const f of [...COMMON, ...(FIELDS[t.type] ?? [])]) if (!(f in t)) problem(id, `missing field ${f}`);
  if (!FIELDS[t.type]) {
    problem(id, `unknown type ${t.type}`);
    continue;
  }
  if (seen.has(t.id)) problem(id, 'duplicate id');
  seen.add(t.id);
  if (!CATEGORIES.includes(t.category)) problem(id, `unknown category ${t.category}`);
  else if (!TYPES_OF[t.category].includes(t.type)) problem(id, `type ${t.type} in category ${t.category}`);
  if (!Number.isInteger(t.max_diffs) || t.max_diffs < 0 || t.max_diffs > 3) problem(id, `max_diffs ${t.max_diffs} not 0–3`);
  if (t.checked !== 'verified') problem(id, `checked is ${t.checked}`);
  if ('case_sensitive' in t && typeof t.case_sensitive !== 'boolean') problem(id, 'case_sensitive not a boolean');
  for (const f of ['first_n', 'last_n']) if (f in t && t[f] !== null && !Number.isInteger(t[f])) problem(id, `${f} not null or an integer`);
  if (typeof t.pdf !== 'string' || t.pdf.startsWith('/') || t.pdf.includes('..')) {
    problem(id, `pdf ${t.pdf} is not a path inside shared/`);
    continue;
  }
  const pdf = join(shared, t.pdf);
  if (!existsSync(pdf)) {
    problem(id, `no such PDF ${t.pdf}`);
    continue;
  }
  if (!Number.isInteger(t.page) || t.page < 1 || t.page > pages(pdf)) {
    problem(id, `page ${t.page} not in ${t.pdf} (${pages(pdf)} pages)`);
    continue;
  }
  switch (t.type) {
    case 'present':
    case 'absent':
      onPage(t, pdf, 'text', t.text);
      break;
    case 'order':
      onPage(t, pdf, 'before', t.before);
      onPage(t, pdf, 'after', t.after);
      if (typeof t.before === 'string' && t.before === t.after) problem(id, 'before and after are the same');
      break;
    case 'table': {
      onPage(t, pdf, 'cell', t.cell);
      const given = NEIGHBOURS.filter((k) => k in t);
      if (!given.length) problem(id, 'a table test needs at least one neighbour or heading');
      for (const k of given) onPage(t, pdf, k, t[k]);
      break;
    }
    case 'math':
      try {
        katex.renderToString(t.math, { throwOnError: true, displayMode: true, output: 'mathml' });
      } catch (e) {
        problem(id, `KaTeX cannot render ${JSON.stringify(t.math)}: ${e.message}`);
      }
      break;
  }
}

// Summary: one row per page, tests per category.
const byPage = new Map();
for (const t of tests) {
  const key = `${t.pdf} p${t.page}`;
  if (!byPage.has(key)) byPage.set(key, Object.fromEntries(CATEGORIES.map((c) => [c, 0])));
  if (CATEGORIES.includes(t.category)) byPage.get(key)[t.category]++;
}
const totals = Object.fromEntries(CATEGORIES.map((c) => [c, tests.filter((t) => t.category === c).length]));
const width = Math.max(4, ...[...byPage.keys()].map((k) => k.length));
const row = (name, counts) => `${name.padEnd(width)}  ${CATEGORIES.map((c) => String(counts[c]).padStart(c.length)).join('  ')}`;
console.log(`${'page'.padEnd(width)}  ${CATEGORIES.join('  ')}`);
for (const [k, v] of byPage) console.log(row(k, v));
console.log(row(`${byPage.size} pages, ${tests.length} tests`, totals));

if (byPage.size < MIN_PAGES) problem('set', `${byPage.size} pages, fewer than ${MIN_PAGES}`);
for (const c of CATEGORIES) if (totals[c] < MIN_PER_CATEGORY) problem('set', `${totals[c]} ${c} tests, fewer than ${MIN_PER_CATEGORY}`);

if (problems.length) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('\nborn-digital tests: OK');
