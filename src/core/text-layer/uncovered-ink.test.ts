import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { uncoveredInk } from './uncovered-ink';

function page(w: number, h: number, ink: BBox[]): PageImage {
  const pixels = new Uint8ClampedArray(w * h * 4).fill(255);
  for (const [x0, y0, x1, y1] of ink) {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) pixels.fill(0, (y * w + x) * 4, (y * w + x) * 4 + 3);
  }
  return { width: w, height: h, pixels, dpi: 144 };
}

/** Glyph-like strokes along a line box: 12-px letters 6 px apart. */
function letters(b: BBox): BBox[] {
  const out: BBox[] = [];
  for (let x = b[0]; x + 12 <= b[2]; x += 18) out.push([x, b[1] + 4, x + 12, b[3] - 4]);
  return out;
}

const contains = (outer: BBox, inner: BBox) => outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

describe('uncoveredInk', () => {
  const lines: BBox[] = [
    [100, 100, 900, 130],
    [100, 140, 900, 170],
    [100, 180, 600, 210],
  ];

  it('finds nothing where the text covers all the ink, rules and specks included', () => {
    const rule: BBox = [100, 230, 900, 232];
    const speck: BBox = [950, 400, 952, 402];
    expect(uncoveredInk(page(1000, 600, [...lines.flatMap(letters), rule, speck]), lines)).toEqual([]);
  });

  it('finds the text the layer lacks (a line inside a picture) and a logo, each as one region', () => {
    const missing: BBox = [100, 300, 500, 330];
    const logo: BBox = [700, 400, 780, 470];
    const regions = uncoveredInk(page(1000, 600, [...lines.flatMap(letters), ...letters(missing), logo]), lines);
    expect(regions).toHaveLength(2);
    expect(regions.some((r) => contains(r, [missing[0] + 4, missing[1] + 4, missing[2] - 10, missing[3] - 4]))).toBe(true);
    expect(regions.some((r) => contains(r, logo))).toBe(true);
    // Nothing of the covered lines is in them.
    for (const r of regions) for (const l of lines) expect(r[1] >= l[3] || r[3] <= l[1] || r[0] >= l[2] || r[2] <= l[0]).toBe(true);
  });
});
