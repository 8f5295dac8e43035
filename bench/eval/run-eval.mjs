// The eval run: for each system and page, Markdown → tests and CER; a JSON report and a table.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import { createConverter } from '../../cli/engine.ts';
import { openSource } from '../../cli/page-source.ts';
import { CORPUS_PAGES, bornDigitalPages, corpusPath } from './corpus-pages.mjs';
import { detectorTextSystem } from './detector-text.mjs';
import { cer, plainText, runTest } from './score.mjs';
import { degradePage, seedOf } from '../../test/support/degrade.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CATEGORIES = ['present', 'absent', 'order', 'table', 'math', 'heading', 'list'];

/** Every generated page again as an old scan (degrade.mjs), a JPEG in `dir`: the same tests, harder pixels. */
async function scanTests(generated, dir) {
  const scans = [];
  for (const pdf of [...new Set(generated.map((t) => t.pdf))]) {
    const tests = generated.filter((t) => t.pdf === pdf);
    const source = await openSource(tests[0].path);
    const { jpeg, settings } = degradePage(await source.render(1), seedOf(pdf));
    await source.close();
    const path = join(dir, pdf.replace(/[/.:]/g, '_') + '.jpg');
    writeFileSync(path, jpeg);
    scans.push(...tests.map((t) => ({ ...t, pdf: `scan:${t.pdf}`, id: `scan-${t.id}`, page: 1, scan: settings, path })));
  }
  return scans;
}

async function loadTests(split, scanDir) {
  const read = (f) => readFileSync(join(root, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const clean = read('test/eval-set/generated/tests.jsonl').map((t) => ({ ...t, path: join(root, 'test/eval-set', t.pdf) }));
  const generated = scanDir ? [...clean, ...(await scanTests(clean, scanDir))] : clean;
  // Corpus-page tests run where their PDF is present (fixture copies always; the rest with ../shared).
  const corpus = read('test/eval-set/corpus-tests.jsonl')
    .map((t) => ({ ...t, path: corpusPath(CORPUS_PAGES.find((c) => `corpus:${c.shared}` === t.pdf) ?? {}, root) }))
    .filter((t) => t.path);
  return [...generated, ...corpus].filter((t) => split === 'all' || t.split === split);
}

/** Born-digital corpus pages (a scan's invisible OCR layer is no reference: corpus-pages.mjs). */
async function corpusPages() {
  const { pages, skipped } = await bornDigitalPages(root);
  for (const s of skipped) console.log(`CER: skipped ${s}`);
  return { pages: pages.map((c) => ({ path: c.path, page: c.page, name: c.shared })), skipped };
}

/** A page's text layer in poppler's reading order: the CER reference. */
function popplerText(path, page) {
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

async function tesseractMarkdown(source, page, tmp) {
  const img = await source.render(page);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(img.width, img.height);
  data.data.set(img.pixels);
  ctx.putImageData(data, 0, 0);
  const png = join(tmp, 'page.png');
  writeFileSync(png, canvas.toBuffer('image/png'));
  // Plain text is all tesseract gives; paragraphs separated by blank lines read as Markdown paragraphs.
  // OpenMP left to count threads oversubscribes this machine (bench/pages.mjs): the cores it has, as Pagemark.
  const env = { ...process.env, OMP_THREAD_LIMIT: String(cpus().length) };
  return execFileSync('tesseract', [png, 'stdout', '-l', 'eng'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env });
}

async function systemRunner(name, opts) {
  if (name === 'tesseract') {
    const tmp = mkdtempSync(join(tmpdir(), 'pagemark-eval-'));
    return { name, run: (source, page) => tesseractMarkdown(source, page, tmp), close: async () => rmSync(tmp, { recursive: true, force: true }) };
  }
  if (name === 'detector-text' || name === 'detector-text-plain') {
    const sys = await detectorTextSystem(opts.detectorPack, true, name === 'detector-text-plain');
    return { name, run: sys.run, close: sys.close, recalls: sys.recalls };
  }
  // The system "text-layer" is the CLI's --own-text-only; "pagemark-pdf-text" is pagemark offered each page's own text.
  const mode = name === 'text-layer' ? 'own-text' : 'ocr';
  const engine = await createConverter({ mode, pack: opts.pack, k: opts.k, dropHeaders: true, splitWidth: opts.splitWidth, ownText: name === 'pagemark-pdf-text' });
  return { name, run: async (source, page) => (await engine.ocrPage(source, page)).markdown, close: () => engine.close() };
}

const OCR_SYSTEMS = ['pagemark', 'tesseract'];
const OLMOCR = ['present', 'absent', 'order', 'table', 'math'];
const passRate = (r) => r.filter((x) => x.pass).length / Math.max(1, r.length);

function categories(results) {
  const out = {};
  for (const cat of CATEGORIES) {
    const r = results.filter((x) => x.type === cat);
    if (r.length) out[cat] = { passed: r.filter((x) => x.pass).length, total: r.length, rate: passRate(r) };
  }
  return out;
}

const pct = (x) => (x === undefined ? '—' : `${(100 * x).toFixed(1)}%`);
const categoryCell = (c) => (c ? `${pct(c.rate)} (${c.passed}/${c.total})` : '—');

export async function runEval(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      pack: { type: 'string', default: join(root, 'models/pocket') },
      systems: { type: 'string', default: 'pagemark,pagemark-pdf-text,tesseract,detector-text,text-layer' },
      'detector-pack': { type: 'string', default: join(root, 'models/test-tiny') },
      split: { type: 'string', default: 'all' },
      k: { type: 'string', default: '3' },
      // Keep the other systems' results from the last eval.json (rerun one system only).
      merge: { type: 'boolean', default: false },
      // Held-out rendered formulas read by the pack's formula recognizer (0: skip).
      'formula-limit': { type: 'string', default: '300' },
      // Where eval.json, eval.md and eval-pages/ go (experiments keep the committed results untouched).
      out: { type: 'string', default: join(root, 'bench/results') },
      // Lines wider than this (px at the recognizer's height) are read in pieces; default: the pack's.
      'split-width': { type: 'string' },
      // Also read every generated page as an old scan (degrade.mjs): lower resolution, rotation, noise, JPEG.
      scans: { type: 'boolean', default: true },
    },
    allowNegative: true,
  });
  const scanDir = values.scans ? mkdtempSync(join(tmpdir(), 'pagemark-eval-scans-')) : undefined;
  const tests = await loadTests(values.split, scanDir);
  const pdfs = [...new Set(tests.map((t) => `${t.pdf}#${t.page}`))];
  const { pages: corpus, skipped: corpusSkipped } = await corpusPages();
  const report = { date: new Date().toISOString(), pack: values.pack, k: Number(values.k), split: values.split, dropHeaders: true, cerSkipped: corpusSkipped, systems: {} };
  const outDir = values.out;
  if (values.merge && existsSync(join(outDir, 'eval.json'))) {
    const last = JSON.parse(readFileSync(join(outDir, 'eval.json'), 'utf8'));
    if (last.split === values.split) report.systems = last.systems;
    if (last.formula) report.formula = last.formula;
  }
  mkdirSync(join(outDir, 'eval-pages'), { recursive: true });

  for (const name of values.systems.split(',')) {
    let runner;
    try {
      runner = await systemRunner(name, {
        pack: values.pack,
        k: Number(values.k),
        detectorPack: values['detector-pack'],
        splitWidth: values['split-width'] === undefined ? undefined : Number(values['split-width']),
      });
    } catch (e) {
      console.error(`eval: ${name} unavailable: ${e.message}`);
      report.systems[name] = { unavailable: e.message };
      continue;
    }
    const results = [];
    const pageMs = [];
    // Markdown per page, so corpus pages read for their tests are not read again for CER.
    const seen = new Map();
    for (const key of pdfs) {
      const [pdf, page] = key.split('#');
      // A scan has no text layer to fill boxes from or to lay out: only OCR systems read it.
      if (pdf.startsWith('scan:') && !OCR_SYSTEMS.includes(name)) continue;
      const source = await openSource(tests.find((t) => t.pdf === pdf).path);
      const t0 = performance.now();
      let md = '';
      try {
        md = await runner.run(source, Number(page));
      } catch (e) {
        console.error(`eval: ${name} failed on ${pdf} p${page}: ${e.message}`);
      }
      pageMs.push(performance.now() - t0);
      seen.set(`${tests.find((t) => t.pdf === pdf).path}#${page}`, md);
      await source.close();
      writeFileSync(join(outDir, 'eval-pages', `${name}__${pdf.replace(/[/.:]/g, '_')}_p${page}.md`), md);
      for (const t of tests.filter((x) => x.pdf === pdf && String(x.page) === page)) {
        results.push({ id: t.id, type: t.type, split: t.split, scan: Boolean(t.scan), pass: runTest(t, md) });
      }
      console.error(`eval: ${name} ${pdf} p${page} done`);
    }
    const cers = [];
    for (const c of corpus) {
      let md = seen.get(`${c.path}#${c.page}`);
      if (md === undefined) {
        const source = await openSource(c.path);
        try {
          md = await runner.run(source, c.page);
        } catch (e) {
          md = '';
          console.error(`eval: ${name} failed on ${c.name} p${c.page}: ${e.message}`);
        }
        await source.close();
      }
      cers.push({ page: `${c.name}#${c.page}`, cer: cer(plainText(md), popplerText(c.path, c.page)) });
      console.error(`eval: ${name} ${c.name} p${c.page} CER ${pct(cers[cers.length - 1].cer)}`);
    }
    await runner.close();
    // The headline numbers are the born-digital pages', as before; the scans are scored on their own.
    const clean = results.filter((x) => !x.scan);
    const scans = results.filter((x) => x.scan);
    const byCategory = categories(clean);
    const rates = Object.values(byCategory).map((c) => c.rate);
    const olmocr = clean.filter((x) => OLMOCR.includes(x.type));
    const bySplit = {};
    for (const s of ['tune', 'held-out', 'corpus']) {
      const r = clean.filter((x) => x.split === s);
      if (r.length) bySplit[s] = passRate(r);
    }
    report.systems[name] = {
      tests: results,
      byCategory,
      overall: passRate(clean),
      categoryMean: rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length),
      olmocrMean: passRate(olmocr),
      bySplit,
      ...(scans.length ? { scans: { byCategory: categories(scans), overall: passRate(scans), olmocrMean: passRate(scans.filter((x) => OLMOCR.includes(x.type))) } } : {}),
      cer: cers,
      meanCer: cers.reduce((a, c) => a + c.cer, 0) / Math.max(1, cers.length),
      ...(runner.recalls ? { detectorLineRecall: runner.recalls.reduce((a, b) => a + b, 0) / Math.max(1, runner.recalls.length) } : {}),
      msPerPage: pageMs.reduce((a, b) => a + b, 0) / Math.max(1, pageMs.length),
    };
  }
  if (values.systems.split(',').includes('pagemark') && Number(values['formula-limit']) > 0) {
    const pack = JSON.parse(readFileSync(join(values.pack, 'pack.json'), 'utf8'));
    if (pack.formula) {
      // The formula recognizer's own eval (a training tool) runs as its command, so bench imports no training code.
      const json = join(tmpdir(), `pagemark-formula-eval-${process.pid}.json`);
      execFileSync(process.execPath, ['--import', 'tsx', join(root, 'training/formula/eval-formula.ts'), values.pack, '--limit', values['formula-limit'], '--json', json], { stdio: ['ignore', 'ignore', 'inherit'] });
      const { examples: _, ...formula } = JSON.parse(readFileSync(json, 'utf8'));
      rmSync(json, { force: true });
      report.formula = formula;
      console.error(`eval: formula crops exact match ${pct(formula.exactMatch)}, KaTeX parses ${pct(formula.katexParse)}`);
    } else report.formula = { unavailable: `${values.pack} has no formula recognizer` };
  }
  if (scanDir) {
    report.scans = [...new Map(tests.filter((t) => t.scan).map((t) => [t.pdf, t.scan])).entries()].map(([pdf, settings]) => ({ pdf, ...settings }));
    rmSync(scanDir, { recursive: true, force: true });
  }
  writeFileSync(join(outDir, 'eval.json'), JSON.stringify(report, null, 2) + '\n');
  const table = renderTable(report);
  writeFileSync(join(outDir, 'eval.md'), table);
  process.stdout.write(table);
  return 0;
}

/** The math category on its own: held-out KaTeX-rendered formula crops through the pack's formula recognizer. */
function formulaTable(f) {
  if (!f) return [];
  if (f.unavailable) return ['## Formula crops', '', `unavailable — ${f.unavailable}`, ''];
  const k3 = f.speculative.find((s) => s.k === 3);
  return [
    `## Formula crops (${f.formulas} held-out KaTeX-rendered formulas, training/formula)`,
    '',
    '| metric | value |',
    '|---|---|',
    `| exact match after normalization | ${pct(f.exactMatch)} |`,
    `| outputs KaTeX parses (raw / after repairLatex, as pages get them) | ${pct(f.katexParse)} / ${pct(f.katexParseRepaired)} |`,
    `| token error rate | ${pct(f.tokenErrorRate)} |`,
    ...f.speculative.map((s) => `| K=${s.k}: tokens per verifier pass / acceptance / same as greedy / decode speed-up | ` +
      `${s.tokensPerPass.toFixed(2)} / ${s.acceptance.map((a) => a.toFixed(2)).join(', ')} / ${pct(s.sameAsGreedy)} / ${(f.greedyDecodeMs / s.decodeMs).toFixed(2)}x |`),
    '',
    k3 ? `Greedy decoding ${f.greedyDecodeMs.toFixed(0)} ms per formula, K=3 ${k3.decodeMs.toFixed(0)} ms (onnxruntime-node, batch 1).` : '',
    '',
  ];
}

/** The generated pages again as old scans (degrade.mjs): same tests, by category. */
function scanTable(report, names) {
  const withScans = names.filter((n) => report.systems[n].scans);
  if (!withScans.length) return [];
  const row = (label, f) => `| ${label} | ${withScans.map((n) => f(report.systems[n].scans)).join(' | ')} |`;
  const n = report.scans?.length ?? 0;
  return [
    `## The generated pages as old scans (${n} pages: ~120–160 dpi JPEG, rotated 0.3–1.5°, grey paper, noise, speckles, blur)`,
    '',
    `| | ${withScans.join(' | ')} |`,
    `|---|${withScans.map(() => '---').join('|')}|`,
    ...CATEGORIES.map((c) => row(c, (s) => categoryCell(s.byCategory[c]))),
    row('**all tests**', (s) => pct(s.overall)),
    row('olmOCR-style (first five)', (s) => pct(s.olmocrMean)),
    '',
  ];
}

function renderTable(report) {
  const names = Object.keys(report.systems);
  const row = (label, f) => `| ${label} | ${names.map((n) => (report.systems[n].unavailable ? 'n/a' : f(report.systems[n]))).join(' | ')} |`;
  const lines = [
    `# Eval (${report.date.slice(0, 10)}, split ${report.split}, headers dropped, k=${report.k})`,
    '',
    `| | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    ...CATEGORIES.map((c) => row(c, (s) => categoryCell(s.byCategory[c]))),
    row('**all tests**', (s) => pct(s.overall)),
    row('category mean', (s) => pct(s.categoryMean)),
    row('olmOCR-style (first five)', (s) => pct(s.olmocrMean)),
    row('tune split', (s) => pct(s.bySplit.tune)),
    row('held-out split', (s) => pct(s.bySplit['held-out'])),
    row('corpus-page tests', (s) => pct(s.bySplit.corpus)),
    row('corpus CER (mean)', (s) => pct(s.meanCer)),
    row('detector line recall (IoU > 0.5)', (s) => pct(s.detectorLineRecall)),
    row('s / page', (s) => (s.msPerPage / 1000).toFixed(1)),
    '',
    'detector-text = the pack\'s text detector on the rendered page, each box filled with the PDF\'s own text (no recognizer); -plain: layout given boxes and page size only.',
    'pagemark-pdf-text = Pagemark offered each PDF page\'s own text (the default in the app and the CLI; Settings → Text of PDFs): used where a few recognized lines confirm it, formulas and uncovered text recognized.',
    'text-layer = the PDF\'s own text through Pagemark\'s layout and assembly (no OCR): the layout\'s ceiling.',
    ...(report.cerSkipped ?? []).map((s) => `Not scored (no ground truth): ${s}.`),
    ...names.filter((n) => report.systems[n].unavailable).map((n) => `${n}: unavailable — ${report.systems[n].unavailable}`),
    '',
    ...scanTable(report, names),
    ...formulaTable(report.formula),
  ];
  return lines.join('\n');
}
