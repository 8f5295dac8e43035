// `pagemark` main: each input file → pages → engine → Markdown (stdout, -o, --pages-dir, --json).
// A bad file or page is reported and skipped; the other files and pages go on.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinPages } from '../src/core/assemble/assemble-markdown';
import type { PageResult } from '../src/protocol/page';
import { parseCli, USAGE, UsageError, type CliOptions } from './args';
import { createEngine, EngineError, type PageEngine } from './engine';
import { InputError, openSource } from './page-source';
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
  if (opts.out && outIsDir) await mkdir(opts.out, { recursive: true });
  if (opts.pagesDir) await mkdir(opts.pagesDir, { recursive: true });

  let engine: PageEngine;
  try {
    engine = await createEngine({ mode: opts.textLayer ? 'text-layer' : 'ocr', pack: opts.pack, k: opts.k, dropHeaders: opts.dropHeaders });
  } catch (e) {
    process.stderr.write(`pagemark: ${e instanceof EngineError ? e.message : (e as Error).stack}\n`);
    return EXIT.engine;
  }

  const progress = new Progress(process.stderr);
  const stdoutParts: string[] = [];
  let failed = 0;
  try {
    for (const file of opts.files) {
      const results = await convertFile(file, engine, opts, progress);
      if (!results) {
        failed++;
        continue;
      }
      const stem = basename(file, extname(file));
      const text = opts.json ? JSON.stringify({ file: basename(file), pages: results }, null, 2) + '\n' : joinPages(results.map((r) => r.markdown)) + '\n';
      if (opts.pagesDir) {
        for (const r of results) await writeFile(join(opts.pagesDir, `${stem}_pg${r.page}.md`), r.markdown + '\n');
      }
      if (opts.out) await writeFile(outIsDir ? join(opts.out, `${stem}.${opts.json ? 'json' : 'md'}`) : opts.out, text);
      else stdoutParts.push(opts.files.length > 1 && !opts.json ? `<!-- file: ${basename(file)} -->\n\n${text}` : text);
    }
  } finally {
    progress.done();
    await engine.close();
  }
  if (stdoutParts.length) process.stdout.write(stdoutParts.join('\n'));
  return failed ? EXIT.someFailed : EXIT.ok;
}

async function convertFile(file: string, engine: PageEngine, opts: CliOptions, progress: Progress): Promise<PageResult[] | undefined> {
  let source;
  try {
    source = await openSource(file);
  } catch (e) {
    progress.clear();
    process.stderr.write(`pagemark: ${e instanceof InputError ? e.message : `“${file}”: ${(e as Error).message}`}\n`);
    return undefined;
  }
  const results: PageResult[] = [];
  try {
    for (let p = 1; p <= source.pageCount; p++) {
      progress.update(source.name, p - 1, source.pageCount);
      try {
        results.push(await engine.ocrPage(source, p));
      } catch (e) {
        progress.clear();
        process.stderr.write(`pagemark: “${source.name}” page ${p} could not be converted: ${(e as Error).message}\n`);
        results.push({ page: p, markdown: `<!-- page ${p} could not be converted -->`, regions: [], figures: [], stats: emptyPageStats() });
      }
      progress.update(source.name, p, source.pageCount);
    }
  } finally {
    await source.close();
  }
  void opts;
  return results;
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
