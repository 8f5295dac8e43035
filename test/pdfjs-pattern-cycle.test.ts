// Our patch of pdf.js 5.6 (patches/pdfjs-dist+5.6.205.patch): a tiling pattern that paints with itself through
// a form XObject is drawn once, not expanded until memory runs out. Each worker build the project ships is
// tried in a child Node with a small heap: the legacy one the CLI uses, and the browser's (plain and minified).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { patternCyclePdf } from './support/hostile-pdfs';

const root = join(import.meta.dirname, '..');
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-cycle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SCRIPT = `
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readFileSync } from 'node:fs';
pdfjs.GlobalWorkerOptions.workerSrc = process.argv[2];
const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(process.argv[1])), verbosity: 0 }).promise;
const ops = await (await doc.getPage(1)).getOperatorList();
console.log(ops.fnArray.length);
`;

describe('pdf.js patch: self-referencing tiling pattern', () => {
  const pdf = join(tmp, 'cycle.pdf');
  writeFileSync(pdf, patternCyclePdf());
  for (const worker of ['legacy/build/pdf.worker.mjs', 'build/pdf.worker.mjs', 'build/pdf.worker.min.mjs']) {
    it(`${worker}: the operator list ends, small, within a 200 MB heap`, () => {
      const src = pathToFileURL(join(root, 'node_modules/pdfjs-dist', worker)).href;
      const r = spawnSync(process.execPath, ['--max-old-space-size=200', '--input-type=module', '-e', SCRIPT, pdf, src], { cwd: root, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stderr.slice(-500)).toBe(0);
      expect(Number(r.stdout.trim())).toBeLessThan(100);
    });
  }
});
