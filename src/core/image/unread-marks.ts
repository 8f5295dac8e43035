// How much of a page is marked when no line of text was found on it. A page in cursive, a drawing or a stamp
// can have no line the detector knows as text: its Markdown is then empty, and "no text was found" would
// read as "the page is blank". This measures the marks so the reader can say what happened instead.
//
//   markedShare(image) → share of the page's inner area (0–1) clearly darker than its paper
//
// Paper is the page's median grey (faded and tinted scans alike); a mark is MARK_DROP grey levels under it.
// A band of EDGE of each side is left out: scans carry dark borders, punch holes and the scanner's lid there.
import type { PageImage } from '../../protocol/page';
import { percentile } from './line-pieces';

/** Grey levels under the paper a pixel must be to count as a mark (the paper's own grain stays well within). */
const MARK_DROP = 60;
/** Share of each side left out at the page's edges. */
const EDGE = 0.04;
/** Pages with at least this share marked carry something that was not read: on the old letters a page in
 * cursive measures 3–5 %, a blank sheet's grain and a rendered page's white well under 0.1 %. */
export const UNREAD_MARKS = 0.005;

export function markedShare(image: PageImage): number {
  const { width: w, height: h, pixels } = image;
  const x0 = Math.floor(w * EDGE);
  const x1 = Math.ceil(w * (1 - EDGE));
  const y0 = Math.floor(h * EDGE);
  const y1 = Math.ceil(h * (1 - EDGE));
  if (x1 <= x0 || y1 <= y0) return 0;
  // Every other pixel of every other row: plenty for a share, a quarter of the work.
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0, p = (y * w + x0) * 4; x < x1; x += 2, p += 8) {
      const a = pixels[p + 3]! / 255;
      // Transparent pixels are paper, as the line crops take them.
      hist[Math.round((1 - a) * 255 + a * ((77 * pixels[p]! + 150 * pixels[p + 1]! + 29 * pixels[p + 2]!) >> 8))]!++;
      n++;
    }
  }
  const paper = percentile(hist, n, 0.5);
  let marked = 0;
  for (let v = 0; v < paper - MARK_DROP; v++) marked += hist[v]!;
  return marked / n;
}
