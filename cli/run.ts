// `pagemark` main: each input file → pages → engine → Markdown (stdout, -o, --pages-dir, --json).
// A bad file or page is reported and skipped; the other files and pages go on.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentMarkdown } from '../src/export/document-markdown';
import type { PageResult } from '../src/protocol/page';
import { parseCli, USAGE, UsageError, type CliOptions } from './args';
import { createEngine, EngineError, type PageEngine } from './engine';
import { InputError, openSource } from './page-source';
import { cropPng } from './figure-crops';
import { Progress } from './progress';

const DEFAULT_PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));

export const EXIT = { ok: 0, someFailed: 1, usage: 2, engine: 3 } as const;

export async function main(argv: string[]): Promise<number> {
  let opts: CliOptions;
  try {
    opts = parseCli(argv, DEFAULT_PACK);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`pagemark: ${e.message}\n\n${USAGE}\n`);
      return EXIT.usage;
    }
    throw e;
  }
  if (opts.help) {
    process.stdout.write(USAGE + '\n');
    return EXIT.ok;
  }
  const outIsDir = opts.out !== undefined && (opts.files.length > 1 || (await isDir(opts.out)));
  try {
    if (opts.out) await mkdir(outIsDir ? opts.out : dirname(opts.out), { recursive: true });
    if (opts.pagesDir) await mkdir(opts.pagesDir, { recursive: true });
  } catch (e) {
    process.stderr.write(`pagemark: cannot create the output folder: ${(e as Error).message}\n`);
    return EXIT.usage;
  }

  let engine: PageEngine;
  try {
    engine = await createEngine({ mode: opts.textLayer ? 'text-layer' : 'ocr', pack: opts.pack, k: opts.k, dropHeaders: opts.dropHeaders, pdfText: opts.pdfText });
  } catch (e) {
    process.stderr.write(`pagemark: ${e instanceof EngineError ? e.message : (e as Error).stack}\n`);
    return EXIT.engine;
  }

  const progress = new Progress(process.stderr);
  const stdoutParts: string[] = [];
  let failed = 0;
  try {
    for (const file of opts.files) {
      const converted = await convertFile(file, engine, opts, progress);
      if (!converted) {
        failed++;
        continue;
      }
      const { results, failedPages } = converted;
      // A page that could not be converted fails its file (exit 1); the file's other pages are still written.
      if (failedPages) failed++;
      try {
        await writeOutputs(file, results, opts, outIsDir, stdoutParts);
      } catch (e) {
        progress.clear();
        process.stderr.write(`pagemark: “${basename(file)}”: the output could not be written: ${(e as Error).message}\n`);
        if (!failedPages) failed++;
      }
    }
  } finally {
    progress.done();
    await engine.close();
  }
  // Several files as JSON on standard output: one array, so the output parses as a whole.
  if (opts.json && opts.files.length > 1) process.stdout.write(`[\n${stdoutParts.map((t) => t.trimEnd()).join(',\n')}\n]\n`);
  else if (stdoutParts.length) process.stdout.write(stdoutParts.join('\n'));
  return failed ? EXIT.someFailed : EXIT.ok;
}

async function writeOutputs(file: string, results: PageResult[], opts: CliOptions, outIsDir: boolean, stdoutParts: string[]): Promise<void> {
  const stem = basename(file, extname(file));
  // Figure crops go next to the Markdown that links them; with several documents in one folder,
  // names get the document's stem so they cannot collide.
  const figureDirs = [opts.out && (outIsDir ? opts.out : dirname(opts.out)), opts.pagesDir].filter((d): d is string => !!d);
  const prefix = opts.files.length > 1 ? `${stem}-` : '';
  if (figureDirs.length && results.some((r) => r.figures.length)) {
    await writeFigures(file, results, [...new Set(figureDirs)], prefix);
    if (prefix) for (const r of results) r.markdown = r.markdown.replace(/\]\((figure-p\d+-\d+\.png)\)/g, `](${prefix}$1)`);
  }
  // Documents are joined exactly as the app's Document .md download joins them.
  const text = opts.json ? JSON.stringify({ file: basename(file), pages: results }, null, 2) + '\n' : documentMarkdown(results);
  if (opts.pagesDir) {
    for (const r of results) await writeFile(join(opts.pagesDir, `${stem}_pg${r.page}.md`), r.markdown + '\n');
  }
  if (opts.out) await writeFile(outIsDir ? join(opts.out, `${stem}.${opts.json ? 'json' : 'md'}`) : opts.out, text);
  else stdoutParts.push(opts.files.length > 1 && !opts.json ? `<!-- file: ${basename(file)} -->\n\n${text}` : text);
}

async function convertFile(file: string, engine: PageEngine, opts: CliOptions, progress: Progress): Promise<{ results: PageResult[]; failedPages: number } | undefined> {
  let source;
  try {
    source = await openSource(file);
  } catch (e) {
    progress.clear();
    process.stderr.write(`pagemark: ${e instanceof InputError ? e.message : `“${file}”: ${(e as Error).message}`}\n`);
    return undefined;
  }
  const results: PageResult[] = [];
  let failedPages = 0;
  try {
    for (let p = 1; p <= source.pageCount; p++) {
      progress.update(source.name, p - 1, source.pageCount);
      try {
        results.push(await engine.ocrPage(source, p));
      } catch (e) {
        progress.clear();
        process.stderr.write(`pagemark: “${source.name}” page ${p} could not be converted: ${(e as Error).message}\n`);
        failedPages++;
        results.push({ page: p, markdown: `<!-- page ${p} could not be converted -->`, regions: [], figures: [], stats: emptyPageStats() });
      }
      progress.update(source.name, p, source.pageCount);
    }
  } finally {
    await source.close();
  }
  void opts;
  return { results, failedPages };
}

function emptyPageStats(): PageResult['stats'] {
  return { tokens: 0, decoderCalls: 0, draftCalls: 0, acceptedPerStep: [], proposedPerStep: [], tokensPerPass: 0, ms: { total: 0, detect: 0, encoder: 0, decoder: 0, draft: 0, layout: 0, other: 0 }, backend: 'none' };
}

async function isDir(path: string): Promise<boolean> {
  if (path.endsWith('/')) return true;
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** Renders the pages that have figures again and writes each figure's crop as PNG. */
async function writeFigures(file: string, results: PageResult[], dirs: string[], prefix: string): Promise<void> {
  const source = await openSource(file);
  try {
    for (const r of results) {
      if (!r.figures.length) continue;
      const image = await source.render(r.page);
      for (const f of r.figures) {
        const png = cropPng(image, f.bbox);
        for (const d of dirs) await writeFile(join(d, prefix + f.name), png);
      }
    }
  } finally {
    await source.close();
  }
}
