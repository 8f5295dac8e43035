// A PDF page's own text, laid out and shown before the page is read: the first Markdown of a page with its
// own text needs neither the model (still loading on a first visit) nor the detector. It is a partial page
// like the ones a page streams while it is read (partial-page.ts): formulas wait for the formula recognizer,
// and the page's result, read as usual, replaces it. The layout sees the page's size only, not its pixels:
// quick enough for the UI thread, and good enough for a first look (ruled tables come with the result).
import type { TextLine } from '../layout/types';
import { layoutPage } from '../layout/layout-page';
import { visibleLines } from '../text-layer/pdf-text';
import type { PageImage, PagePartial } from '../../protocol/page';
import { partialPage } from './partial-page';

/** `null` when the page shows none of the text (hidden or white text only) or it lays out to nothing. */
export function textPreview(layer: readonly TextLine[], image: PageImage, page: number, dropHeaders: boolean): PagePartial | null {
  const lines = visibleLines(layer, image);
  if (lines.length === 0) return null;
  const blocks = layoutPage(lines, { width: image.width, height: image.height });
  const part = partialPage(
    blocks,
    lines.map((l) => l.text ?? ''),
    { page, dropHeaders },
  );
  return part.markdown ? { page, markdown: part.markdown, regions: part.regions, linesRead: 0, lines: lines.length } : null;
}
