// What the Markdown pane draws of a page: a PDF's own text can hold a 1 MB line or 20,000 lines, and
// drawing all of it (KaTeX, layout of one unbroken line) holds the UI thread for seconds. The pane shows a
// page's worth and says so; the page's Markdown itself is kept whole (copy, downloads, zip).

/** Lines drawn for one page, over all its blocks. */
export const VIEW_MAX_LINES = 3000;
/** Characters drawn of one line (a Markdown paragraph is one line: a page-long one is ~5,000). */
export const VIEW_MAX_LINE_CHARS = 20_000;
/** Characters drawn for one page, over all its blocks (a dense page holds ~10,000). */
export const VIEW_MAX_CHARS = 200_000;
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

/**
 * The blocks as the pane draws them: at most VIEW_MAX_BLOCKS, VIEW_MAX_LINES lines and VIEW_MAX_CHARS
 * characters in all, each line cut to VIEW_MAX_LINE_CHARS.
 */
export function clipForView(texts: readonly string[]): ClippedView {
  let lineBudget = VIEW_MAX_LINES;
  let charBudget = VIEW_MAX_CHARS;
  let clipped = texts.length > VIEW_MAX_BLOCKS;
  const out: string[] = [];
  for (const text of texts.slice(0, VIEW_MAX_BLOCKS)) {
    if (lineBudget <= 0 || charBudget <= 0) {
      clipped = true;
      break;
    }
    const kept: string[] = [];
    for (const line of text.split('\n', lineBudget + 1)) {
      if (kept.length === lineBudget || charBudget <= 0) {
        clipped = true;
        break;
      }
      const cut = cutLine(line);
      if (cut !== line) clipped = true;
      kept.push(cut);
      charBudget -= cut.length + 1;
    }
    lineBudget -= kept.length;
    out.push(kept.join('\n'));
  }
  return { texts: out, clipped };
}
