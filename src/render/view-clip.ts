// What the Markdown pane draws of a page: a PDF's own text can hold a 1 MB line or 20,000 lines, and
// drawing all of it (KaTeX, layout of one unbroken line) holds the UI thread for seconds. The pane shows a
// page's worth and says so; the page's Markdown itself is kept whole (copy, downloads, zip).

/** Lines drawn for one page, over all its blocks. */
export const VIEW_MAX_LINES = 3000;
/** Characters drawn of one line. */
export const VIEW_MAX_LINE_CHARS = 2000;
/** Blocks (regions) drawn and outlined for one page. */
export const VIEW_MAX_BLOCKS = 1500;

export interface ClippedView {
  texts: string[];
  /** Some text was left out. */
  clipped: boolean;
}

function cutLine(line: string): string {
  if (line.length <= VIEW_MAX_LINE_CHARS) return line;
  const code = line.charCodeAt(VIEW_MAX_LINE_CHARS - 1);
  return `${line.slice(0, code >= 0xd800 && code <= 0xdbff ? VIEW_MAX_LINE_CHARS - 1 : VIEW_MAX_LINE_CHARS)}…`;
}

/** The blocks as the pane draws them: at most VIEW_MAX_BLOCKS, VIEW_MAX_LINES lines in all, each line cut. */
export function clipForView(texts: readonly string[]): ClippedView {
  let budget = VIEW_MAX_LINES;
  let clipped = texts.length > VIEW_MAX_BLOCKS;
  const out: string[] = [];
  for (const text of texts.slice(0, VIEW_MAX_BLOCKS)) {
    if (budget <= 0) {
      clipped = true;
      break;
    }
    const lines = text.split('\n');
    const kept = lines.slice(0, budget);
    budget -= kept.length;
    if (kept.length < lines.length) clipped = true;
    const cut = kept.map(cutLine);
    if (cut.some((l, i) => l !== kept[i])) clipped = true;
    out.push(cut.join('\n'));
  }
  return { texts: out, clipped };
}
