// A page that paints nothing (no text, path, image or shading) has nothing to draw or read: the app and the CLI
// give it an empty result at pdf.js's pace instead of drawing and recognizing a white page (2,000 blank pages
// took the app over an hour that way).
import type { PageResult } from '../../protocol/page';
import { emptyPageStats } from '../pipeline/page-stats';

/** pdf.js's operators that put something on the page, by name (the OPS table is passed in: core has no pdf.js). */
const PAINTING = [
  'showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText', 'shadingFill', 'paintImageXObject', 'paintInlineImageXObject',
  'paintImageXObjectRepeat', 'paintImageMaskXObject', 'paintImageMaskXObjectGroup', 'paintInlineImageXObjectGroup', 'paintImageMaskXObjectRepeat',
  'paintSolidColorImageMask', 'rawFillPath',
];

/** Whether an operator list puts anything on the page: a filled or stroked path, text, an image, a shading. */
export function paints(list: { fnArray: readonly number[]; argsArray: readonly unknown[] }, OPS: Record<string, number>): boolean {
  const draws = new Set(PAINTING.map((n) => OPS[n]));
  return list.fnArray.some((fn, i) => draws.has(fn) || (fn === OPS.constructPath && (list.argsArray[i] as unknown[] | null)?.[0] !== OPS.endPath));
}

/** The result of a page that paints nothing: no Markdown, nothing recognized. */
export function blankPageResult(page: number, backend = 'none'): PageResult {
  return {
    page,
    markdown: '',
    regions: [],
    figures: [],
    stats: emptyPageStats(backend),
  };
}
