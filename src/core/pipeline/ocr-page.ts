// One page through a "lines" pack: detect (turned upright: upright-page.ts) → crop + encode + decode each line →
// layout → formulas → Markdown.
import { assembleMarkdown } from '../assemble/assemble-markdown';
import { emptyStats, mergeStats } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import { applyFormulaTexts, formulaCrops } from '../formula/formula-crops';
import { claimedFormulas, unsureFormulasAsText } from '../formula/formula-confidence';
import { glyphFormulaBlocks } from '../glyph-math/formula-blocks';
import { linePreprocess, lineWidths } from '../image/line-input';
import { clampToPage } from '../image/line-pieces';
import { loneBullets } from '../layout/bullets';
import { layoutPage } from '../layout/layout-page';
import type { TextLine } from '../layout/types';
import type { BBox, PageImage, PagePartial, PageResult, PageStats, Region } from '../../protocol/page';
import type { OcrPageOptions, PageStage } from './page-options';
import { pageStats } from './page-stats';
import type { PageEngine } from './page-engine';
import { lineWindows, partialPage, readingOrderOfLines } from './partial-page';
import { readBoxes } from './read-boxes';
import { isLevel, visibleLines } from '../text-layer/pdf-text';
import { detectAroundLayer } from './layer-detect';
import { readWithTextLayer, type LayerLines } from './text-layer-page';
import { layerLines } from '../searchable-pdf/layer-lines';
import { uprightPage, type UprightResult } from './upright-page';
import { markLineEquations, mendWords } from './mend-words';
import { splitAtGutters } from './gutter-lines';
import { demoteUnsureHeadings } from './unsure-headings';
import { dropUnsureSpecks, lineHeight } from './unsure-specks';
import { markUnsureText } from './unsure-text';
import { markedShare, UNREAD_MARKS } from '../image/unread-marks';

export { DEFAULT_BATCH, type OcrPageOptions, type PageStage } from './page-options';

/**
 * The detector's input long side for a page offered its own text (pocket's own is 1280): 0.77× the pixels.
 * There the detector's lines only give the layout its lines and find text the PDF lacks, and layer lines it
 * misses are added anyway (text-layer-page.ts). The coarsest side that left `npm run eval:generated` unchanged: at
 * 960 a two-column title came apart into two boxes and lost its heading (98.5 % → 97.5 %).
 */
export const LAYER_DETECT_SIDE = 1120;

export async function ocrPage(engine: PageEngine, original: PageImage, page: number, opts: OcrPageOptions): Promise<PageResult> {
  const t0 = performance.now();
  opts.signal?.throwIfAborted();
  opts.onProgress?.('detect', 0, 1);
  // A page fed in sideways, upside down or askew is turned upright (upright-page.ts): everything after
  // reads the upright page, and the boxes the result reports are mapped back onto the page as given.
  // A page offered its own text is not turned or deskewed when that text runs level, and the detector looks
  // only where the text lacks the page's ink (layer-detect.ts), or, where most ink is not the text's, over the
  // page at LAYER_DETECT_SIDE; if its text is refused, the page is made upright and detected at the pack's size.
  const offered = opts.ownText?.length ? opts.ownText : undefined;
  const level = offered !== undefined && isLevel(offered);
  // The layer's lines that put ink on the page (hidden or white text is not the page's).
  const visible = offered && visibleLines(offered, original);
  const around = level && visible ? await detectAroundLayer(engine, original, visible, LAYER_DETECT_SIDE) : undefined;
  let upright: UprightResult = around
    ? { image: original, clean: original, detected: around.detected, toPage: (b) => b, turns: 0, skew: 0 }
    : await uprightPage(engine, original, opts.signal, offered && LAYER_DETECT_SIDE, level);
  let detectMs = performance.now() - t0;
  opts.onProgress?.('detect', 1, 1);

  const splitWidth = opts.splitWidth ?? engine.text.spec.preprocess.splitWidth ?? 0;
  // A PDF's own text, when offered and it matches the page, replaces recognizing the lines it covers. Its
  // boxes are on the page as given, so a page that had to be turned upright is recognized instead.
  let layer: LayerLines | undefined;
  let ownText: PageStats['ownText'];
  if (offered && visible) {
    const r =
      upright.turns === 0 && upright.skew === 0
        ? await readWithTextLayer(engine, upright.image, upright.detected, visible, opts, splitWidth)
        : { rejected: 'the page had to be turned upright' };
    if ('rejected' in r) {
      ownText = { used: false, reason: r.rejected };
      const t = performance.now();
      upright = await uprightPage(engine, original, opts.signal);
      detectMs += performance.now() - t;
    } else {
      layer = r;
      ownText = { used: true, lines: r.fromLayer, recognized: r.recognized, ...(r.doubtful > 0 && { doubtful: r.doubtful }), numbersChecked: r.numbersChecked, numberConflicts: r.numberConflicts, detectedArea: around?.area ?? 1 };
    }
  }
  const { image, clean, detected, toPage } = upright;
  // Recognized lines the detector ran across a column gutter are cut back into two (gutter-lines.ts).
  const lines: TextLine[] = layer?.lines ?? splitAtGutters(detected, image, engine.detectorSpec.unclipRatio).map((l) => ({ bbox: l.bbox, angle: l.angle }));
  const boxes = lines.map((l) => l.bbox);
  // The page pixels let the layout find ruled tables, figures and drawn bullets: rules and bullets on the
  // page itself (the detector's median copy erases one-pixel rules and greys small strokes), figures on the
  // median copy (speckles are not ink); the unclip ratio lets it measure text size on the un-grown box
  // cores; the angles let it deskew.
  const layoutOptions = { unclipRatio: engine.detectorSpec.unclipRatio, figureInk: clean };
  const layout = (texts: readonly (string | undefined)[]) => layoutPage(lines.map((l, i) => ({ ...l, text: texts[i] })), image, layoutOptions);
  const { onPartial } = opts;
  // Specks the recognizer doubts are left out of a recognized page (unsure-specks.ts).
  const read = layer
    ? { ...layer, layoutMs: 0 }
    : onPartial
      ? await readStreaming(engine, image, boxes, opts, splitWidth, layout, page, (p) =>
          onPartial({ ...p, regions: p.regions.map((r) => regionOnPage(r, toPage)) }),
        )
      : await readAll(engine, image, boxes, opts, splitWidth);
  const texts = [...read.texts];
  loneBullets(boxes, texts);
  let stats: DecodeStats = read.stats;
  let encoderMs = read.encoderMs;

  let t = performance.now();
  opts.onProgress?.('layout', 0, 1);
  let blocks = layout(texts);
  // On a recognized page, headings need lines the recognizer was sure of (unsure-headings.ts).
  if (!layer && 'confidence' in read) blocks = demoteUnsureHeadings(blocks, read.confidence);
  let layoutMs = read.layoutMs + performance.now() - t;

  // Display formulas the PDF sets in glyphs are written from them (glyph-math/); each other formula block is
  // read again, as one crop (its boxes' union), by the formula recognizer when the pack has one.
  const fromGlyphs = layer && offered ? glyphFormulaBlocks(blocks, boxes, texts, offered) : new Set();
  const crops = engine.formula ? formulaCrops(blocks.filter((b) => !fromGlyphs.has(b)), boxes, texts, image) : [];
  if (engine.formula && crops.length > 0) {
    const f = await readBoxes(
      engine.formula,
      image,
      crops.map((c) => c.box),
      opts,
      'formula',
    );
    // Only formulas the recognizer was sure of become LaTeX, and, on a page read from its own text, only those
    // that write the letters and digits the text has there; the others stay as the lines read them.
    const sure = claimedFormulas(f, crops, layer && texts);
    applyFormulaTexts(texts, crops.filter((_, i) => sure[i]), f.texts.filter((_, i) => sure[i]));
    blocks = unsureFormulasAsText(blocks, crops.filter((_, i) => !sure[i]));
    stats = mergeStats(stats, f.stats);
    encoderMs += f.encoderMs;
  }

  // Text the recognizer doubts is written as a guess (unsure-text.ts).
  if (!layer && 'confidence' in read) blocks = markUnsureText(blocks, texts, read.confidence);

  t = performance.now();
  // Words of a recognized page mended with the pack's word list; a page's own text is as the PDF writes it.
  if (!layer && engine.text.lexicon) mendWords(blocks, texts, engine.text.lexicon);
  if (!layer) markLineEquations(blocks, texts, engine.text.lexicon);
  opts.onProgress?.('assemble', 0, 1);
  const assembled = assembleMarkdown(blocks, texts, { page, dropHeaders: opts.dropHeaders, keepHyphens: opts.keepHyphens });
  // An empty recognized page says whether it was blank or held marks nothing was read from (unread-marks.ts).
  const marks = !layer && !assembled.markdown.trim() ? markedShare(clean) : 0;
  layoutMs += performance.now() - t;
  const total = performance.now() - t0;
  return {
    page,
    markdown: assembled.markdown,
    regions: assembled.regions.map((r) => regionOnPage(r, toPage)),
    figures: assembled.figures.map((f) => ({ ...f, bbox: toPage(f.bbox) })),
    stats: {
      ...pageStats(stats, engine.runtime.backend, { total, detect: detectMs, encoder: encoderMs, layout: layoutMs }),
      ...(ownText && { ownText }),
      ...(marks >= UNREAD_MARKS && { unreadMarks: Math.round(marks * 1000) / 1000 }),
    },
    // Line by line for a searchable PDF, on the page as given (a turned page's text runs turned on it).
    textLines: { width: original.width, height: original.height, lines: layerLines(blocks, boxes, texts, toPage, upright.turns) },
  };
}

/** A region's boxes mapped from the upright page the pipeline read onto the page as given. */
function regionOnPage(r: Region, toPage: (b: BBox) => BBox): Region {
  return { ...r, bbox: toPage(r.bbox), ...(r.parts && { parts: r.parts.map(toPage) }) };
}

/** A recognized page's lines read all at once, specks the recognizer doubts left out (also bench/layout/page-lines.mjs). */
export async function readAll(engine: PageEngine, image: PageImage, boxes: BBox[], opts: OcrPageOptions, splitWidth: number) {
  const read = await readBoxes(engine.text, image, boxes, opts, 'recognize', splitWidth);
  const texts = [...read.texts];
  dropUnsureSpecks(texts, boxes, read.confidence);
  return { ...read, texts, layoutMs: 0 };
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
  const bodyHeight = lineHeight(boxes);
  const texts: (string | undefined)[] = new Array(boxes.length).fill(undefined);
  const confidence: number[] = new Array(boxes.length).fill(1);
  let stats: DecodeStats | undefined;
  let encoderMs = 0;
  let done = 0;
  let shown = '';
  for (const [w, ids] of windows.entries()) {
    const progress = (stage: PageStage, d: number, total: number) =>
      opts.onProgress?.(stage, done + Math.round((d / Math.max(1, total)) * ids.length), boxes.length);
    const r = await readBoxes(engine.text, image, ids.map((i) => boxes[i]!), { ...opts, onProgress: progress }, 'recognize', splitWidth);
    const read = [...r.texts];
    dropUnsureSpecks(read, ids.map((i) => boxes[i]!), r.confidence, bodyHeight);
    ids.forEach((i, j) => {
      texts[i] = read[j]!;
      confidence[i] = r.confidence[j]!;
    });
    done += ids.length;
    stats = stats ? mergeStats(stats, r.stats) : r.stats;
    encoderMs += r.encoderMs;
    if (w === windows.length - 1) break;
    t = performance.now();
    const part = partialPage(layout(texts), texts, { page, dropHeaders: opts.dropHeaders, keepHyphens: opts.keepHyphens });
    layoutMs += performance.now() - t;
    if (part.markdown && part.markdown !== shown) {
      shown = part.markdown;
      onPartial({ page, markdown: part.markdown, regions: part.regions, linesRead: done, lines: boxes.length });
    }
  }
  return { texts: texts.map((x) => x ?? ''), confidence, stats: stats ?? emptyStats(0), encoderMs, layoutMs };
}
