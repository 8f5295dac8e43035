// Hostile inputs through the real CLI (a child process, as cli/pagemark.test.ts runs it): every file ends in a
// correct page or a clear message within its limit, the file after it in the same run always converts, the exit
// status is the README's (1: some files or pages failed), and text the page does not show never comes out.
// Generated files first; then the reproductions in /work/shared/hostile/ where that folder exists.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './support/pdf-maker';
import { openSource } from '../cli/page-source';
import { claimPng, crashingWebp, emptyWebp } from './support/hostile-images';
import {
  bigImagePdf,
  blankPagesPdf,
  deepSavePdf,
  goodThenDeepPdf,
  hiddenTextPdf,
  INVISIBLE,
  nestingBombPdf,
  patternCyclePdf,
  redactionPdf,
  SECRET,
  substitutionPdf,
  WHITE,
} from './support/hostile-pdfs';

const root = join(import.meta.dirname, '..');
const CLI = join(root, 'cli/pagemark.mjs');
const ORIGINALS = '/work/shared/hostile';
/** Per-page limit the runs below use (the default is the app's 90 s). */
const LIMIT_S = 20;
/** What a page may take beyond its limit: ending and restarting the document process, under load. */
const SLACK_S = 30;

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Line = { file: string; page?: number; ok?: boolean; done?: boolean; error?: string; markdown?: string; seconds?: number; pages?: number; failed?: number };

function pagemark(args: string[], timeoutMs: number) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: root, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 2 ** 20 });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Linux: the processes whose parent is `pid`, and whether one still runs (a zombie has ended). */
const childrenOf = (pid: number): number[] =>
  readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((p) => {
    try {
      return Number(readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
const alive = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0] !== 'Z';
  } catch {
    return false;
  }
};
const readLines = (path: string): Line[] => (existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : []);

/** A good one-line PDF to follow each hostile file. */
function good(n: number): string {
  const path = join(tmp, `good-${n}.pdf`);
  writeFileSync(path, makePdf([{ width: 400, height: 120, text: `Good file number ${n}`, fontSize: 18 }]));
  return path;
}

/** A picture of `words` (one line of Helvetica as the CLI renders it), as 8-bit grey. */
async function pictureOf(words: string): Promise<{ gray: Uint8Array; width: number; height: number }> {
  const pdf = join(tmp, 'picture.pdf');
  writeFileSync(pdf, makePdf([{ width: 420, height: 20, content: `BT /F1 12 Tf 2 5 Td (${words}) Tj ET` }]));
  const source = await openSource(pdf, { longSide: 1400, maxPixels: 4e6, maxDpi: 600 });
  const image = await source.render(1);
  await source.close();
  const gray = new Uint8Array(image.width * image.height);
  for (let i = 0; i < gray.length; i++) gray[i] = image.pixels[4 * i]!;
  return { gray, width: image.width, height: image.height };
}

const SHOWN_IBAN = 'Pay to: Mallory Evil, IBAN DE00 1234 5678 9012 3456 78';
const LAID_OVER = 'Pay to: Mallory Evil, IBAN DE99 6666 7777 8888 9999 00';

/** Every hostile file of the generated run, each followed by a good file; checked per file from --jsonl. */
const hostile: Record<string, string> = {};

beforeAll(async () => {
  const put = (name: string, bytes: Uint8Array) => {
    const path = join(tmp, name);
    writeFileSync(path, bytes);
    hostile[name] = path;
  };
  put('nesting-bomb.pdf', nestingBombPdf());
  put('claim-30000.png', claimPng(30_000, 30_000));
  put('empty.webp', emptyWebp());
  put('crashing.webp', crashingWebp());
  put('deep-save.pdf', deepSavePdf(200_000));
  put('pattern-cycle.pdf', patternCyclePdf());
  put('blank-2000.pdf', blankPagesPdf(2000));
  // 14000² grey pixels: about 1 GB more once pdf.js has decoded it for drawing.
  put('memory-hog.pdf', bigImagePdf(14_000, (b) => deflateSync(b)));
  put('name --> <b>x <!-- y.pdf', makePdf([{ width: 400, height: 120, text: 'A file with a hostile name', fontSize: 18 }]));
  put('redaction.pdf', redactionPdf());
  put('hidden.pdf', hiddenTextPdf());
  put('substitution.pdf', substitutionPdf(await pictureOf(SHOWN_IBAN), [48, 556, 420, 16], LAID_OVER));
});

describe('hostile inputs through the CLI', () => {
  it('generated files: each ends in a page or a message within its limit, and the next file converts', () => {
    const names = Object.keys(hostile);
    const args = names.flatMap((name, i) => [hostile[name]!, good(i)]);
    const jsonl = join(tmp, 'generated.jsonl');
    const started = Date.now();
    const r = pagemark(['--own-text-only', '--page-timeout', String(LIMIT_S), '--page-memory', '1000', '--jsonl', jsonl, ...args], 600_000);
    expect(r.signal, r.stderr).toBeNull();
    expect(r.code).toBe(1);
    const lines = readLines(jsonl);
    const of = (file: string) => lines.filter((l) => l.file === file);
    const done = (file: string) => of(file).find((l) => l.done || l.ok === false && l.page === undefined);
    // Every file has an outcome; every good file after a hostile one converted.
    for (const [i, name] of names.entries()) {
      expect(done(name), name).toBeDefined();
      const g = of(`good-${i}.pdf`);
      expect(g.find((l) => l.page === 1)?.markdown, `the file after ${name}: ${JSON.stringify([...of(name), ...g]).slice(0, 600)}`).toBe(`Good file number ${i}`);
      // Each page within its limit (plus restarting the document process).
      for (const l of of(name)) if (l.page) expect(l.seconds!, `${name} p${l.page}`).toBeLessThan(LIMIT_S + SLACK_S);
    }
    const fileError = (name: string) => of(name).find((l) => l.ok === false && l.page === undefined)?.error;
    const pageError = (name: string) => of(name).find((l) => l.ok === false && l.page)?.error;
    expect(fileError('claim-30000.png')).toBe('“claim-30000.png”: this image is 30,000 × 30,000 pixels, too large to open (at most 100 million pixels and 32,767 pixels a side).');
    expect(fileError('empty.webp')).toBe('“empty.webp”: this image is damaged or incomplete and cannot be decoded.');
    // A decoder that dies natively ends its own process, not the CLI's.
    expect(fileError('crashing.webp')).toBe('“crashing.webp”: this image is damaged or incomplete and cannot be decoded (the decoder crashed: SIGSEGV).');
    expect(pageError('deep-save.pdf')).toBe(`Page 1 took longer than ${LIMIT_S} s to draw and was skipped.`);
    // Whichever limit it meets first on a busy machine (the memory limit alone: the next test).
    expect(pageError('memory-hog.pdf')).toMatch(new RegExp(`^Page 1 (needed more than 1000 MB of memory|took longer than ${LIMIT_S} s) to draw and was skipped\\.$`));
    const page1 = (name: string) => of(name).find((l) => l.page === 1 && l.ok)?.markdown;
    expect(page1('pattern-cycle.pdf')).toMatch(/^A page with a pattern that draws itself\./);
    expect(page1('nesting-bomb.pdf')).toMatch(/^The committee met/);
    expect(done('blank-2000.pdf')).toMatchObject({ done: true, pages: 2000, failed: 0 });
    // Text the page does not show is never written.
    const all = r.stdout;
    expect(page1('redaction.pdf')).toMatch(/The chair asked/);
    expect(all).not.toContain('123-45-6789');
    expect(all).not.toContain(SECRET.slice(0, 20));
    expect(all).not.toContain(INVISIBLE.slice(0, 12));
    expect(all).not.toContain(WHITE);
    expect(all).not.toMatch(/DE99|9999/);
    // A name cannot end the CLI's comment early: every comment line is one whole comment.
    const comments = all.split('\n').filter((l) => l.includes('<!--') || l.includes('-->'));
    for (const c of comments) expect(c).toMatch(/^<!-- (file:|page) [^]*? -->$/);
    expect(comments.filter((c) => c.includes('-->')).every((c) => c.indexOf('-->') === c.length - 3)).toBe(true);
    expect(all).toContain('A file with a hostile name');
    // The run as a whole stays bounded: the slow pages are the two that hit their limits.
    expect((Date.now() - started) / 1000).toBeLessThan(500);
  }, 620_000);

  it('a page that needs more memory than its limit fails with a message, and the next file converts', () => {
    const jsonl = join(tmp, 'memory.jsonl');
    const r = pagemark(['--own-text-only', '--page-timeout', '300', '--page-memory', '1000', '--jsonl', jsonl, hostile['memory-hog.pdf']!, good(50)], 400_000);
    expect(r.code).toBe(1);
    const lines = readLines(jsonl);
    expect(lines.find((l) => l.file === 'memory-hog.pdf' && l.page === 1)?.error).toBe('Page 1 needed more than 1000 MB of memory to draw and was skipped.');
    expect(lines.find((l) => l.file === 'good-50.pdf' && l.page === 1)?.markdown).toBe('Good file number 50');
  }, 420_000);

  it('with the model: covered, invisible and laid-over text never shows, and the picture is read instead', () => {
    const r = pagemark(['--json', '--page-timeout', '60', hostile['redaction.pdf']!, hostile['hidden.pdf']!, hostile['substitution.pdf']!, good(99)], 600_000);
    expect(r.signal, r.stderr).toBeNull();
    expect(r.code).toBe(0);
    const [redaction, hidden, substitution, after] = JSON.parse(r.stdout).map((d: { pages: { markdown: string }[] }) => d.pages[0]!.markdown);
    expect(redaction).toMatch(/The chair asked/);
    expect(redaction).not.toMatch(/123-45|Social security/);
    expect(hidden).not.toMatch(/Hidden words|ignore previous|White words/);
    // What the pixels say, or nothing: never the invisible text laid over the picture.
    expect(substitution).not.toMatch(/DE99|9999|6666/);
    expect(substitution).toMatch(/A second session/);
    expect(after).toBe('Good file number 99');
  }, 620_000);

  it('writes each page as it finishes: a run killed on a hanging page keeps the pages before it', async () => {
    const file = join(tmp, 'good-then-deep.pdf');
    writeFileSync(file, goodThenDeepPdf('First page is fine', 400_000));
    const pages = join(tmp, 'kept-pages');
    const jsonl = join(tmp, 'kept.jsonl');
    const child = spawn(process.execPath, [CLI, '--own-text-only', '--pages-dir', pages, '--jsonl', jsonl, file], { cwd: root, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && !readLines(jsonl).some((l) => l.page === 1)) await new Promise((r) => setTimeout(r, 200));
    // The document process busy with the hanging page: it must not outlive the run that started it.
    const documentProcesses = childrenOf(child.pid!);
    expect(documentProcesses.length).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;
    const gone = Date.now() + 10_000;
    while (Date.now() < gone && documentProcesses.some(alive)) await new Promise((r) => setTimeout(r, 200));
    expect(documentProcesses.filter(alive)).toEqual([]);
    expect(readLines(jsonl)).toEqual([expect.objectContaining({ file: 'good-then-deep.pdf', page: 1, pages: 2, ok: true, markdown: 'First page is fine' })]);
    expect(readdirSync(pages)).toEqual(['good-then-deep_pg1.md']);
    expect(readFileSync(join(pages, 'good-then-deep_pg1.md'), 'utf8')).toBe('First page is fine\n');
  }, 180_000);
});

describe.runIf(existsSync(ORIGINALS))('the reproductions in /work/shared/hostile', () => {
  const files = existsSync(ORIGINALS) ? readdirSync(ORIGINALS).filter((f) => /\.(pdf|png|webp|jpe?g)$/i.test(f)).sort() : [];

  it('each ends in a page or a message within its limit, the next file converts, and nothing hidden shows', () => {
    const jsonl = join(tmp, 'originals.jsonl');
    const out = join(tmp, 'originals');
    mkdirSync(out);
    const args = files.flatMap((f, i) => [join(ORIGINALS, f), good(100 + i)]);
    const r = pagemark(['--own-text-only', '--page-timeout', String(LIMIT_S), '--jsonl', jsonl, '-o', out, ...args], 600_000);
    expect(r.signal, r.stderr).toBeNull();
    expect(r.code).toBe(1);
    const lines = readLines(jsonl);
    for (const [i, f] of files.entries()) {
      expect(lines.some((l) => l.file === f && (l.done || l.ok === false)), f).toBe(true);
      const after = lines.filter((l) => l.file === f || l.file === `good-${100 + i}.pdf`);
      expect(lines.find((l) => l.file === `good-${100 + i}.pdf` && l.page === 1)?.markdown, `the file after ${f}: ${JSON.stringify(after).slice(0, 600)}`).toBe(`Good file number ${100 + i}`);
      for (const l of lines.filter((l) => l.file === f && l.page)) expect(l.seconds!, `${f} p${l.page}`).toBeLessThan(LIMIT_S + SLACK_S);
    }
    const md = (name: string) => readFileSync(join(out, name.replace(/\.pdf$/, '.md')), 'utf8');
    if (files.includes('redaction.pdf')) expect(md('redaction.pdf')).not.toMatch(/123-45-6789|Social security/);
    if (files.includes('substitution.pdf')) expect(md('substitution.pdf')).not.toMatch(/DE99/);
    if (files.includes('hidden.pdf')) expect(md('hidden.pdf')).not.toMatch(/Hidden words|White words/);
    if (files.includes('operator_list_cycle.pdf')) expect(lines.find((l) => l.file === 'operator_list_cycle.pdf' && l.done)).toMatchObject({ failed: 0 });
    for (const png of files.filter((f) => f.endsWith('.png'))) expect(lines.find((l) => l.file === png)?.error).toMatch(/too large to open|damaged/);
  }, 620_000);
});
