// A contents line ("Preview of Programming ........ 276") is one line of text, but the detector finds its words and
// its page number and not the dots between them: two boxes far apart on one row. Filled apart from the layer,
// the titles made one column and their page numbers another, read after them. The boxes a layer line with a
// leader runs through are joined into one box, which the whole line then fills.
import type { LineBox } from '../detect/db-postprocess';
import { centerY, height, horizontalOverlap, union } from '../layout/geometry';
import { isLeaderLine } from '../layout/text-cues';
import type { TextLine } from '../layout/types';

/** The detector's boxes, those one leader line runs through joined into one (in the place of the first). */
export function joinLeaderBoxes(detected: readonly LineBox[], layer: readonly TextLine[]): LineBox[] {
  const joined = new Map<number, number[]>(); // first box → the boxes joined into it
  const taken = new Set<number>();
  for (const l of layer) {
    if (!isLeaderLine(l.text ?? '')) continue;
    // Boxes on the line's row: their middles within its height, none as tall as two of its lines.
    const on = detected.flatMap((d, i) => {
      const m = centerY(d.bbox);
      return m >= l.bbox[1] && m <= l.bbox[3] && height(d.bbox) < 2 * height(l.bbox) && horizontalOverlap(d.bbox, l.bbox) > 0 ? [i] : [];
    });
    if (on.length < 2 || on.some((i) => taken.has(i))) continue; // a box another line joined stays with that one
    on.forEach((i) => taken.add(i));
    joined.set(on[0]!, on);
  }
  return detected.flatMap((d, i) => {
    const parts = joined.get(i);
    // Level: the layer is read only on a level page, and a box that ends in dots has no slope worth the name.
    if (parts) return [{ bbox: union(parts.map((j) => detected[j]!.bbox)), score: Math.min(...parts.map((j) => detected[j]!.score)), angle: 0 }];
    return taken.has(i) ? [] : [d];
  });
}
