// Ruling lines of a page from its pixels: long thin runs of dark pixels, horizontal and vertical.
//
//   findRulings(image) → { horizontal: Rule[], vertical: Rule[] }
//
// A horizontal rule is a set of consecutive pixel rows that each hold a dark run of at least
// minLength pixels at the same place, at most maxThickness rows thick (thicker is a filled shape, not
// a rule). Vertical rules are found the same way on columns. Underlines and fraction bars are rules
// too; the table finder only uses rules that cross each other or frame text.
import type { PageImage } from '../../protocol/page';

export interface Rule {
  /** Horizontal: y (center), x0..x1. Vertical: x (center), y0..y1 (stored as at, from, to). */
  at: number;
  from: number;
  to: number;
  thickness: number;
}

export interface Rulings {
  horizontal: Rule[];
  vertical: Rule[];
}

export interface RulingOptions {
  /** Luminance below which a pixel is ink. */
  dark: number;
  /** Shortest rule, as a share of the page's longer side. */
  minLength: number;
  maxThickness: number;
}

const DEFAULTS: RulingOptions = { dark: 200, minLength: 0.03, maxThickness: 6 };

/**
 * Every rule of a page up to ~1/100 of its longer side thick, as the layout looks for them (layout-page.ts): thin
 * ones can be table rules, all of them (frames, borders) are kept out of figures.
 */
export const findPageRulings = (image: PageImage): Rulings =>
  findRulings(image, { maxThickness: Math.max(6, Math.round(Math.max(image.width, image.height) / 100)) });

export function findRulings(image: PageImage, options: Partial<RulingOptions> = {}): Rulings {
  const o = { ...DEFAULTS, ...options };
  const { width: w, height: h, pixels } = image;
  const ink = new Uint8Array(w * h);
  // Integer luminance (×1000) against the threshold; transparent pixels count as white.
  const limit = o.dark * 1000;
  for (let i = 0, p = 0; i < w * h; i++, p += 4) {
    if (pixels[p + 3]! < 128) continue;
    if (299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]! < limit) ink[i] = 1;
  }
  const minLen = Math.max(20, Math.round(o.minLength * Math.max(w, h)));
  const horizontal = scan(ink, h, w, 1, w, minLen, o.maxThickness);
  const vertical = scan(ink, w, h, w, 1, minLen, o.maxThickness);
  return { horizontal, vertical };
}

/** Only the rules at most `maxThickness` thick. */
export function thinRulings(r: Rulings, maxThickness: number): Rulings {
  return { horizontal: r.horizontal.filter((x) => x.thickness <= maxThickness), vertical: r.vertical.filter((x) => x.thickness <= maxThickness) };
}

/**
 * Runs along each line (row or column: pixel index = line × lineStride + i × step), then runs on
 * consecutive lines that overlap merge into rules.
 */
function scan(ink: Uint8Array, lines: number, length: number, step: number, lineStride: number, minLen: number, maxThick: number): Rule[] {
  interface Open { from: number; to: number; first: number; last: number }
  let open: Open[] = [];
  const done: Rule[] = [];
  const close = (r: Open) => {
    const thickness = r.last - r.first + 1;
    if (thickness <= maxThick) done.push({ at: (r.first + r.last) / 2, from: r.from, to: r.to, thickness });
  };
  const runs: [number, number][] = [];
  for (let line = 0; line <= lines; line++) {
    runs.length = 0;
    if (line < lines) {
      const base = line * lineStride;
      let start = -1;
      for (let i = 0; i <= length; i++) {
        const on = i < length && ink[base + i * step] === 1;
        if (on) {
          if (start < 0) start = i;
        } else if (start >= 0) {
          if (i - start >= minLen) runs.push([start, i - 1]);
          start = -1;
        }
      }
    }
    const next: Open[] = [];
    for (const [a, b] of runs) {
      const prev = open.find((r) => Math.min(r.to, b) - Math.max(r.from, a) > 0.8 * Math.min(r.to - r.from, b - a));
      if (prev) {
        prev.from = Math.min(prev.from, a);
        prev.to = Math.max(prev.to, b);
        prev.last = line;
        if (!next.includes(prev)) next.push(prev);
      } else next.push({ from: a, to: b, first: line, last: line });
    }
    for (const r of open) if (!next.includes(r)) close(r);
    open = next;
  }
  return done;
}
