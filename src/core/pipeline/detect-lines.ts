// Page image → text-line boxes: detector graph + DB post-processing.
import { linesFromProbabilityMap, type LineBox, type ProbabilityMap } from '../detect/db-postprocess';
import { detectorInput } from '../detect/detector-input';
import type { PageImage } from '../../protocol/page';
import type { PageEngine } from './page-engine';

/** `maxSide`: the detector's input long side, when not the pack's own (`preprocess.maxSide`). */
export async function detectLines(engine: PageEngine, image: PageImage, maxSide?: number): Promise<LineBox[]> {
  return (await detectLinesOnMap(engine, image, maxSide)).lines;
}

/** The detector's probability map of a page (its size: detectorSize of the page) and the lines DB finds on it. */
export async function detectLinesOnMap(engine: PageEngine, image: PageImage, maxSide?: number): Promise<{ lines: LineBox[]; map: ProbabilityMap }> {
  const { runtime, detector, detectorSpec: spec } = engine;
  const input = detectorInput(image, { maxSide: maxSide ?? spec.preprocess.maxSide, mean: spec.preprocess.mean, std: spec.preprocess.std });
  const x = runtime.float32(input.tensor, [1, 3, input.height, input.width]);
  const out = await detector.run({ x });
  runtime.dispose(x);
  const name = detector.outputNames[0]!;
  const prob = out[name];
  if (!prob) throw new Error(`detector graph has no "${name}" output`);
  const data = await runtime.read(prob);
  for (const t of Object.values(out)) runtime.dispose(t);
  if (data.length !== input.width * input.height) {
    throw new Error(`detector output is [${prob.dims}], expected [1,1,${input.height},${input.width}]`);
  }
  const map = { width: input.width, height: input.height, data };
  return { lines: linesOnMap(engine, map, image.width, image.height), map };
}

/** DB post-processing of a probability map of a `pageWidth` × `pageHeight` page, with the pack's thresholds. */
export function linesOnMap(engine: PageEngine, map: ProbabilityMap, pageWidth: number, pageHeight: number): LineBox[] {
  const spec = engine.detectorSpec;
  return linesFromProbabilityMap(map, {
    threshold: spec.threshold,
    boxThreshold: spec.boxThreshold,
    unclipRatio: spec.unclipRatio,
    scaleX: pageWidth / map.width,
    scaleY: pageHeight / map.height,
    pageWidth,
    pageHeight,
  });
}
