// Reads line boxes of a page as the page pipeline does: wide lines in pieces (line-pieces.ts), one text per box.
import { lineInput, linePreprocess, lineWidths } from '../image/line-input';
import { clampToPage, readingPieces } from '../image/line-pieces';
import type { LineRecognizer } from '../recognize/recognize-lines';
import { recognizeLines } from '../recognize/recognize-lines';
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
  if (boxes.length === lineBoxes.length) return read;
  const parts: string[][] = lineBoxes.map(() => []);
  read.texts.forEach((t, i) => parts[owner[i]!]!.push(t.trim()));
  // A line is as sure, and as finished, as its least sure piece.
  const confidence = lineBoxes.map(() => 1);
  const ended = lineBoxes.map(() => true);
  owner.forEach((o, i) => {
    confidence[o] = Math.min(confidence[o]!, read.confidence[i]!);
    ended[o] = ended[o]! && read.ended[i]!;
  });
  return { ...read, texts: parts.map((p) => p.filter((t) => t.length > 0).join(' ')), confidence, ended };
}
