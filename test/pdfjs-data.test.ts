// The data pdf.js needs beside its code (CMaps, standard fonts, the JPEG 2000 / JBIG2 decoders, ICC profiles) is
// found by the CLI's page source: a folder pdf.js cannot read makes it fall back silently, losing CJK text and
// decoding scans' JPEG 2000 layers five times slower.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSource, PDFJS_DATA } from '../cli/page-source';
import { makePdf } from './support/pdf-maker';

const tmp = mkdtempSync(join(tmpdir(), 'pagemark-pdfjs-data-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('pdf.js data in Node', () => {
  it('reads the text of a Japanese font the PDF does not embed, through the shipped CMaps', async () => {
    const file = join(tmp, 'japanese.pdf');
    // あいうえお as UCS-2 codes, the UniJIS-UCS2-H encoding.
    writeFileSync(file, makePdf([{ width: 400, height: 200, content: 'BT /F1 24 Tf 20 150 Td <3042304430463048304A> Tj ET' }], { japaneseFont: true }));
    const source = await openSource(file);
    try {
      const { lines } = await source.textLines(1);
      expect(lines.map((l) => l.text)).toEqual(['あいうえお']);
    } finally {
      await source.close();
    }
  });

  // pdf.js in Node reads each data file as fs.readFile(`${folder}${file}`) (node_utils_fetchData); the same call here.
  it.each([
    ['wasmUrl', 'openjpeg.wasm'],
    ['wasmUrl', 'jbig2.wasm'],
    ['standardFontDataUrl', 'FoxitSerif.pfb'],
    ['cMapUrl', 'UniJIS-UCS2-H.bcmap'],
    ['iccUrl', 'CGATS001Compat-v2-micro.icc'],
  ] as const)('%s holds %s where pdf.js reads it', async (option, file) => {
    const bytes = await readFile(`${PDFJS_DATA[option]}${file}`);
    expect(bytes.length).toBeGreaterThan(0);
  });
});
