// Pieces of a vertical rule: on a scanned page set in columns, the detector boxes a stretch of the column rule
// beside a short line, and the recognizer reads it as "1", "1." or "|" (long_tiny_text 13_pg531: "1" three
// times down the gutter). A box no wider than a character or two, which a vertical rule crosses and runs on
// from, above it and below it, for a line height or more, holds the rule and no text.
import type { BBox } from '../../protocol/page';
import type { Rule } from './rulings';

/** The ids of `ids` whose boxes are pieces of one of the `vertical` rules; `body` is the body line height. */
export function rulePieces(vertical: readonly Rule[], boxes: readonly BBox[], ids: readonly number[], body: number): Set<number> {
  const pieces = new Set<number>();
  for (const i of ids) {
    const [x0, y0, x1, y1] = boxes[i]!;
    if (x1 - x0 > 1.5 * body) continue;
    if (vertical.some((r) => r.at > x0 && r.at < x1 && r.from <= y0 - body && r.to >= y1 + body)) pieces.add(i);
  }
  return pieces;
}
