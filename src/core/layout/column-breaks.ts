// A paragraph that a column break cuts in two is one paragraph. The left column ends mid-sentence ("… (Rosenfeld,
// 2000; Ben-") and the next column goes on ("gio et al., 2003; …"): read as two blocks, the sentence is broken by
// whatever the reading order puts between them (a footnote at the column's foot, a figure and its caption) and a
// word hyphenated at the break is not re-joined. The same holds for a paragraph that a figure interrupts inside
// one column. Two paragraphs are joined when the first ends without closing its sentence on a full line, the
// second starts with a lowercase letter in a column of the same width, and the second either stands at the top of
// a column to the right of the first or, with only figures, captions or footnotes between them, goes on below it
// in the same column. The first must end its column and the second start the next (where the reading order
// went wrong, a paragraph in mid-column would seem to go on at the top of the next). A footnote or caption
// between them that itself breaks off mid-sentence may be what the second goes on from: then nothing is joined.
import type { BBox } from '../../protocol/page';
import { height, median, union, width } from './geometry';
import type { Block } from './types';

/** Blocks the reading order may put between a column's last lines and the next column's first. */
const BETWEEN = new Set<Block['type']>(['figure', 'table', 'caption', 'footnote', 'header', 'footer']);
/** A sentence (or a clause a colon or semicolon closes) ends here, before any closing quote or bracket. */
const ENDS_SENTENCE = /[.!?:;]["'”’)\]]*$/u;
/** The next part goes on with a lowercase word (after an opening quote or bracket). */
const GOES_ON = /^["'“‘(]?\p{Ll}/u;

/** A full line fills at least this share of its column; the two columns' widths differ by less than SAME_WIDTH. */
const FULL_LINE = 0.8;
const SAME_WIDTH = 1.4;
/** Sizes the text states differ by less than this share between two parts of a paragraph; line heights by less than SAME_HEIGHT. */
const SAME_SIZE = 0.08;
const SAME_HEIGHT = 0.15;
/** A block of a column keeps within its edges but for this share of its width. */
const GUTTER_REACH = 0.15;

/**
 * `blocks` in reading order, with each paragraph cut by a column break or a figure joined to its continuation
 * (`text(i)`, `box(i)`: line i's text and box). A joined block's `parts` are the boxes of its pieces on the page.
 */
export function joinColumnBreaks(blocks: readonly Block[], text: (i: number) => string, box: (i: number) => BBox, size: (i: number) => number | undefined = () => undefined): Block[] {
  const out = [...blocks];
  // The two parts of a paragraph are set alike: a caption's second half at the top of the next column, set smaller,
  // goes on from the caption, not from the body text the first column ends with.
  const sized = (b: Block) => {
    const stated = b.lines.map(size).filter((v): v is number => v !== undefined);
    return stated.length === b.lines.length ? { v: median(stated), tol: SAME_SIZE } : { v: median(b.lines.map((i) => height(box(i)))), tol: SAME_HEIGHT };
  };
  const alike = (p: Block, q: Block) => {
    const [a, b] = [sized(p), sized(q)];
    return a.tol === b.tol && Math.abs(a.v - b.v) <= a.tol * Math.max(a.v, b.v);
  };
  const smaller = (b: Block, than: Block) => {
    const [a, c] = [sized(b), sized(than)];
    return b.lines.length > 0 && a.tol === c.tol && a.v < (1 - c.tol) * c.v;
  };
  const open = (b: Block) => {
    const last = b.lines.length ? text(b.lines[b.lines.length - 1]!).trim() : '';
    return last !== '' && !ENDS_SENTENCE.test(last);
  };
  // A caption under a figure across the page may run on in the next column at its own height ("… The numbers on the
  // left give the" / "orientation of the nucleotides."): its second half comes right after its first, not after the
  // first column's text under it.
  for (let k = 0; k < out.length; k++) {
    const p = out[k]!;
    if (p.type !== 'caption' || !open(p)) continue;
    const line = height(box(p.lines[0]!));
    const j = out.findIndex((q, i) =>
      i > k && q.type === 'paragraph' && q.lines.length > 0 && !q.unsure && Math.abs(q.bbox[1] - p.bbox[1]) < 0.5 * line && nextColumn(p.bbox, q.bbox) &&
      GOES_ON.test(text(q.lines[0]!).trim()) && alike(p, q));
    if (j < 0) continue;
    const q = out[j]!;
    out[k] = { ...p, lines: [...p.lines, ...q.lines], bbox: union([p.bbox, q.bbox]), parts: [...(p.parts ?? [p.bbox]), q.bbox] };
    out.splice(j, 1);
  }
  for (let k = 0; k < out.length; k++) {
    const p = out[k]!;
    if (p.type !== 'paragraph' || !open(p)) continue;
    // Text set smaller than the paragraph (a first page's affiliations and notes at the column's foot) lies between
    // its parts as footnotes do.
    const aside = (b: Block) => BETWEEN.has(b.type) || smaller(b, p);
    let j = k + 1;
    while (j < out.length && aside(out[j]!)) j++;
    const q = out[j];
    if (!q || q.type !== 'paragraph' || q.lines.length === 0 || Boolean(q.unsure) !== Boolean(p.unsure)) continue;
    if (!GOES_ON.test(text(q.lines[0]!).trim()) || !alike(p, q)) continue;
    if (out.slice(k + 1, j).some((b) => b.type !== 'figure' && b.type !== 'table' && open(b) && alike(b, q))) continue;
    const tail = p.parts?.[p.parts.length - 1] ?? p.bbox;
    const [wp, wq] = [width(tail), width(q.bbox)];
    // (A part of a line or two may end short of its column: it stands at the same left edge, no wider.)
    const shortEnd = wq < wp && Math.abs(q.bbox[0] - tail[0]) < 0.05 * wp;
    if ((Math.max(wp, wq) > SAME_WIDTH * Math.min(wp, wq) && !shortEnd) || width(box(p.lines[p.lines.length - 1]!)) < FULL_LINE * Math.max(wq, shortEnd ? wp : 0)) continue;
    // Where the reading order went wrong, a paragraph in mid-column would "go on" at the top of the next: the
    // first part must end its column and the second start one, or only what lies between must part them.
    const others = out.filter((b, i) => i !== k && i !== j && !aside(b)).flatMap((b) => b.parts ?? [b.bbox]);
    const below = (col: BBox) => others.some((o) => inColumn(o, col) && o[1] >= col[3] - 1);
    const above = (col: BBox) => others.some((o) => inColumn(o, col) && o[3] <= col[1] + 1);
    const across = nextColumn(tail, q.bbox) && !below(tail) && !above(q.bbox);
    const under = j > k + 1 && belowInColumn(tail, q.bbox) && !others.some((o) => inColumn(o, tail) && o[1] >= tail[3] - 1 && o[3] <= q.bbox[1] + 1);
    if (!across && !under) continue;
    out[k] = { ...p, lines: [...p.lines, ...q.lines], bbox: union([p.bbox, q.bbox]), parts: [...(p.parts ?? [p.bbox]), q.bbox] };
    out.splice(j, 1);
    k--; // the joined paragraph may run on into a third column
  }
  return out;
}

/** `q` starts a column to the right of the one `p` ends: left of it nothing of p, and higher than p's foot. */
function nextColumn(p: BBox, q: BBox): boolean {
  return q[0] >= p[2] - 0.1 * width(p) && q[1] < p[3];
}

/** `q` goes on below `p` in the same column. */
function belowInColumn(p: BBox, q: BBox): boolean {
  return q[1] >= p[3] && sameColumn(p, q);
}

/**
 * A block of the column `col`: a title or a figure across the page is in none, and neither is a first page's
 * author or affiliation line centred over the gutter, narrower than a column but reaching well into the other.
 */
function inColumn(o: BBox, col: BBox): boolean {
  const reach = GUTTER_REACH * width(col);
  return sameColumn(o, col) && o[0] >= col[0] - reach && o[2] <= col[2] + reach;
}

/** The two boxes share most of the narrower one's width. */
function sameColumn(a: BBox, b: BBox): boolean {
  return Math.min(a[2], b[2]) - Math.max(a[0], b[0]) >= 0.5 * Math.min(width(a), width(b));
}
