// A PDF page read from its own text where that text is what the page shows: the detector's line boxes are
// filled with the text-layer lines they hold (so the layout sees the same lines as when it recognizes the
// page), and only boxes the layer does not explain (text inside images, glyphs without Unicode) are
// recognized. Display formulas come from the glyphs where the layer marks them (glyph-math/), else from the
// formula recognizer on the pixels (ocr-page.ts).
//
// The layer is used only when it passes two checks: its lines put ink on the page (hidden or white text is
// dropped line by line), and a few of them, recognized from the pixels, read the same (a font whose glyphs
// map to the wrong characters makes the whole layer unusable, and the page is recognized as usual).
import { emptyStats, mergeStats } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import type { LineBox } from '../detect/db-postprocess';
import { coreBox } from '../layout/geometry';
import type { TextLine } from '../layout/types';
import { checkLines, layerError, layerText, visibleLines } from '../text-layer/pdf-text';
import type { PageImage } from '../../protocol/page';
import type { OcrPageOptions } from './page-options';
import type { PageEngine } from './page-engine';
import { readBoxes } from './read-boxes';

/** The most character error between the layer and the recognizer on the lines checked; above, the layer is not used. */
export const MAX_LAYER_ERROR = 0.25;

export interface LayerLines {
  /** The layout's lines: the detector's, then layer lines it missed (grown like its boxes). */
  lines: TextLine[];
  texts: string[];
  stats: DecodeStats;
  encoderMs: number;
  /** Lines whose text came from the layer. */
  fromLayer: number;
  recognized: number;
}

export async function readWithTextLayer(
  engine: PageEngine,
  image: PageImage,
  detected: readonly LineBox[],
  layer: readonly TextLine[],
  opts: OcrPageOptions,
  splitWidth: number,
): Promise<LayerLines | { rejected: string }> {
  const visible = visibleLines(layer, image);
  if (visible.length === 0) return { rejected: 'it puts no text on the page' };
  const ratio = engine.detectorSpec.unclipRatio ?? 0;
  const boxes = detected.map((l) => l.bbox);
  const { texts: filled, extra } = layerText(boxes, ratio ? boxes.map((b) => coreBox(b, ratio)) : boxes, visible, ratio);
  let stats: DecodeStats = emptyStats(0);
  let encoderMs = 0;
  const read = async (ids: number[]) => {
    const r = await readBoxes(engine.text, image, ids.map((i) => boxes[i]!), opts, 'recognize', splitWidth);
    stats = mergeStats(stats, r.stats);
    encoderMs += r.encoderMs;
    return r.texts;
  };
  // A few boxes the layer fills are recognized as well: the layer must read like the page.
  const fromLayer = filled.flatMap((t, i) => (t === undefined ? [] : [i]));
  const check = checkLines(fromLayer.map((i) => ({ bbox: boxes[i]!, text: filled[i] }))).map((k) => fromLayer[k]!);
  if (check.length > 0) {
    const error = layerError(check.map((i) => filled[i]!), await read(check));
    if (error > MAX_LAYER_ERROR) {
      return { rejected: `its text does not match the page (${Math.round(error * 100)} % of characters differ on the ${check.length} lines checked)` };
    }
  }
  const missing = filled.flatMap((t, i) => (t === undefined ? [i] : []));
  const texts = filled.map((t) => t ?? '');
  if (missing.length > 0) (await read(missing)).forEach((t, k) => (texts[missing[k]!] = t));
  return {
    lines: [...detected.map((l) => ({ bbox: l.bbox, angle: l.angle })), ...extra.map((l) => ({ bbox: l.bbox }))],
    texts: [...texts, ...extra.map((l) => l.text!)],
    stats,
    encoderMs,
    fromLayer: fromLayer.length + extra.length,
    recognized: missing.length,
  };
}
