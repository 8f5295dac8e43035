// Specks: boxes the detector finds in the gaps between words (a fleck of ink, the piece of a column rule
// beside a short line) that the recognizer reads as "17", "1." or "19" without being sure of it. On real
// dictionary pages (long_tiny_text 11_pg186: "QUICK-DEER. 17 Deer with young.") they split sentences apart.
// A box much smaller than the page's lines whose reading the recognizer doubts is left out; a doubtful
// reading of a line of ordinary size is kept (it is the page's text, read as well as it can be).
import type { BBox } from '../../protocol/page';

/** Below this confidence (geometric mean of token probabilities) a speck-sized box's reading is dropped. */
export const SPECK_CONFIDENCE = 0.4;
/** A speck is lower than this share of the page's median line height... */
const SPECK_HEIGHT = 0.75;
/** ...and narrower than this many median line heights (two or three characters). */
const SPECK_WIDTH = 3;

/** The median height of the page's line boxes: its body text's, on any page with a paragraph. */
export function lineHeight(boxes: readonly BBox[]): number {
  const h = boxes.map((b) => b[3] - b[1]).sort((a, b) => a - b);
  return h.length ? h[h.length >> 1]! : 0;
}

export function isUnsureSpeck(box: BBox, confidence: number, bodyHeight: number): boolean {
  const [w, h] = [box[2] - box[0], box[3] - box[1]];
  return confidence < SPECK_CONFIDENCE && h < SPECK_HEIGHT * bodyHeight && w < SPECK_WIDTH * bodyHeight;
}

/** `texts` with every unsure speck's reading emptied (in place), and how many were. */
export function dropUnsureSpecks(texts: string[], boxes: readonly BBox[], confidence: readonly number[], bodyHeight = lineHeight(boxes)): number {
  let dropped = 0;
  boxes.forEach((b, i) => {
    if (texts[i] && isUnsureSpeck(b, confidence[i] ?? 1, bodyHeight)) {
      texts[i] = '';
      dropped++;
    }
  });
  return dropped;
}
