// Reads line boxes of a page as the page pipeline does: wide lines in pieces (line-pieces.ts), one text per box.
import { lineInput, linePreprocess, lineWidths } from '../image/line-input';
import { clampToPage, readingPieces } from '../image/line-pieces';
import type { LineRecognizer } from '../recognize/recognize-lines';
import { recognizeLines, TEXT_TOKENS_PER_STEP } from '../recognize/recognize-lines';
import { cutRunawayTail } from '../text/word-repeats';
import type { BBox, PageImage } from '../../protocol/page';
import { DEFAULT_BATCH, type OcrPageOptions, type PageStage } from './page-options';

/** Reads `lineBoxes` of `image` as the page pipeline does (wide lines in pieces): one text per box. */
export async function readBoxes(
  rec: LineRecognizer,
  image: PageImage,
  lineBoxes: BBox[],
  opts: OcrPageOptions,
  stage: PageStage,
  splitWidth = 0,
) {
  const pre = linePreprocess(rec.spec.preprocess);
  // Wide lines are read in pieces (line-pieces.ts); owner[i] is the line piece i belongs to.
  const { boxes, owner } = readingPieces(image, lineBoxes, splitWidth, pre.targetHeight);
  const read = await recognizeLines(
    rec,
    boxes.map((b) => lineWidths(clampToPage(b, image), pre).width),
    (i) => lineInput(image, boxes[i]!, pre),
    {
      k: opts.k,
      batchSize: opts.batchSize ?? DEFAULT_BATCH,
      signal: opts.signal,
      onProgress: (done, total) => opts.onProgress?.(stage, done, total),
    },
  );
  return { ...read, ...lineTexts(read, owner, lineBoxes.length, rec.spec.output === 'latex') };
}

/**
 * Pieces' readings → one per line: `owner[i]` is piece i's line. A piece read to its length bound, or to more
 * characters than its width holds (the bound's own rate, TEXT_TOKENS_PER_STEP), lost its place and ends in a run
 * of one character ("-7-------------------" for a two-page spread's page number "-7-"): the run is cut
 * (word-repeats.ts). LaTeX is left to the formula check, which keeps an unfinished formula as text
 * (formula-confidence.ts). A line is as sure, and as finished, as its least sure piece.
 */
export function lineTexts(
  read: { texts: readonly string[]; confidence: readonly number[]; ended: readonly boolean[]; steps: readonly number[] },
  owner: readonly number[],
  lines: number,
  latex: boolean,
): { texts: string[]; confidence: number[]; ended: boolean[]; steps: number[] } {
  const runaway = (t: string, i: number) => !read.ended[i] || t.length > TEXT_TOKENS_PER_STEP * read.steps[i]!;
  const texts = latex ? read.texts : read.texts.map((t, i) => (runaway(t, i) ? cutRunawayTail(t) : t));
  if (owner.length === lines && owner.every((o, i) => o === i)) return { texts: [...texts], confidence: [...read.confidence], ended: [...read.ended], steps: [...read.steps] };
  const parts: string[][] = Array.from({ length: lines }, () => []);
  texts.forEach((t, i) => parts[owner[i]!]!.push(t.trim()));
  const confidence = new Array<number>(lines).fill(1);
  const ended = new Array<boolean>(lines).fill(true);
  const steps = new Array<number>(lines).fill(0);
  owner.forEach((o, i) => {
    confidence[o] = Math.min(confidence[o]!, read.confidence[i]!);
    ended[o] = ended[o]! && read.ended[i]!;
    steps[o]! += read.steps[i]!;
  });
  return { texts: parts.map((p) => p.filter((t) => t.length > 0).join(' ')), confidence, ended, steps };
}
