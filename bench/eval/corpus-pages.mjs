import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Born-digital pages of ../shared/corpus scored by CER against their text layer (and by "present"
// tests built from it). Small copies of the first two live in test/eval-set/fixtures so the eval runs
// from a fresh clone; the others are used when ../shared/corpus is there.
export const CORPUS_PAGES = [
  { file: 'test/eval-set/fixtures/bitcoin.pdf', page: 1, shared: 'issue13201.pdf', singleColumn: true },
  { file: 'e2e/fixtures/text-page.pdf', page: 1, shared: 'issue13242.pdf', singleColumn: true },
  { shared: 'bug1873345.pdf', page: 1 },
  { shared: 'issue11913.pdf', page: 1 },
  { shared: 'pdfjs_wikipedia.pdf', page: 1 },
  { shared: 'file_pdfjs_test.pdf', page: 1 },
  { shared: 'issue12963.pdf', page: 2 },
  { shared: 'bug1937438_af_from_latex.pdf', page: 1 },
];

/** Where a corpus page's PDF is: the fixture copy, else ../shared/corpus; undefined when neither exists. */
export function corpusPath(c, root) {
  const local = c.file && join(root, c.file);
  if (local && existsSync(local)) return local;
  const shared = join(root, '../shared/corpus/pdfs', c.shared);
  return existsSync(shared) ? shared : undefined;
}

/**
 * How a page's text is drawn, from its pdf.js operator list: 'invisible' when most glyphs are shown in
 * text render mode 3 or 7 (no fill, no stroke), which is how OCR software lays its text over a scanned
 * image. Such a text layer is another engine's reading, not ground truth, so the eval neither scores CER
 * against it nor builds tests from it. 'visible' otherwise, 'none' without text.
 */
export async function textDrawing(path, page) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { readFile } = await import('node:fs/promises');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile(path)), verbosity: 0 }).promise;
  try {
    const { fnArray, argsArray } = await (await doc.getPage(page)).getOperatorList();
    const { OPS } = pdfjs;
    const shows = new Set([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
    let mode = 0;
    const saved = [];
    let hidden = 0;
    let shown = 0;
    fnArray.forEach((fn, i) => {
      if (fn === OPS.save) saved.push(mode);
      else if (fn === OPS.restore) mode = saved.pop() ?? 0;
      else if (fn === OPS.setTextRenderingMode) mode = argsArray[i][0];
      else if (shows.has(fn)) {
        const glyphs = (argsArray[i].find(Array.isArray) ?? []).filter((g) => g && typeof g === 'object').length;
        if (mode === 3 || mode === 7) hidden += glyphs;
        else shown += glyphs;
      }
    });
    return hidden + shown === 0 ? 'none' : hidden > shown ? 'invisible' : 'visible';
  } finally {
    await doc.destroy();
  }
}

/** The corpus pages present here whose text layer is drawn visibly (born-digital), with the rest named. */
export async function bornDigitalPages(root) {
  const pages = [];
  const skipped = [];
  for (const c of CORPUS_PAGES) {
    const path = corpusPath(c, root);
    if (!path) continue;
    const drawing = await textDrawing(path, c.page);
    if (drawing === 'visible') pages.push({ ...c, path });
    else skipped.push(`${c.shared} p${c.page}: text layer ${drawing === 'none' ? 'empty' : 'invisible (an OCR layer over a scan)'}`);
  }
  return { pages, skipped };
}
