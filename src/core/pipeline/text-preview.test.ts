import { describe, expect, it } from 'vitest';
import type { BBox, PageImage } from '../../protocol/page';
import { capPreviewLayer, PREVIEW_MAX_LINE_CHARS, PREVIEW_MAX_LINES, textPreview } from './text-preview';

/** A white page with ink (every third pixel) in each box, as glyphs would leave. */
function page(inked: BBox[]): PageImage {
  const [width, height] = [400, 300];
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const [x0, y0, x1, y1] of inked) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x += 3) pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return { width, height, pixels, dpi: 0 };
}

describe('textPreview', () => {
  const body = [
    'The first line of a paragraph that runs on',
    'over a second line of the same size and on',
    'to a third, which is as wide as the others',
    'and ends here.',
  ].map((text, i) => ({ bbox: [20, 20 + 18 * i, i === 3 ? 150 : 380, 34 + 18 * i] as BBox, text }));
  const lines = [...body, { bbox: [20, 200, 380, 214] as BBox, text: 'White words nobody sees' }];

  it('lays out the text the page shows as a partial page, hidden lines left out', () => {
    const p = textPreview(lines, page(body.map((l) => l.bbox)), 4, { dropHeaders: false });
    expect(p).toMatchObject({ page: 4, linesRead: 0, lines: 4 });
    expect(p!.markdown).toBe(body.map((l) => l.text).join(' '));
    expect(p!.regions).toHaveLength(1);
  });

  it('lays out every line with text when given the page’s size alone (before it is drawn), off-page parts cut', () => {
    const off = { bbox: [20, 280, 380, 320] as BBox, text: 'A line running off the page' };
    const p = textPreview([...lines, off], { width: 400, height: 300 }, 2, { dropHeaders: false });
    expect(p).toMatchObject({ page: 2, linesRead: 0, lines: 6 });
    expect(p!.markdown).toContain(body.map((l) => l.text).join(' '));
    expect(p!.markdown).toContain('White words nobody sees');
    for (const r of p!.regions) expect(r.bbox[3]).toBeLessThanOrEqual(300);
  });

  it('is null when the page shows none of its text', () => {
    expect(textPreview(lines, page([]), 1, { dropHeaders: false })).toBeNull();
    expect(textPreview([], page([]), 1, { dropHeaders: false })).toBeNull();
  });
});

describe('textPreview of a hostile page', () => {
  const blank = (): PageImage => {
    const [width, height] = [1224, 1584];
    const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
    for (let i = 0; i < pixels.length; i += 12) pixels.fill(0, i, i + 3); // ink everywhere
    return { width, height, pixels, dpi: 0 };
  };

  it('lays out at most PREVIEW_MAX_LINES lines of a 20,000-line page, quickly', () => {
    const dense = Array.from({ length: 20_000 }, (_, i) => ({ bbox: [4, 2 + (i * 1570) / 20_000, 600, 2 + ((i + 0.9) * 1570) / 20_000] as BBox, text: `line ${i} of the dense page` }));
    const started = performance.now();
    const p = textPreview(dense, blank(), 2, { dropHeaders: false })!;
    const ms = performance.now() - started;
    expect(p.lines).toBeLessThanOrEqual(PREVIEW_MAX_LINES);
    // Uncapped, this took ~0.85 s here; the UI thread froze for seconds in Chromium.
    expect(ms).toBeLessThan(2000);
  });

  it('cuts a 1 MB line to PREVIEW_MAX_LINE_CHARS characters', () => {
    const long = { bbox: [100, 400, 1200, 420] as BBox, text: 'A long line of text that never ends '.repeat(30_000) };
    const title = { bbox: [100, 100, 900, 124] as BBox, text: 'The committee met on Tuesday.' };
    const p = textPreview([title, long], blank(), 1, { dropHeaders: false })!;
    expect(p.markdown).toContain('The committee met on Tuesday.');
    expect(p.markdown).toContain('A long line of text that never ends');
    expect(p.markdown.length).toBeLessThan(PREVIEW_MAX_LINE_CHARS + 100);
    expect(p.markdown).toContain('…');
  });

  it('cuts a long line between characters, never inside one', () => {
    const [line] = capPreviewLayer([{ bbox: [0, 0, 10, 10], text: `${'a'.repeat(PREVIEW_MAX_LINE_CHARS - 1)}😀😀` }]);
    expect(line!.text).toBe(`${'a'.repeat(PREVIEW_MAX_LINE_CHARS - 1)}…`);
  });
});
