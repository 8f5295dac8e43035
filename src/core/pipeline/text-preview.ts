// A PDF page's own text, laid out and shown before the page is read: the first Markdown of a page with its
// own text needs neither the model (still loading on a first visit) nor the detector. It is a partial page
// like the ones a page streams while it is read (partial-page.ts): formulas wait for the formula recognizer,
// and the page's result, read as usual, replaces it. The layout sees the page's size only, not its pixels:
// quick enough for the UI thread, and good enough for a first look (ruled tables come with the result).
import type { PageSize, TextLine } from '../layout/types';
import type { AssembleOptions } from '../assemble/assemble-markdown';
import { layoutPage } from '../layout/layout-page';
import { visibleLines } from '../text-layer/pdf-text';
import type { BBox, PageImage, PagePartial } from '../../protocol/page';
import { partialPage } from './partial-page';

/**
 * A page's text can be anything a PDF program wrote: a 1 MB line, 20,000 lines of 0.6 pt text. No page
 * that a person reads comes near these caps, and past them the layout froze the UI for seconds. The page's
 * result, read in the engine's worker, still holds all of its text.
 */
export const PREVIEW_MAX_LINES = 1000;
export const PREVIEW_MAX_LINE_CHARS = 500;

/** The layer as the preview lays it out: its first lines, each cut to a line's worth of characters. */
export function capPreviewLayer(layer: readonly TextLine[]): TextLine[] {
  return layer.slice(0, PREVIEW_MAX_LINES).map((l) => (l.text !== undefined && l.text.length > PREVIEW_MAX_LINE_CHARS ? { ...l, text: `${cut(l.text, PREVIEW_MAX_LINE_CHARS)}…` } : l));
}

/** The lines with text, their boxes on the page, as visibleLines gives them less its ink test. */
function withText(lines: readonly TextLine[], size: PageSize): TextLine[] {
  return lines.flatMap((l) => {
    const text = l.text?.trim();
    const b: BBox = [Math.max(0, l.bbox[0]), Math.max(0, l.bbox[1]), Math.min(size.width, l.bbox[2]), Math.min(size.height, l.bbox[3])];
    return text && b[2] > b[0] && b[3] > b[1] ? [{ bbox: b, text, ...(l.size && { size: l.size }) }] : [];
  });
}

/** The first `n` UTF-16 units of `s`, one fewer where the cut would split a surrogate pair. */
function cut(s: string, n: number): string {
  const code = s.charCodeAt(n - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

/**
 * `null` when the page shows none of the text (hidden or white text only) or it lays out to nothing. Given the
 * page's size alone (before it is drawn), every line with text is taken: which lines put ink on the page is for
 * the pixels to say, and the preview made with them replaces this one.
 */
export function textPreview(
  layer: readonly TextLine[],
  image: PageImage | PageSize,
  page: number,
  options: Pick<AssembleOptions, 'dropHeaders' | 'keepHyphens'>,
): PagePartial | null {
  const capped = capPreviewLayer(layer);
  const lines = 'pixels' in image ? visibleLines(capped, image) : withText(capped, image);
  if (lines.length === 0) return null;
  const blocks = layoutPage(lines, { width: image.width, height: image.height });
  const part = partialPage(
    blocks,
    lines.map((l) => l.text ?? ''),
    { page, dropHeaders: options.dropHeaders, keepHyphens: options.keepHyphens },
  );
  return part.markdown ? { page, markdown: part.markdown, regions: part.regions, linesRead: 0, lines: lines.length } : null;
}
