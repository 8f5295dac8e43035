// The real-page sets: olmOCR-bench pages in ../shared/eval-real (scans) and our own born-digital tests on
// real PDFs in ../shared/corpus*. Only tests are committed; the PDFs are read from ../shared at run time.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const sharedDir = process.env.PAGEMARK_SHARED ?? join(root, '..', 'shared');

const readJsonl = (path) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

/** name → where its tests are and how a test's `pdf` becomes a path. */
export const SETS = {
  old_scans: { tests: () => join(sharedDir, 'eval-real/old_scans/old_scans.jsonl'), pdf: (t) => join(sharedDir, 'eval-real/old_scans/pdfs', t.pdf) },
  old_scans_math: { tests: () => join(sharedDir, 'eval-real/old_scans_math/old_scans_math.jsonl'), pdf: (t) => join(sharedDir, 'eval-real/old_scans_math/pdfs', t.pdf) },
  long_tiny_text: { tests: () => join(sharedDir, 'eval-real/long_tiny_text/long_tiny_text.jsonl'), pdf: (t) => join(sharedDir, 'eval-real/long_tiny_text/pdfs', t.pdf) },
  born_digital: { tests: () => join(root, 'bench/eval/real/born-digital.jsonl'), pdf: (t) => join(sharedDir, t.pdf) },
};

/**
 * Pages of one set, each with its tests, in file order. `pages`: the first N pages only; `only`: pages whose
 * PDF name contains this string. A set whose files are missing is reported, not fatal.
 */
export function loadSet(name, { pages, only } = {}) {
  const set = SETS[name];
  if (!set) throw new Error(`unknown set "${name}" (sets: ${Object.keys(SETS).join(', ')})`);
  const testsPath = set.tests();
  if (!existsSync(testsPath)) return { name, pages: [], missing: `${testsPath} not found` };
  const byPage = new Map();
  for (const t of readJsonl(testsPath)) {
    const key = `${t.pdf}#${t.page ?? 1}`;
    if (!byPage.has(key)) byPage.set(key, { key, pdf: t.pdf, page: t.page ?? 1, path: set.pdf(t), tests: [] });
    byPage.get(key).tests.push(t);
  }
  let list = [...byPage.values()];
  if (only) list = list.filter((p) => p.pdf.includes(only));
  if (pages) list = list.slice(0, pages);
  const missing = list.filter((p) => !existsSync(p.path)).map((p) => p.path);
  return { name, pages: list.filter((p) => existsSync(p.path)), ...(missing.length && { missing: `${missing.length} PDFs not found, e.g. ${missing[0]}` }) };
}
