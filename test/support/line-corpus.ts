// Real text lines for engine tests: fixture PDF pages rendered in Node at the app's OCR resolution
// (the CLI's page source), lines found by the pack's detector, cropped by src/core/image.
import { fileURLToPath } from 'node:url';
import { openSource } from '../../cli/page-source';
import { lineInput, linePreprocess, type LineInput } from '../../src/core/image/line-input';
import { readingPieces } from '../../src/core/image/line-pieces';
import { detectLines } from '../../src/core/pipeline/detect-lines';
import type { PageEngine } from '../../src/core/pipeline/page-engine';
import type { BBox, PageImage } from '../../src/protocol/page';

export const FIXTURE_PAGES = ['issue11913.pdf', 'canvas.pdf', 'issue13242.pdf', 'bug1873345.pdf'].map((f) =>
  fileURLToPath(new URL(`../fixtures/pages/${f}`, import.meta.url)),
);

export interface CorpusLine {
  file: string;
  box: BBox;
  input: LineInput;
}

export async function renderFirstPage(path: string): Promise<PageImage> {
  const src = await openSource(path);
  try {
    return await src.render(1);
  } finally {
    await src.close();
  }
}

/** The first page of each of `files`, in order; a file whose page cannot be drawn is skipped with a warning. */
export async function* drawableFirstPages(files: readonly string[]): AsyncGenerator<{ file: string; image: PageImage }> {
  for (const file of files) {
    let image: PageImage;
    try {
      image = await renderFirstPage(file);
    } catch (e) {
      console.warn(`${file}: skipped (${(e as Error).message})`);
      continue;
    }
    yield { file, image };
  }
}

/**
 * Every detected line of `files`, whole; with `asRead`, cut into the pieces the page pipeline reads
 * (the pack's recognizer.preprocess.splitWidth), so a measurement sees what the app decodes.
 */
export async function corpusLines(engine: PageEngine, files = FIXTURE_PAGES, opts: { asRead?: boolean } = {}): Promise<CorpusLine[]> {
  const pre = linePreprocess(engine.text.spec.preprocess);
  const splitWidth = opts.asRead ? (engine.text.spec.preprocess.splitWidth ?? 0) : 0;
  const out: CorpusLine[] = [];
  for (const file of files) {
    const page = await renderFirstPage(file);
    const lines = (await detectLines(engine, page)).map((l) => l.bbox);
    for (const box of readingPieces(page, lines, splitWidth, pre.targetHeight).boxes) out.push({ file, box, input: lineInput(page, box, pre) });
  }
  return out;
}
