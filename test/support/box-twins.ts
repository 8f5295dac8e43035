// How many boxes of one detection have a twin in another: one-to-one pairs at IoU ≥ minIou, best first.
import type { LineBox } from '../../src/core/detect/db-postprocess';
import { iou } from '../../src/core/layout/geometry';

export function boxTwins(x: LineBox[], y: LineBox[], minIou = 0.7): number {
  const pairs = x.flatMap((p, i) => y.map((q, j) => ({ i, j, v: iou(p.bbox, q.bbox) }))).filter((p) => p.v >= minIou);
  pairs.sort((p, q) => q.v - p.v);
  const [ui, uj] = [new Set<number>(), new Set<number>()];
  for (const p of pairs) {
    if (ui.has(p.i) || uj.has(p.j)) continue;
    ui.add(p.i);
    uj.add(p.j);
  }
  return ui.size;
}
