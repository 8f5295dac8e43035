// Whatever the boxes and texts (model output is untrusted), every valid line lands in exactly one block.
import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { assembleMarkdown } from '../assemble/assemble-markdown';
import { layoutPage } from './layout-page';
import type { TextLine } from './types';

function rng(seed: number) {
  let s = seed;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const TEXTS = ['', '•', '1.', 'Figure 2: x', '$$x$$', '<b>', '# a', '12', 'x = y^2', 'Some ordinary words of a sentence here.', '(3)', '\\[a\\]'];

describe('layout invariants', () => {
  it.each([1, 2, 3, 4, 5, 6])('random page %i: each line placed once, Markdown assembled', (seed) => {
    const r = rng(seed);
    const page = { width: 1000 + Math.floor(r() * 1000), height: 1400 + Math.floor(r() * 1000) };
    const lines: TextLine[] = Array.from({ length: 50 + Math.floor(r() * 300) }, () => {
      const x0 = r() * page.width;
      const y0 = r() * page.height;
      const bbox: BBox = [x0, y0, x0 + 5 + r() * 600, y0 + 5 + r() * 40];
      return { bbox, text: r() < 0.8 ? TEXTS[Math.floor(r() * TEXTS.length)] : undefined, angle: r() < 0.5 ? (r() - 0.5) * 0.1 : undefined };
    });
    lines.push({ bbox: [NaN, 0, 10, 10] }, { bbox: [5, 5, 5, 9] });
    const blocks = layoutPage(lines, page);
    const placed = blocks.flatMap((b) => b.lines).sort((a, b) => a - b);
    expect(placed).toEqual([...Array(lines.length - 2).keys()]);
    for (const b of blocks) expect(b.bbox.every(Number.isFinite)).toBe(true);
    const md = assembleMarkdown(blocks, lines.map((l) => l.text ?? ''), { page: 1, dropHeaders: false });
    expect(md.regions.length).toBeLessThanOrEqual(blocks.length);
  });
});
