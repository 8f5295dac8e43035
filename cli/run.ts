// `pagemark` main: each input file → pages → engine → Markdown (stdout, -o, --pages-dir, --json, --jsonl).
// A bad file or page is reported and skipped; the other files and pages go on. Each document is opened and
// drawn in a child process with a time and memory limit per page (isolated-source.ts), and every page is
// written as soon as it is done (--pages-dir, --jsonl), so a run that is killed keeps the pages it finished.
import { mkdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentMarkdown } from '../src/export/document-markdown';
import type { PageResult } from '../src/protocol/page';
import { parseCli, USAGE, UsageError, type CliOptions } from './args';
import { createConverter, EngineError, type Converter } from './engine';
import { InputError, type PageSource } from './page-source';
import { endDocumentProcesses, openIsolatedSource, type SourceLimits } from './isolated-source';
import { appendJsonLine, commentSafe, writeAtomic } from './output-files';
import { cropPng } from './figure-crops';
import { readAhead } from './read-ahead';
import { Progress } from './progress';
import { searchableOutput } from './searchable-output';

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
    if (opts.jsonl) await mkdir(dirname(opts.jsonl), { recursive: true });
  } catch (e) {
    process.stderr.write(`pagemark: cannot create the output folder: ${(e as Error).message}\n`);
    return EXIT.usage;
  }

  let engine: Converter;
  try {
    engine = await createConverter({ mode: opts.ownTextOnly ? 'own-text' : 'ocr', pack: opts.pack, k: opts.k, dropHeaders: opts.dropHeaders, keepHyphens: opts.keepHyphens, ownText: opts.ownText });
  } catch (e) {
    process.stderr.write(`pagemark: ${e instanceof EngineError ? e.message : (e as Error).stack}\n`);
    return EXIT.engine;
  }

  const progress = new Progress(process.stderr);
  const limits: SourceLimits = { pageTimeMs: opts.pageTimeout * 1000, memoryMb: opts.pageMemory };
  const stdoutParts: string[] = [];
  let failed = 0;
  try {
    for (const file of opts.files) {
      const converted = await convertFile(file, engine, opts, limits, progress, outIsDir);
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
    endDocumentProcesses();
    await engine.close();
  }
  // Several files as JSON on standard output: one array, so the output parses as a whole.
  if (opts.json && opts.files.length > 1) process.stdout.write(`[\n${stdoutParts.map((t) => t.trimEnd()).join(',\n')}\n]\n`);
  else if (stdoutParts.length) process.stdout.write(stdoutParts.join('\n'));
  return failed ? EXIT.someFailed : EXIT.ok;
}

const stemOf = (file: string) => basename(file, extname(file));

/** Where figure crops go: next to the Markdown that links them. */
function figureDirs(opts: CliOptions, outIsDir: boolean): string[] {
  return [...new Set([opts.out && (outIsDir ? opts.out : dirname(opts.out)), opts.pagesDir].filter((d): d is string => !!d))];
}

async function writeOutputs(file: string, results: PageResult[], opts: CliOptions, outIsDir: boolean, stdoutParts: string[]): Promise<void> {
  const stem = stemOf(file);
  // Documents are joined exactly as the app's Document .md download joins them.
  const text = opts.json ? JSON.stringify({ file: basename(file), pages: results }, null, 2) + '\n' : documentMarkdown(results);
  if (opts.out) await writeAtomic(outIsDir ? join(opts.out, `${stem}.${opts.json ? 'json' : 'md'}`) : opts.out, text);
  else stdoutParts.push(opts.files.length > 1 && !opts.json ? `<!-- file: ${commentSafe(basename(file))} -->\n\n${text}` : text);
}

async function convertFile(
  file: string,
  engine: Converter,
  opts: CliOptions,
  limits: SourceLimits,
  progress: Progress,
  outIsDir: boolean,
): Promise<{ results: PageResult[]; failedPages: number } | undefined> {
  const log = (value: object) => (opts.jsonl ? appendJsonLine(opts.jsonl, { file: basename(file), ...value }) : Promise.resolve());
  const t0 = performance.now();
  let source: PageSource;
  try {
    source = readAhead(await openIsolatedSource(file, limits));
  } catch (e) {
    progress.clear();
    const message = e instanceof InputError ? e.message : `“${file}”: ${(e as Error).message}`;
    process.stderr.write(`pagemark: ${message}\n`);
    await log({ ok: false, error: message });
    return undefined;
  }
  const stem = stemOf(file);
  const dirs = figureDirs(opts, outIsDir);
  // With several documents in one folder, figure names get the document's stem so they cannot collide.
  const prefix = opts.files.length > 1 ? `${stem}-` : '';
  const results: PageResult[] = [];
  let failedPages = 0;
  const searchable = opts.searchablePdf ? await searchableOutput(file, opts.searchablePdf) : undefined;
  try {
    for (let p = 1; p <= source.pageCount; p++) {
      progress.update(source.name, p - 1, source.pageCount);
      const started = performance.now();
      let result: PageResult;
      let error: string | undefined;
      try {
        result = await engine.ocrPage(source, p);
        if (dirs.length && result.figures.length) await writeFigures(source, result, dirs, prefix);
      } catch (e) {
        progress.clear();
        error = (e as Error).message;
        process.stderr.write(`pagemark: “${source.name}” page ${p} could not be converted: ${error}\n`);
        failedPages++;
        result = failedPageResult(p);
      }
      results.push(result);
      await searchable?.addPage(source, p, error === undefined ? result : undefined);
      if (opts.pagesDir) await writeAtomic(join(opts.pagesDir, `${stem}_pg${p}.md`), result.markdown + '\n');
      const seconds = +((performance.now() - started) / 1000).toFixed(3);
      await log(error === undefined ? { page: p, pages: source.pageCount, ok: true, seconds, markdown: result.markdown } : { page: p, pages: source.pageCount, ok: false, seconds, error });
      progress.update(source.name, p, source.pageCount);
    }
  } finally {
    await source.close();
  }
  if (searchable) {
    const made = await searchable.finish();
    progress.clear();
    process.stderr.write(`pagemark: ${made.message}\n`);
    // A searchable PDF that could not be written fails its file (exit 1), as a failed page does.
    if (!made.ok) failedPages++;
  }
  await log({ done: true, pages: source.pageCount, failed: failedPages, seconds: +((performance.now() - t0) / 1000).toFixed(3) });
  return { results, failedPages };
}

/** What stands in a document for a page that could not be converted (the page queue assembles the same). */
export function failedPageResult(page: number): PageResult {
  return { page, markdown: `<!-- page ${page} could not be converted -->`, regions: [], figures: [], stats: emptyPageStats() };
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

/** Draws the page again and writes each of its figures' crops as PNG; the page's links get the name prefix. */
export async function writeFigures(source: PageSource, r: PageResult, dirs: string[], prefix: string): Promise<void> {
  const image = await source.render(r.page);
  for (const f of r.figures) {
    const png = cropPng(image, f.bbox);
    for (const d of dirs) await writeAtomic(join(d, prefix + f.name), png);
  }
  if (prefix) r.markdown = r.markdown.replace(/\]\((figure-p\d+-\d+\.png)\)/g, `](${prefix}$1)`);
}
