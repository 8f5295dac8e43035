// The CLI in OCR mode (a model pack on onnxruntime-node): bad files, settings and outputs with the
// random-weight test pack (the reading does not matter there), headers and footers with the pocket pack.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pagemark } from '../test/support/run-cli';

const root = join(import.meta.dirname, '..');
const fx = (name: string) => join(root, 'e2e/fixtures', name);
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-cli-ocr-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));


/** A one-page PDF (standard Helvetica) with a running header, two body lines and a page number. */
function headedPage(): Buffer {
  const lines: Array<[number, number, number, string]> = [
    [9, 72, 760, 'Harbour Annual Report'],
    [14, 72, 640, 'The harbour opened in spring.'],
    [14, 72, 615, 'Ships arrived every week.'],
    [10, 280, 30, 'Page 7'],
  ];
  const content = lines.map(([size, x, y, t]) => `BT /F1 ${size} Tf ${x} ${y} Td (${t}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('pagemark CLI, OCR mode', () => {
  it('runs the pack with --k on the good file, reports the bad ones, writes <stem>_pg<N>.md, exits 1', async () => {
    const pages = join(tmp, 'pages');
    const r = await pagemark('--pack', join(root, 'models/test-tiny'), '--k', '2', '--json', '--pages-dir', pages, fx('broken.png'), fx('page-image.png'), join(tmp, 'missing.png'));
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      'pagemark: “broken.png”: this image is damaged or incomplete and cannot be decoded.',
      `pagemark: “${join(tmp, 'missing.png')}” does not exist.`,
    ]);
    const docs = JSON.parse(r.stdout);
    expect(docs.map((d: { file: string }) => d.file)).toEqual(['page-image.png']);
    const stats = docs[0].pages[0].stats;
    // The engine decoded: tokens came out, with two draft tokens proposed per step (K = 2).
    expect(stats.tokens).toBeGreaterThan(0);
    expect(stats.proposedPerStep).toHaveLength(2);
    expect(stats.proposedPerStep[0]).toBeGreaterThan(0);
    expect(readdirSync(pages)).toEqual(['page-image_pg1.md']);
  });

  it('--drop-headers leaves out the running header and the page number the pocket pack reads', async () => {
    const file = join(tmp, 'headed.pdf');
    writeFileSync(file, headedPage());
    const [keep, drop] = await Promise.all([pagemark('--no-own-text', '--json', file), pagemark('--no-own-text', '--json', '--drop-headers', file)]);
    expect([keep.code, drop.code]).toEqual([0, 0]);
    const kept = JSON.parse(keep.stdout).pages[0];
    const dropped = JSON.parse(drop.stdout).pages[0];
    expect(kept.regions.map((r: { type: string }) => r.type)).toEqual(['header', 'paragraph', 'footer']);
    expect(dropped.regions.map((r: { type: string }) => r.type)).toEqual(['paragraph']);
    const blocks = kept.markdown.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(dropped.markdown).toBe(blocks[1]);
  });
});
