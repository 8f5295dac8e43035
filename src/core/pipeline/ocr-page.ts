// One page through a "lines" pack: detect (turned upright: upright-page.ts) → crop + encode + decode each line →
// layout → formulas → Markdown.
import { assembleMarkdown } from '../assemble/assemble-markdown';
import { mergeStats } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import { applyFormulaTexts, formulaCrops } from '../formula/formula-crops';
import { lineInput, linePreprocess, lineWidths } from '../image/line-input';
import { clampToPage, readingPieces } from '../image/line-pieces';
import { layoutPage } from '../layout/layout-page';
import type { LineRecognizer } from '../recognize/recognize-lines';
import { recognizeLines } from '../recognize/recognize-lines';
import type { BBox, PageImage, PageResult } from '../../protocol/page';
import { pageStats } from './page-stats';
import type { PageEngine } from './page-engine';
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
  const text = await readBoxes(engine.text, image, boxes, opts, 'recognize', splitWidth);
  const texts = [...text.texts];
  let stats: DecodeStats = text.stats;
  let encoderMs = text.encoderMs;

  let t = performance.now();
  opts.onProgress?.('layout', 0, 1);
  // The page pixels let the layout find ruled tables, figures and drawn bullets: rules and bullets on the
  // page itself (the detector's median copy erases one-pixel rules and greys small strokes), figures on the
  // median copy (speckles are not ink); the unclip ratio lets it measure text size on the un-grown box
  // cores; the angles let it deskew.
  const blocks = layoutPage(
    detected.map((l, i) => ({ bbox: l.bbox, angle: l.angle, text: texts[i] })),
    image,
    { unclipRatio: engine.detectorSpec.unclipRatio, figureInk: clean },
  );
  let layoutMs = performance.now() - t;

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

