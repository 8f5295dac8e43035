// One page through a "lines" pack: detect (turned upright: upright-page.ts) → crop + encode + decode each line →
// layout → formulas → Markdown.
import { assembleMarkdown } from '../assemble/assemble-markdown';
import { emptyStats, mergeStats } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import { applyFormulaTexts, formulaCrops } from '../formula/formula-crops';
import { lineInput, linePreprocess, lineWidths } from '../image/line-input';
import { clampToPage, readingPieces } from '../image/line-pieces';
import { layoutPage } from '../layout/layout-page';
import type { LineRecognizer } from '../recognize/recognize-lines';
import { recognizeLines } from '../recognize/recognize-lines';
import type { BBox, PageImage, PagePartial, PageResult } from '../../protocol/page';
import type { TextLine } from '../layout/types';
import { pageStats } from './page-stats';
import type { PageEngine } from './page-engine';
import { lineWindows, partialPage, readingOrderOfLines } from './partial-page';
import { uprightPage } from './upright-page';

export type PageStage = 'detect' | 'recognize' | 'layout' | 'formula' | 'assemble';

export interface OcrPageOptions {
  /** FastMTP draft length, 0 = greedy. */
  k: number;
  /** Lines decoded together. */
  batchSize?: number;
  dropHeaders: boolean;
  /** Overrides the pack's recognizer splitWidth (0: never split lines). */
  splitWidth?: number;
  signal?: AbortSignal;
  onProgress?: (stage: PageStage, done: number, total: number) => void;
  /**
   * Streams the page while it is read: lines are then read in reading order, a window at a time, and after
   * each window but the last this gets the blocks read so far (partial-page.ts). The result is the same.
   */
  onPartial?: (partial: PagePartial) => void;
}

export const DEFAULT_BATCH = 8;

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
  return { ...read, texts: parts.map((p) => p.filter((t) => t.length > 0).join(' ')) };
}

export async function ocrPage(engine: PageEngine, original: PageImage, page: number, opts: OcrPageOptions): Promise<PageResult> {
  const t0 = performance.now();
  opts.signal?.throwIfAborted();
  opts.onProgress?.('detect', 0, 1);
  // A page fed in sideways, upside down or askew is turned upright (upright-page.ts): everything after
  // reads the upright page, and the boxes the result reports are mapped back onto the page as given.
  const { image, clean, detected, toPage } = await uprightPage(engine, original, opts.signal);
  const boxes = detected.map((l) => l.bbox);
  const detectMs = performance.now() - t0;
  opts.onProgress?.('detect', 1, 1);

  const splitWidth = opts.splitWidth ?? engine.text.spec.preprocess.splitWidth ?? 0;
  // The page pixels let the layout find ruled tables, figures and drawn bullets: rules and bullets on the
  // page itself (the detector's median copy erases one-pixel rules and greys small strokes), figures on the
  // median copy (speckles are not ink); the unclip ratio lets it measure text size on the un-grown box
  // cores; the angles let it deskew.
  const layout = (texts: readonly (string | undefined)[]) =>
    layoutPage(
      detected.map((l, i): TextLine => ({ bbox: l.bbox, angle: l.angle, text: texts[i] })),
      image,
      { unclipRatio: engine.detectorSpec.unclipRatio, figureInk: clean },
    );
  const { onPartial } = opts;
  const read = onPartial
    ? await readStreaming(engine, image, boxes, opts, splitWidth, layout, page, (p) =>
        onPartial({ ...p, regions: p.regions.map((r) => ({ ...r, bbox: toPage(r.bbox) })) }),
      )
    : { ...(await readBoxes(engine.text, image, boxes, opts, 'recognize', splitWidth)), layoutMs: 0 };
  const texts = [...read.texts];
  let stats: DecodeStats = read.stats;
  let encoderMs = read.encoderMs;

  let t = performance.now();
  opts.onProgress?.('layout', 0, 1);
  const blocks = layout(texts);
  let layoutMs = read.layoutMs + performance.now() - t;

  // Each formula block is read again, as one crop (its boxes' union), by the formula recognizer when the
  // pack has one.
  const crops = engine.formula ? formulaCrops(blocks, boxes, texts, image) : [];
  if (engine.formula && crops.length > 0) {
    const f = await readBoxes(
      engine.formula,
      image,
      crops.map((c) => c.box),
      opts,
      'formula',
    );
    applyFormulaTexts(texts, crops, f.texts);
    stats = mergeStats(stats, f.stats);
    encoderMs += f.encoderMs;
  }

  t = performance.now();
  opts.onProgress?.('assemble', 0, 1);
  const assembled = assembleMarkdown(blocks, texts, { page, dropHeaders: opts.dropHeaders });
  layoutMs += performance.now() - t;
  const total = performance.now() - t0;
  return {
    page,
    markdown: assembled.markdown,
    regions: assembled.regions.map((r) => ({ ...r, bbox: toPage(r.bbox) })),
    figures: assembled.figures.map((f) => ({ ...f, bbox: toPage(f.bbox) })),
    stats: pageStats(stats, engine.runtime.backend, { total, detect: detectMs, encoder: encoderMs, layout: layoutMs }),
  };
}


/**
 * Reads the page's lines in reading order (from a layout of the boxes alone), a window at a time, and hands
 * `onPartial` the blocks read so far after each window but the last.
 */
async function readStreaming(
  engine: PageEngine,
  image: PageImage,
  boxes: BBox[],
  opts: OcrPageOptions,
  splitWidth: number,
  layout: (texts: readonly (string | undefined)[]) => ReturnType<typeof layoutPage>,
  page: number,
  onPartial: (p: PagePartial) => void,
) {
  let t = performance.now();
  const order = readingOrderOfLines(layout([]), boxes.length);
  let layoutMs = performance.now() - t;
  const pre = linePreprocess(engine.text.spec.preprocess);
  const pieces = boxes.map((b) => (splitWidth > 0 ? Math.ceil(lineWidths(clampToPage(b, image), pre).contentWidth / splitWidth) : 1));
  const windows = lineWindows(order, pieces);
  const texts: (string | undefined)[] = new Array(boxes.length).fill(undefined);
  let stats: DecodeStats | undefined;
  let encoderMs = 0;
  let done = 0;
  let shown = '';
  for (const [w, ids] of windows.entries()) {
    const progress = (stage: PageStage, d: number, total: number) =>
      opts.onProgress?.(stage, done + Math.round((d / Math.max(1, total)) * ids.length), boxes.length);
    const r = await readBoxes(engine.text, image, ids.map((i) => boxes[i]!), { ...opts, onProgress: progress }, 'recognize', splitWidth);
    ids.forEach((i, j) => (texts[i] = r.texts[j]!));
    done += ids.length;
    stats = stats ? mergeStats(stats, r.stats) : r.stats;
    encoderMs += r.encoderMs;
    if (w === windows.length - 1) break;
    t = performance.now();
    const part = partialPage(layout(texts), texts, { page, dropHeaders: opts.dropHeaders });
    layoutMs += performance.now() - t;
    if (part.markdown && part.markdown !== shown) {
      shown = part.markdown;
      onPartial({ page, markdown: part.markdown, regions: part.regions, linesRead: done, lines: boxes.length });
    }
  }
  return { texts: texts.map((x) => x ?? ''), stats: stats ?? emptyStats(0), encoderMs, layoutMs };
}
