// Grounded output: `<|ref|>label<|/ref|><|det|>[[x1,y1,x2,y2], …]<|/det|>` before each block, boxes in
// 0–999 page coordinates. Turns it into plain Markdown plus regions in page pixels (click-to-locate).
// Model output is untrusted: malformed tags are dropped from the text, never thrown on.
import type { BBox, Region, RegionType } from '../../protocol/page';

const TAG = /<\|ref\|>([\s\S]*?)<\|\/ref\|>\s*<\|det\|>([\s\S]*?)<\|\/det\|>/g;
const STRAY = /<\|\/?(?:ref|det|grounding)\|>/g;

const TYPES: Record<string, RegionType> = {
  title: 'heading',
  sub_title: 'heading',
  text: 'paragraph',
  list: 'list',
  table: 'table',
  equation: 'formula',
  formula: 'formula',
  image: 'figure',
  figure: 'figure',
  image_caption: 'caption',
  table_caption: 'caption',
  caption: 'caption',
  footnote: 'footnote',
  table_footnote: 'footnote',
  header: 'header',
  page_header: 'header',
  footer: 'footer',
  page_footer: 'footer',
  page_number: 'footer',
};

export interface GroundedPage {
  markdown: string;
  regions: Region[];
}

/** Boxes of one `<|det|>` body, e.g. "[[10, 20, 300, 400], [5,5,9,9]]"; invalid ones are skipped. */
export function parseBoxes(body: string): [number, number, number, number][] {
  const boxes: [number, number, number, number][] = [];
  for (const m of body.matchAll(/\[\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]/g)) {
    const v = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (v.every((n) => Number.isFinite(n))) boxes.push(v);
  }
  return boxes;
}

/** 0–999 box -> whole page pixels, clamped to the page and ordered; null when it has no area. */
export function boxToPage(box: [number, number, number, number], width: number, height: number): BBox | null {
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
  const xs = [box[0], box[2]].map((v) => clamp((v / 999) * width, width)).sort((a, b) => a - b);
  const ys = [box[1], box[3]].map((v) => clamp((v / 999) * height, height)).sort((a, b) => a - b);
  if (xs[1]! - xs[0]! < 1 || ys[1]! - ys[0]! < 1) return null;
  return [xs[0]!, ys[0]!, xs[1]!, ys[1]!];
}

/**
 * Splits grounded output into blocks: each block's Markdown is the text after its tag up to the next
 * tag. Text before the first tag is kept in the Markdown without a region.
 */
export function parseGrounded(text: string, pageWidth: number, pageHeight: number): GroundedPage {
  const regions: Region[] = [];
  const parts: string[] = [];
  const matches = [...text.matchAll(TAG)];
  const lead = text.slice(0, matches[0]?.index ?? text.length).replace(STRAY, '').trim();
  if (lead) parts.push(lead);
  matches.forEach((m, i) => {
    const end = i + 1 < matches.length ? matches[i + 1]!.index! : text.length;
    const body = text.slice(m.index! + m[0].length, end).replace(STRAY, '').trim();
    const label = m[1]!.trim().toLowerCase();
    const type = TYPES[label] ?? 'paragraph';
    // A figure's Markdown (its image link) is named by the caller, who crops it.
    const markdown = body;
    if (markdown) parts.push(markdown);
    for (const box of parseBoxes(m[2]!)) {
      const bbox = boxToPage(box, pageWidth, pageHeight);
      if (bbox) regions.push({ bbox, type, markdown });
    }
  });
  return { markdown: parts.join('\n\n'), regions };
}
