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

export function findRulings(image: PageImage, options: Partial<RulingOptions> = {}): Rulings {
  const o = { ...DEFAULTS, ...options };
  const { width: w, height: h, pixels } = image;
  const ink = new Uint8Array(w * h);
  for (let i = 0, p = 0; i < w * h; i++, p += 4) {
    const a = pixels[p + 3]! / 255;
    const lum = (0.299 * pixels[p]! + 0.587 * pixels[p + 1]! + 0.114 * pixels[p + 2]!) * a + 255 * (1 - a);
    ink[i] = lum < o.dark ? 1 : 0;
  }
  const minLen = Math.max(20, Math.round(o.minLength * Math.max(w, h)));
  const horizontal = scan(ink, w, h, minLen, o.maxThickness, (line, i) => line * w + i, h, w);
  const vertical = scan(ink, w, h, minLen, o.maxThickness, (line, i) => i * w + line, w, h);
  return { horizontal, vertical };
}

/** Runs along each line (row or column), then runs on consecutive lines that overlap merge into rules. */
function scan(ink: Uint8Array, _w: number, _h: number, minLen: number, maxThick: number, at: (line: number, i: number) => number, lines: number, length: number): Rule[] {
  interface Open { from: number; to: number; first: number; last: number }
  let open: Open[] = [];
  const done: Rule[] = [];
  const close = (r: Open) => {
    const thickness = r.last - r.first + 1;
    if (thickness <= maxThick) done.push({ at: (r.first + r.last) / 2, from: r.from, to: r.to, thickness });
  };
  for (let line = 0; line <= lines; line++) {
    const runs: [number, number][] = [];
    if (line < lines) {
      let start = -1;
      for (let i = 0; i <= length; i++) {
        const on = i < length && ink[at(line, i)] === 1;
        if (on && start < 0) start = i;
        if (!on && start >= 0) {
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
