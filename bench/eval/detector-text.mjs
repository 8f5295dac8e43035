// "detector + text layer": the pack's real text detector finds the line boxes on the rendered page and
// each box takes the PDF's own text that falls in it. Scores detection + layout + assembly without
// a recognizer, and measures detector recall against the text layer's lines.
import { detectLines } from '../../src/core/pipeline/detect-lines.ts';
import { layoutPage } from '../../src/core/layout/layout-page.ts';
import { assembleMarkdown } from '../../src/core/assemble/assemble-markdown.ts';
import { iou } from '../../src/core/layout/geometry.ts';
import { openNodeEngine } from '../../src/node/page-ocr.ts';
import { closePageEngine } from '../../src/core/pipeline/page-engine.ts';

/** Text-layer lines → the detector box holding most of each (by area); texts joined top-left first. */
export function assignText(boxes, textLines) {
  const parts = boxes.map(() => []);
  for (const t of textLines) {
    let best = -1;
    let bestArea = 0;
    boxes.forEach((b, i) => {
      const w = Math.min(b[2], t.bbox[2]) - Math.max(b[0], t.bbox[0]);
      const h = Math.min(b[3], t.bbox[3]) - Math.max(b[1], t.bbox[1]);
      if (w > 0 && h > 0 && w * h > bestArea) [best, bestArea] = [i, w * h];
    });
    if (best >= 0) parts[best].push(t);
  }
  return parts.map((ts) =>
    ts
      .sort((a, b) => (Math.abs(a.bbox[1] - b.bbox[1]) < 0.5 * (a.bbox[3] - a.bbox[1]) ? a.bbox[0] - b.bbox[0] : a.bbox[1] - b.bbox[1]))
      .map((t) => t.text)
      .join(' '),
  );
}

/** Share of reference lines matched (IoU > 0.5) by some detected box. */
export function lineRecall(detected, reference) {
  if (reference.length === 0) return 1;
  return reference.filter((r) => detected.some((d) => iou(d, r.bbox) > 0.5)).length / reference.length;
}

/**
 * plain = true lays out the boxes alone, as a pipeline that passes only the page size would
 * (no pixels for rules/figures/bullets, no unclip ratio, no slopes): the difference measures them.
 */
export async function detectorTextSystem(packDir, dropHeaders = true, plain = false) {
  const engine = await openNodeEngine(packDir);
  const recalls = [];
  return {
    recalls,
    async run(source, page) {
      const image = await source.render(page);
      const detected = await detectLines(engine, image);
      const boxes = detected.map((l) => l.bbox);
      const { lines } = await source.textLines(page);
      recalls.push(lineRecall(boxes, lines));
      const texts = assignText(boxes, lines);
      const blocks = plain
        ? layoutPage(boxes.map((bbox, i) => ({ bbox, text: texts[i] })), { width: image.width, height: image.height })
        : layoutPage(detected.map((l, i) => ({ bbox: l.bbox, angle: l.angle, text: texts[i] })), image, { unclipRatio: engine.detectorSpec.unclipRatio });
      return assembleMarkdown(blocks, texts, { page, dropHeaders }).markdown;
    },
    close: () => closePageEngine(engine),
  };
}
