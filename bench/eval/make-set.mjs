// Builds the generated part of the eval set: one-page documents authored as HTML (headings,
// paragraphs, lists, ruled and unruled tables, KaTeX formulas, two columns, running headers and
// footers, varied fonts), printed to PDF by headless Chromium, with olmOCR-bench-style tests whose
// expected strings come from the source, and are checked against the printed PDF's text layer.
//
//   node bench/eval/make-set.mjs   → test/eval-set/generated/*.pdf + test/eval-set/generated/tests.jsonl
//   node bench/eval/make-set.mjs --corpus-only   → test/eval-set/corpus-tests.jsonl alone
//
// Split: documents with variant "a" may be used for tuning; variant "b" (other seeds, other fonts) is
// held out (bench/EVAL.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import katex from 'katex';
import { buildDocs } from './documents.mjs';
import { bornDigitalPages } from './corpus-pages.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, 'test/eval-set/generated');
const katexCss = pathToFileURL(join(root, 'node_modules/katex/dist/katex.min.css')).href;

const norm = (s) => s.normalize('NFKC').replace(/[‐-―]/g, '-').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();

function printPdf(html, pdfPath) {
  const dir = mkdtempSync(join(tmpdir(), 'pagemark-evalset-'));
  const htmlPath = join(dir, 'doc.html');
  writeFileSync(htmlPath, html);
  execFileSync(
    'chromium',
    ['--headless', '--no-sandbox', '--disable-gpu', '--no-pdf-header-footer', '--print-to-pdf-no-header', `--print-to-pdf=${pdfPath}`, pathToFileURL(htmlPath).href],
    { stdio: 'ignore', timeout: 120_000 },
  );
  rmSync(dir, { recursive: true, force: true });
}

async function main() {
  if (process.argv.includes('--corpus-only')) return writeCorpusTests();
  mkdirSync(outDir, { recursive: true });
  const docs = buildDocs({ katex: (tex) => katex.renderToString(tex, { displayMode: true, throwOnError: true }), katexCss });
  const lines = [];
  for (const doc of docs) {
    const pdf = join(outDir, `${doc.id}.pdf`);
    printPdf(doc.html, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))[1]);
    if (pages !== 1) throw new Error(`${doc.id} printed ${pages} pages; its content must fit one page`);
    const layer = norm(execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }));
    let kept = 0;
    for (const t of doc.tests) {
      const strings = [t.text, t.before, t.after, t.cell, t.up, t.down, t.left, t.right, t.top_heading].filter((s) => typeof s === 'string');
      const missing = t.type !== 'math' && strings.find((s) => !layer.includes(norm(s)));
      if (missing) {
        if (t.type !== 'absent') {
          console.warn(`${doc.id}: dropped ${t.type} test, "${missing}" is not in the printed text layer`);
          continue;
        }
      }
      lines.push(JSON.stringify({ pdf: `generated/${doc.id}.pdf`, page: 1, id: `${doc.id}-${String(kept).padStart(2, '0')}`, split: doc.split, ...t }));
      kept++;
      // Structure of the Markdown itself (beyond olmOCR-bench): headings as headings, list items as items.
      const structure = t.heading ? { type: 'heading', text: t.text, level: t.heading } : t.list ? { type: 'list', text: t.text, ordered: t.list === 'ordered' } : undefined;
      if (structure) {
        lines.push(JSON.stringify({ pdf: `generated/${doc.id}.pdf`, page: 1, id: `${doc.id}-${String(kept).padStart(2, '0')}`, split: doc.split, ...structure }));
        kept++;
      }
    }
    console.log(`${doc.id}: ${kept} tests (${doc.font})`);
  }
  writeFileSync(join(outDir, 'tests.jsonl'), lines.join('\n') + '\n');
  await writeCorpusTests();
}

async function writeCorpusTests() {
  writeFileSync(join(root, 'test/eval-set/corpus-tests.jsonl'), (await corpusTests()).join('\n') + '\n');
}

/**
 * Tests on born-digital corpus pages from their text layer: whole text lines must be present, and on
 * single-column pages, lines must keep their order. Split "corpus" (visible while tuning).
 */
async function corpusTests() {
  const out = [];
  const { pages, skipped } = await bornDigitalPages(root);
  for (const s of skipped) console.log(`corpus tests: skipped ${s}`);
  for (const c of pages) {
    const path = c.path;
    const raw = execFileSync('pdftotext', ['-f', String(c.page), '-l', String(c.page), '-raw', path, '-'], { encoding: 'utf8' });
    const candidates = raw
      .split('\n')
      .map(norm)
      .filter((l) => l.length >= 30 && l.split(' ').length >= 6 && !/-$/.test(l));
    // A line whose text occurs again on the page (repeated phrases) cannot anchor an order test.
    const whole = norm(raw);
    const unique = candidates.filter((l) => whole.indexOf(l) === whole.lastIndexOf(l));
    const step = Math.max(1, Math.floor(unique.length / 5));
    const picked = unique.filter((_, i) => i % step === 0).slice(0, 5);
    const id = c.shared.replace(/\.pdf$/, '');
    picked.forEach((text, k) => out.push(JSON.stringify({ pdf: `corpus:${c.shared}`, page: c.page, id: `${id}-p${c.page}-${k}`, split: 'corpus', type: 'present', text })));
    if (c.singleColumn) {
      for (let k = 0; k + 1 < picked.length; k++) {
        out.push(JSON.stringify({ pdf: `corpus:${c.shared}`, page: c.page, id: `${id}-p${c.page}-o${k}`, split: 'corpus', type: 'order', before: picked[k], after: picked[k + 1] }));
      }
    }
  }
  return out;
}

await main();
