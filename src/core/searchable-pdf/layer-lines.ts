// A page's lines as its searchable-PDF text layer holds them: the Markdown's text, block by block in the
// Markdown's reading order, each line at its own box. Figures are left out (the Markdown holds none of their
// text); a display formula is one line, its LaTeX, over the formula's box; a table's lines go cell by cell,
// row by row, as its HTML does. Running heads are kept even when the Markdown drops them: they are on the page.
//
//   layerLines(blocks, boxes, texts, toPage, turns) → PageLine[]   (a `lines` pack's page)
//   regionLines(regions)                            → PageLine[]   (a `page` pack: its grounded regions)
import type { BBox, PageLine, Region } from '../../protocol/page';
import { formulaMarkdown } from '../assemble/assemble-markdown';
import { pageText } from '../assemble/text-fidelity';
import type { Block } from '../layout/types';
import { plainText } from './plain-text';

const oneLine = (t: string) => t.replace(/\s+/g, ' ').trim();

/** Line indices of a block in the order its Markdown writes them. */
function blockOrder(b: Block): number[] {
  if (b.type === 'table' && b.table) {
    const cells = [...b.table.cells].sort((x, y) => x.row - y.row || x.col - y.col);
    return [...new Set(cells.flatMap((c) => c.lines))];
  }
  if (b.type === 'list' && b.items) return b.items.flat();
  return b.lines;
}

export function layerLines(blocks: readonly Block[], boxes: readonly BBox[], texts: readonly string[], toPage: (b: BBox) => BBox = (b) => b, turns = 0): PageLine[] {
  const out: PageLine[] = [];
  const push = (bbox: BBox, text: string) => {
    if (text) out.push({ bbox: toPage(bbox), text, ...(turns % 4 && { turns: turns % 4 }) });
  };
  for (const b of blocks) {
    if (b.type === 'figure') continue;
    if (b.type === 'formula') {
      push(b.bbox, oneLine(formulaMarkdown(b.lines.map((i) => texts[i] ?? '')).replace(/^\$\$|\$\$$/g, '')));
      continue;
    }
    for (const i of blockOrder(b)) if (boxes[i]) push(boxes[i]!, oneLine(pageText(texts[i] ?? '')));
  }
  return out;
}

/** A page model's regions, each one line of its Markdown's plain text over the region's box. */
export function regionLines(regions: readonly Region[]): PageLine[] {
  return regions.flatMap((r) => {
    const text = oneLine(plainText(r.markdown));
    return text && r.type !== 'figure' ? [{ bbox: r.bbox, text }] : [];
  });
}
