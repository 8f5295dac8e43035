// Spawns the real CLI on fixture files (--own-text-only: the PDF's own text through the same layout
// and assembly; the default mode runs the shipped pack, with and without a PDF's own text).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test/support/pdf-maker';
import { makeScanPdf } from '../test/support/scan-maker';

const root = join(import.meta.dirname, '..');
const fx = (name: string) => join(root, 'e2e/fixtures', name);
const bitcoin = join(root, 'test/eval-set/fixtures/bitcoin.pdf');
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function pagemark(...args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'cli/pagemark.mjs'), ...args], { cwd: root, encoding: 'utf8', timeout: 170_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('pagemark CLI', () => {
  it('converts good files, reports each bad one with its reason, and exits 1', () => {
    const r = pagemark('--own-text-only', fx('empty.pdf'), bitcoin, fx('corrupt.pdf'), fx('notes.pdf'), join(tmp, 'missing.pdf'), fx('truncated.pdf'), fx('password.pdf'), fx('broken.png'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/“truncated\.pdf”: this PDF is damaged or incomplete/);
    expect(r.stderr).toContain('“password.pdf”: this PDF is protected by a password.');
    // A cut-off PNG: the app cannot decode it, and neither does the CLI pretend to.
    expect(r.stderr).toContain('“broken.png”: this image is damaged or incomplete and cannot be decoded.');
    expect(r.stderr.trim().split('\n')).toHaveLength(7);
    expect(r.stderr).toContain('“empty.pdf” is empty (0 bytes).');
    expect(r.stderr).toMatch(/“corrupt\.pdf”: this PDF is damaged/);
    expect(r.stderr).toMatch(/“notes\.pdf” is not a PDF, PNG, JPEG or WebP file/);
    expect(r.stderr).toMatch(/missing\.pdf” does not exist/);
    // The good file still came out, with its title as a heading.
    expect(r.stdout).toMatch(/^#{1,3} .*Peer-to-Peer/m);
  });

  it('writes one file per page and joins pages with page markers', () => {
    const pages = join(tmp, 'pages');
    const out = join(tmp, 'multi.md');
    const r = pagemark('--own-text-only', fx('multipage.pdf'), '--pages-dir', pages, '-o', out);
    expect(r.code).toBe(0);
    expect(readdirSync(pages).filter((f) => f.endsWith('.md')).sort()).toEqual(['multipage_pg1.md', 'multipage_pg2.md', 'multipage_pg3.md']);
    const md = readFileSync(out, 'utf8');
    // The app's Document .md format: every page opens with its marker, so the file splits again.
    const parts = md.split(/^<!-- page (\d+) -->\n\n/m);
    expect(parts[0]).toBe('');
    expect(parts.filter((_, i) => i % 2 === 1)).toEqual(['1', '2', '3']);
    for (let n = 1; n <= 3; n++) expect(parts[2 * n].trim()).toBe(readFileSync(join(pages, `multipage_pg${n}.md`), 'utf8').trim());
  });

  it('emits page results as JSON with regions', () => {
    const r = pagemark('--own-text-only', '--json', fx('text-page.pdf'));
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.file).toBe('text-page.pdf');
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0].regions.length).toBeGreaterThan(3);
    expect(doc.pages[0].regions[0]).toHaveProperty('bbox');
  });

  it('with the shipped pack, takes a born-digital page’s text from the PDF where it matches, unless told --no-own-text', () => {
    const r = pagemark('--json', fx('text-page.pdf'));
    expect(r.code).toBe(0);
    const [page] = JSON.parse(r.stdout).pages;
    expect(page.stats.ownText).toMatchObject({ used: true, recognized: 0 });
    expect(page.stats.ownText.lines).toBeGreaterThan(20);
    const opening = 'Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy eirmod tempor invidunt ut labore';
    expect(page.markdown.startsWith(opening)).toBe(true);

    const pixels = pagemark('--no-own-text', '--json', fx('text-page.pdf'));
    expect(pixels.code).toBe(0);
    const [recognized] = JSON.parse(pixels.stdout).pages;
    expect(recognized.stats.ownText).toBeUndefined();
    // Every line decoded: far more tokens than the three lines that check the PDF's text.
    expect(recognized.stats.tokens).toBeGreaterThan(5 * page.stats.tokens);
    expect(recognized.markdown).toMatch(/^Lorem ipsum dolor sit amet/);
  }, 400_000);

  it('reads a scan from its pixels even when another program laid its OCR text over it', async () => {
    // A picture of a text line with the same words over it in PDF's invisible text mode, as scanning
    // programs write them: apart from the render mode, the layer is a perfect one.
    const words = 'Quarterly report of the harbour board';
    writeFileSync(join(tmp, 'ocr-layer.pdf'), await makeScanPdf(words, 3));
    writeFileSync(join(tmp, 'drawn-over.pdf'), await makeScanPdf(words, 0));

    const r = pagemark('--json', join(tmp, 'ocr-layer.pdf'), join(tmp, 'drawn-over.pdf'));
    expect(r.code).toBe(0);
    const [ocrLayer, drawnOver] = JSON.parse(r.stdout).map((d: { pages: { markdown: string; stats: { ownText?: unknown } }[] }) => d.pages[0]!);
    // The invisible layer is not offered at all; the words are recognized from the picture.
    expect(ocrLayer.stats.ownText).toBeUndefined();
    expect(ocrLayer.markdown).toMatch(/report of the harbour/);
    // The same text drawn visibly is the page's own, and is used.
    expect(drawnOver.stats.ownText).toMatchObject({ used: true });
    expect(drawnOver.markdown.trim()).toBe(words);
  }, 300_000);

  it('drops the page-number footer with --drop-headers', () => {
    const keep = pagemark('--own-text-only', bitcoin);
    const drop = pagemark('--own-text-only', '--drop-headers', bitcoin);
    expect(keep.stdout.trimEnd().split('\n').pop()).toBe('1');
    expect(drop.stdout.trimEnd().split('\n').pop()).not.toBe('1');
  });

  it('re-joins a word broken at a line end, and keeps it as printed with --keep-hyphens', () => {
    const content = [
      'BT /F1 12 Tf 72 760 Td (The harbour board deter-) Tj',
      '0 -15 Td (mined the fees for the coming) Tj',
      '0 -15 Td (year, the third-highest in its his-) Tj',
      '0 -15 Td (tory.) Tj ET',
    ].join('\n');
    const file = join(tmp, 'hyphens.pdf');
    writeFileSync(file, makePdf([{ width: 595, height: 842, content }]));
    const joined = pagemark('--own-text-only', file);
    const printed = pagemark('--own-text-only', '--keep-hyphens', file);
    expect([joined.code, printed.code]).toEqual([0, 0]);
    expect(joined.stdout).toContain('The harbour board determined the fees for the coming year, the third-highest in its history.');
    expect(printed.stdout).toContain('The harbour board deter- mined the fees for the coming year, the third-highest in its his- tory.');
  });

  it('writes figure crops next to the Markdown that links them', () => {
    const out = join(tmp, 'figs', 'report.md');
    const r = pagemark('--own-text-only', join(root, 'test/eval-set/generated/report-a.pdf'), '-o', out);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('![Figure](figure-p1-1.png)');
    const png = readFileSync(join(tmp, 'figs', 'figure-p1-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Width and height from the IHDR chunk: a real crop, not a sliver.
    expect(png.readUInt32BE(16)).toBeGreaterThan(300);
    expect(png.readUInt32BE(20)).toBeGreaterThan(150);
  });

  it('decodes images (an image has no own text: empty Markdown, no error)', () => {
    const r = pagemark('--own-text-only', fx('page-image.png'));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('rejects bad arguments with exit 2 and a missing pack with exit 3', () => {
    expect(pagemark('--k', '7', fx('text-page.pdf')).code).toBe(2);
    expect(pagemark().code).toBe(2);
    const r = pagemark('--pack', join(tmp, 'no-pack'), fx('text-page.pdf'));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no-pack/);
  });
  it('reports a page that cannot be converted, writes the other pages, and exits 1', () => {
    const good = makePdf([
      { width: 300, height: 200, text: 'First page', fontSize: 20 },
      { width: 300, height: 200, text: 'Second page', fontSize: 20 },
    ]).toString('latin1');
    // Page 2 of /Kids points at an object that does not exist.
    const bad = good.replace(/\/Kids \[(\d+) 0 R \d+ 0 R\]/, '/Kids [$1 0 R 99 0 R]');
    expect(bad).not.toBe(good);
    const file = join(tmp, 'bad-page.pdf');
    writeFileSync(file, Buffer.from(bad, 'latin1'));
    const r = pagemark('--own-text-only', file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^pagemark: “bad-page\.pdf” page 2 could not be converted: /);
    expect(r.stdout).toBe('<!-- page 1 -->\n\nFirst page\n\n<!-- page 2 -->\n\n<!-- page 2 could not be converted -->\n');
  });

  it('-o with several files writes one file each into the folder; --json on stdout is one array', () => {
    const note = join(tmp, 'note.pdf');
    writeFileSync(note, makePdf([{ width: 300, height: 200, text: 'A short note', fontSize: 20 }]));
    const dir = join(tmp, 'several');
    expect(pagemark('--own-text-only', note, fx('multipage.pdf'), '-o', dir).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['multipage.md', 'note.md']);
    expect(readFileSync(join(dir, 'multipage.md'), 'utf8')).toMatch(/^<!-- page 1 -->\n\n[^]*<!-- page 3 -->/);
    expect(readFileSync(join(dir, 'note.md'), 'utf8')).toBe('<!-- page 1 -->\n\nA short note\n');

    const jsonDir = join(tmp, 'several-json');
    expect(pagemark('--own-text-only', '--json', note, fx('multipage.pdf'), '-o', jsonDir).code).toBe(0);
    expect(readdirSync(jsonDir).sort()).toEqual(['multipage.json', 'note.json']);
    expect(JSON.parse(readFileSync(join(jsonDir, 'multipage.json'), 'utf8')).pages).toHaveLength(3);

    const r = pagemark('--own-text-only', '--json', note, fx('multipage.pdf'));
    const docs = JSON.parse(r.stdout);
    expect(docs.map((d: { file: string; pages: unknown[] }) => [d.file, d.pages.length])).toEqual([['note.pdf', 1], ['multipage.pdf', 3]]);
  });

  it('draws a progress bar on a terminal only', () => {
    const piped = pagemark('--own-text-only', fx('multipage.pdf'), '-o', join(tmp, 'piped.md'));
    expect(piped.stderr).toBe('');
    // `script` runs the CLI on a pseudo-terminal (util-linux), as a person at a terminal would.
    const q = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
    const command = [process.execPath, join(root, 'cli/pagemark.mjs'), '--own-text-only', fx('multipage.pdf'), '-o', join(tmp, 'tty.md')].map(q).join(' ');
    const tty = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: root, encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
    expect(tty.status).toBe(0);
    expect(tty.stdout).toContain('[------------------------] multipage.pdf 0/3');
    expect(tty.stdout).toContain('[########################] multipage.pdf 3/3');
    // The bar is cleared when the run ends, leaving the terminal clean.
    expect(tty.stdout.endsWith('\r\x1b[K')).toBe(true);
    expect(readFileSync(join(tmp, 'tty.md'), 'utf8')).toBe(readFileSync(join(tmp, 'piped.md'), 'utf8'));
  });

  it('prints usage for -h (exit 0) and rejects unknown options (exit 2)', () => {
    const help = pagemark('-h');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pagemark /);
    const bad = pagemark('--frobnicate', fx('text-page.pdf'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^pagemark: .*frobnicate[^]*Usage: pagemark /);
  });
});
