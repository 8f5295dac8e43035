// A PDF page read from its own text where that text is what the page shows: the text layer's lines are taken
// as they are, and only what the layer does not cover (text inside images, glyphs without Unicode) is
// recognized. Formulas are still read by the formula recognizer from the pixels (ocr-page.ts), since a text
// layer spells them as loose symbols.
//
// The layer is used only when it passes two checks: its lines put ink on the page (hidden or white text is
// dropped line by line), and a few of them, recognized from the pixels, read the same (a font whose glyphs
// map to the wrong characters makes the whole layer unusable, and the page is recognized as usual).
import { emptyStats, mergeStats } from '../decoding/stats';
import type { DecodeStats } from '../decoding/types';
import type { LineBox } from '../detect/db-postprocess';
import { coreBox } from '../layout/geometry';
import type { TextLine } from '../layout/types';
import { checkLines, layerError, uncoveredBoxes, visibleLines } from '../text-layer/pdf-text';
import type { PageImage } from '../../protocol/page';
import type { OcrPageOptions } from './page-options';
import type { PageEngine } from './page-engine';
import { readBoxes } from './read-boxes';

/** The most character error between the layer and the recognizer on the lines checked; above, the layer is not used. */
export const MAX_LAYER_ERROR = 0.25;

export interface LayerLines {
  /** The layout's lines: the layer's visible lines, then the detector boxes it does not cover (un-grown). */
  lines: TextLine[];
  texts: string[];
  stats: DecodeStats;
  encoderMs: number;
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
  let stats: DecodeStats = emptyStats(0);
  let encoderMs = 0;
  const check = checkLines(visible);
  if (check.length > 0) {
    const r = await readBoxes(engine.text, image, check.map((i) => visible[i]!.bbox), opts, 'recognize', splitWidth);
    stats = r.stats;
    encoderMs += r.encoderMs;
    const error = layerError(check.map((i) => visible[i]!.text!), r.texts);
    if (error > MAX_LAYER_ERROR) {
      return { rejected: `its text does not match the page (${Math.round(error * 100)} % of characters differ on the ${check.length} lines checked)` };
    }
  }
  const texts = visible.map((l) => l.text!);
  const uncovered = uncoveredBoxes(detected.map((l) => l.bbox), visible);
  if (uncovered.length > 0) {
    const r = await readBoxes(engine.text, image, uncovered.map((i) => detected[i]!.bbox), opts, 'recognize', splitWidth);
    stats = mergeStats(stats, r.stats);
    encoderMs += r.encoderMs;
    texts.push(...r.texts);
  }
  // The layout measures text size on tight boxes (the layer's); the detector's grown boxes are shrunk back.
  const ratio = engine.detectorSpec.unclipRatio;
  const lines: TextLine[] = [
    ...visible,
    ...uncovered.map((i) => ({ bbox: ratio ? coreBox(detected[i]!.bbox, ratio) : detected[i]!.bbox, angle: detected[i]!.angle })),
  ];
  return { lines, texts, stats, encoderMs, fromLayer: visible.length, recognized: uncovered.length };
}
