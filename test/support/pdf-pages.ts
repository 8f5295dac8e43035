// One page of a PDF as a PDF of its own (pdf-lib copies the page with its resources), in a temporary folder:
// tests that look at one page of a long real document convert only that page.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';

export async function extractPage(path: string, page: number): Promise<string> {
  const src = await PDFDocument.load(await readFile(path), { ignoreEncryption: true });
  const out = await PDFDocument.create();
  const [copied] = await out.copyPages(src, [page - 1]);
  out.addPage(copied!);
  const file = join(await mkdtemp(join(tmpdir(), 'pagemark-page-')), `${basename(path, '.pdf')}_pg${page}.pdf`);
  await writeFile(file, await out.save());
  return file;
}
