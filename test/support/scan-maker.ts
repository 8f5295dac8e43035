// Writes a scanned page the way scanning programs do: a picture of the page, with their OCR's text laid
// over it in PDF's invisible text mode (or, for comparison, in any other mode). The picture is one line of
// Helvetica as pdf.js renders it (the CLI's page source), so it reads like a clean scan.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSource } from '../../cli/page-source';
import { makePdf } from './pdf-maker';

const PAGE = { width: 400, height: 60 };
const FONT_SIZE = 20;

/** A one-line scan of `words`, with `words` again as its text layer in text render mode `renderMode` (3: invisible). */
export async function makeScanPdf(words: string, renderMode: number): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'pagemark-scan-'));
  try {
    const clean = join(dir, 'clean.pdf');
    writeFileSync(clean, makePdf([{ ...PAGE, text: words, fontSize: FONT_SIZE }]));
    const source = await openSource(clean, { longSide: 2 * PAGE.width, maxPixels: 1e6, maxDpi: 600 });
    const image = await source.render(1);
    await source.close();
    const gray = Buffer.alloc(image.width * image.height);
    for (let i = 0; i < gray.length; i++) gray[i] = image.pixels[i * 4]!;
    const picture = `q ${PAGE.width} 0 0 ${PAGE.height} 0 0 cm BI /W ${image.width} /H ${image.height} /CS /G /BPC 8 ID\n${gray.toString('latin1')}\nEI Q`;
    // Where makePdf puts a line of text, so the layer lies over the picture's words.
    const text = `BT ${renderMode} Tr /F1 ${FONT_SIZE} Tf ${FONT_SIZE} ${PAGE.height - 2 * FONT_SIZE} Td (${words.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
    return makePdf([{ ...PAGE, content: `${picture}\n${text}` }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
