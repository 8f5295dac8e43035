// A PDF page read from its own text where that text is what the page shows: the detector's line boxes are
// filled with the text-layer lines they hold (so the layout sees the same lines as when it recognizes the
// page), and only boxes the layer does not explain (text inside images, glyphs without Unicode) are
// recognized. Display formulas come from the glyphs where the layer marks them (glyph-math/), else from the
// formula recognizer on the pixels (ocr-page.ts).
//
// Boxes the layer does not explain are read from the pixels; a reading the recognizer doubts is left out, as
// nothing of the PDF's text is there to confirm it: on real papers those boxes are a crest read as "the 14" (0.19
// to 0.49), a margin's sideways "Downloaded from …" read as "a", "3" (0.17–0.35), where text in pictures and
// glyphs without Unicode read at 0.87–0.95.
//
// The layer is used only when it passes two checks: its lines put ink on the page (hidden or white text is
// dropped line by line), and a few of them, recognized from the pixels, read the same (a font whose glyphs
// map to the wrong characters makes the whole layer unusable, and the page is recognized as usual).
import { emptyStats, mergeStats } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import type { LineBox } from '../detect/db-postprocess';
import { coreBox, width } from '../layout/geometry';
import type { TextLine } from '../layout/types';
import { numberConflicts, numberLines, type NumberConflict } from '../text-layer/number-check';
import { joinLeaderBoxes } from '../text-layer/leader-boxes';
import { checkLines, layerError, layerText, lostLetters, textStyle } from '../text-layer/pdf-text';
import { UNSURE_TEXT } from './unsure-text';
import type { BBox, PageImage } from '../../protocol/page';
import type { OcrPageOptions } from './page-options';
import type { PageEngine } from './page-engine';
import { readBoxes } from './read-boxes';

/** The most character error between the layer and the recognizer on the lines checked; above, the layer is not used. */
export const MAX_LAYER_ERROR = 0.25;

/** A detector box whose pieces are all shorter than this (characters) holds a table's cells, not lines of text. */
const MIN_SPLIT_CHARS = 20;

export interface LayerLines {
  /** The layout's lines: the detector's, then layer lines it missed (grown like its boxes). */
  lines: TextLine[];
  texts: string[];
  stats: DecodeStats;
  encoderMs: number;
  /** Lines whose text came from the layer. */
  fromLayer: number;
  recognized: number;
  /** Of those, readings the recognizer doubted (under UNSURE_TEXT), left out. */
  doubtful: number;
  /** Lines with numbers whose digits were compared with the pixels' reading, and those that read differently. */
  numbersChecked: number;
  numberConflicts: NumberConflict[];
}

export async function readWithTextLayer(
  engine: PageEngine,
  image: PageImage,
  found: readonly LineBox[],
  visible: readonly TextLine[],
  opts: OcrPageOptions,
  splitWidth: number,
): Promise<LayerLines | { rejected: string }> {
  if (visible.length === 0) return { rejected: 'it puts no text on the page' };
  const detected = joinLeaderBoxes(found, visible);
  const ratio = engine.detectorSpec.unclipRatio ?? 0;
  const boxes = detected.map((l) => l.bbox);
  const cores = ratio ? boxes.map((b) => coreBox(b, ratio)) : boxes;
  const { texts: filled, extra, spans, styles, pieces } = layerText(boxes, cores, visible, ratio);
  let stats: DecodeStats = emptyStats(0);
  let encoderMs = 0;
  const read = async (ids: number[]) => {
    const r = await readBoxes(engine.text, image, ids.map((i) => boxes[i]!), opts, 'recognize', splitWidth);
    stats = mergeStats(stats, r.stats);
    encoderMs += r.encoderMs;
    return r;
  };
  // A few boxes the layer fills are recognized as well: the layer must read like the page.
  const fromLayer = filled.flatMap((t, i) => (t === undefined ? [] : [i]));
  const check = checkLines(fromLayer.map((i) => ({ bbox: boxes[i]!, text: filled[i] }))).map((k) => fromLayer[k]!);
  const readings = new Map<number, string>();
  if (check.length > 0) {
    const checked = (await read(check)).texts;
    check.forEach((i, k) => readings.set(i, checked[k]!));
    const error = layerError(check.map((i) => filled[i]!), checked);
    if (error > MAX_LAYER_ERROR) {
      return { rejected: `its text does not match the page (${Math.round(error * 100)} % of characters differ on the ${check.length} lines checked)` };
    }
  }
  // The lines stating numbers are read from the pixels too (those not read above), and their digits compared.
  const numbered = numberLines(fromLayer.map((i) => filled[i])).map((k) => fromLayer[k]!);
  const unread = numbered.filter((i) => !readings.has(i));
  if (unread.length > 0) (await read(unread)).texts.forEach((t, k) => readings.set(unread[k]!, t));
  const conflicts = numberConflicts(numbered.map((i) => filled[i]!), numbered.map((i) => readings.get(i)!));
  const missing = filled.flatMap((t, i) => (t === undefined ? [i] : []));
  const texts = filled.map((t) => t ?? '');
  let doubtful = 0;
  if (missing.length > 0) {
    const r = await read(missing);
    r.texts.forEach((t, k) => {
      const sure = r.confidence[k]! >= UNSURE_TEXT;
      if (!sure && t.trim()) doubtful++;
      texts[missing[k]!] = sure ? t : '';
    });
  }
  // A font that lost a letter ("spee h", "whi h"): the page prints it (the lines read from the pixels hold it) and
  // the page's body text never does.
  const lost = lostLetters([...readings.values(), ...missing.map((i) => texts[i]!)], fromLayer.map((i) => ({ text: filled[i]!, ...styles[i] })));
  if (lost.length > 0) return { rejected: `its text never holds the letter${lost.length > 1 ? 's' : ''} "${lost.join('", "')}" the page prints` };
  const fitted = fitToLayer(boxes, cores, spans);
  const lines = layerLines(detected, cores, fitted, texts, styles, pieces);
  return {
    lines: [...lines.map(({ text: _, ...l }) => l), ...extra.map((l) => ({ bbox: l.bbox, ...textStyle(l) }))],
    texts: [...lines.map((l) => l.text ?? ''), ...extra.map((l) => l.text!)],
    stats,
    encoderMs,
    fromLayer: fromLayer.length + extra.length,
    recognized: missing.length,
    doubtful,
    numbersChecked: numbered.length,
    numberConflicts: conflicts,
  };
}

/**
 * A box filled from the layer spans the layer's text (`spans`, from layerText), grown as the detector grew it
 * (box less core), never past the detector's box: the detector's box can run past a line's end into a narrow
 * gutter, up to the next column's text, where the PDF says exactly where the line ends. Boxes not filled stay as
 * detected.
 */
export function fitToLayer(boxes: readonly BBox[], cores: readonly BBox[], spans: readonly ([number, number] | undefined)[]): BBox[] {
  return boxes.map((b, i) => {
    const s = spans[i];
    if (!s) return b;
    const d = (width(b) - width(cores[i]!)) / 2;
    return [Math.max(b[0], s[0] - d), b[1], Math.min(b[2], s[1] + d), b[3]];
  });
}

/**
 * A detector box that holds several layer lines side by side, cut into one line each, fitted as fitToLayer fits
 * a box: the layer keeps apart text more than a word space apart, so the detector merged two columns' lines across
 * a narrow gutter, or a table's cells.
 */
export function splitPieces(box: BBox, core: BBox, pieces: readonly TextLine[]): TextLine[] {
  const d = (width(box) - width(core)) / 2;
  return pieces.map((p) => ({
    bbox: [Math.max(box[0], p.bbox[0] - d), box[1], Math.min(box[2], p.bbox[2] + d), box[3]],
    text: p.text,
    ...textStyle(p),
  }));
}

/**
 * The layout's lines for the detector's boxes: each box fitted to its layer text, or, where it holds lines of
 * text side by side (one of them a line's length), cut into one line each (splitPieces); a table's short cells,
 * which the table finder reads from the detector's rows as they are, are left together.
 */
export function layerLines(
  detected: readonly { bbox: BBox; angle?: number }[],
  cores: readonly BBox[],
  fitted: readonly BBox[],
  texts: readonly string[],
  styles: readonly Pick<TextLine, 'size' | 'bold'>[],
  pieces: readonly (TextLine[] | undefined)[],
): TextLine[] {
  const prose = (ps: readonly TextLine[] | undefined) => ps !== undefined && ps.some((p) => (p.text ?? '').length >= MIN_SPLIT_CHARS);
  return detected.flatMap((l, i): TextLine[] =>
    prose(pieces[i])
      ? splitPieces(l.bbox, cores[i]!, pieces[i]!).map((p) => ({ ...p, angle: l.angle }))
      : [{ bbox: fitted[i]!, angle: l.angle, text: texts[i], ...styles[i] }],
  );
}
