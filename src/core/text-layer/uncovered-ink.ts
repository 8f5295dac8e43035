// Where a page shows ink its own text does not account for: text inside images, logos, glyphs drawn as
// paths, pictures. Only there does the detector still have to look for lines (pipeline/layer-detect.ts).
//
//   uncoveredInk(image, textBoxes) → BBox[]   (page pixels; empty when the text covers all the ink)
//
// The page is reduced to a grid of 4-px cells (ink if any pixel is dark, as the figure finder does); cells
// under the text's lines (grown a little: glyphs overhang their font box) and under ruling lines are
// cleared, and the ink left is grouped into regions, bridging gaps of up to GAP cells. Lone dots are dropped.
import type { BBox, PageImage } from '../../protocol/page';
import { height } from '../layout/geometry';
import { findRulings, type Rule } from '../layout/rulings';

const CELL = 4;
/** Luminance (0–255) below which a pixel is ink: the figure finder's, so light grey picture ink counts. */
const DARK = 200;
/** A line's box is cleared this many of its heights beyond its edges. */
const OVERHANG = 0.25;
/** Ink cells up to this many cells apart are one region. */
const GAP = 3;
/** A region of at most this many cells, none wider or taller than 2, is a dot (an anti-aliased corner, a speck). */
const SPECK = 3;

export function uncoveredInk(image: PageImage, textBoxes: readonly BBox[]): BBox[] {
  const { width: w, height: h, pixels } = image;
  const gw = Math.ceil(w / CELL);
  const gh = Math.ceil(h / CELL);
  const ink = new Uint8Array(gw * gh);
  const limit = DARK * 1000;
  for (let y = 0; y < h; y++) {
    const gy = ((y / CELL) | 0) * gw;
    for (let x = 0, p = y * w * 4; x < w; x++, p += 4) {
      if (pixels[p + 3]! > 128 && 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]! < limit) ink[gy + ((x / CELL) | 0)] = 1;
    }
  }
  const clear = (b: BBox, grow: number) => {
    const x0 = Math.max(0, Math.floor((b[0] - grow) / CELL));
    const y0 = Math.max(0, Math.floor((b[1] - grow) / CELL));
    const x1 = Math.min(gw - 1, Math.floor((b[2] + grow) / CELL));
    const y1 = Math.min(gh - 1, Math.floor((b[3] + grow) / CELL));
    for (let y = y0; y <= y1; y++) if (x1 >= x0) ink.fill(0, y * gw + x0, y * gw + x1 + 1);
  };
  for (const b of textBoxes) clear(b, OVERHANG * height(b));
  const { horizontal, vertical } = findRulings(image);
  for (const r of horizontal) clear(ruleBox(r, true), 1);
  for (const r of vertical) clear(ruleBox(r, false), 1);
  return regions(ink, gw, gh).map((b) => [b[0] * CELL, b[1] * CELL, Math.min(w, (b[2] + 1) * CELL), Math.min(h, (b[3] + 1) * CELL)]);
}

function ruleBox(r: Rule, horizontal: boolean): BBox {
  const half = r.thickness / 2;
  return horizontal ? [r.from, r.at - half, r.to, r.at + half] : [r.at - half, r.from, r.at + half, r.to];
}

/** Connected ink (cells within GAP of each other), as cell boxes [x0, y0, x1, y1] inclusive; specks left out. */
function regions(ink: Uint8Array, gw: number, gh: number): BBox[] {
  const seen = new Uint8Array(ink.length);
  const out: BBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let [x0, y0, x1, y1, n] = [gw, gh, 0, 0, 0];
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % gw;
      const cy = (c - cx) / gw;
      [x0, y0, x1, y1, n] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy), n + 1];
      for (let y = Math.max(0, cy - GAP); y <= Math.min(gh - 1, cy + GAP); y++) {
        for (let x = Math.max(0, cx - GAP); x <= Math.min(gw - 1, cx + GAP); x++) {
          const k = y * gw + x;
          if (ink[k] && !seen[k]) {
            seen[k] = 1;
            stack.push(k);
          }
        }
      }
    }
    if (n > SPECK || x1 - x0 >= 2 || y1 - y0 >= 2) out.push([x0, y0, x1, y1]);
  }
  return out;
}
