// A table of contents: entries whose page numbers stand at the column's right edge, a gap (leader dots or
// white space) after their titles. Read as boxes, the numbers lined up as a column of their own, and the
// entries made a two-column table — which, grown on through the body text below, took the page's first
// paragraphs into its rows — or a column of bare numbers read after the titles. An entry is one unit: its
// title's lines and its page number, read as one line.
import type { BBox } from '../../protocol/page';
import { centerY, height } from './geometry';
import { hasSectionNumber } from './text-cues';
import type { TextLine } from './types';

/** A page number as a contents entry sets it: arabic, or a lower-case roman numeral in the front matter. */
const ROMAN = '(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})';
const PAGE = new RegExp(`^(?:\\d{1,4}|${ROMAN})$`);
/** A title that runs out in leader dots ("Methods . . . . ."), its number set apart after them. */
const LEADER_END = /(?:[.·_…]\s?){4,}$/;
/** A heading that names the list ("Contents", "Table of Contents", "List of Figures", "Inhaltsverzeichnis"). */
const CONTENTS_HEADING = /^(?:(?:table\s+of\s+)?contents|list\s+of\s+(?:figures|tables|illustrations)|inhalt(?:sverzeichnis)?|table\s+des\s+mati[èe]res|sommaire|[íi]ndice|contenidos?)\.?$/i;
/** Fewest entries that make a contents list. */
const MIN_ENTRIES = 3;
/** Lines of one title (a section number, the title's words) stand at most this many body heights apart. */
const TITLE_GAP = 2;
/** Entries of one list follow each other at most this many body heights apart (a part's title between). */
const LIST_GAP = 3;
/** A line that ends in its page number, a space before it ("Film 53", "Preface xiii"). */
const ENDS_IN_PAGE = new RegExp(`\\S\\s+(?:\\d{1,4}|${ROMAN})$`);

export interface ContentsEntry {
  /** The entry's lines left to right: its title's, then its page number's (one line where they were read as one). */
  lines: number[];
}

/**
 * The page's contents entries: each page-number line with the lines on its row before it, or a line that ends in its
 * own page number. A list is entries one under another in one column, at least MIN_ENTRIES of them; their arabic
 * page numbers never fall going down, and the list says it is one: leader dots, section numbers on most titles (each
 * its own), or a "Contents" heading. (A form's rows numbered down its right edge, 110, 111, 120 …, are no contents.)
 */
export function contentsEntries(ids: readonly number[], boxes: readonly BBox[], lines: readonly TextLine[], body: number): ContentsEntry[] {
  const text = (i: number) => (lines[i]!.text ?? '').trim();
  const heading = ids.some((i) => CONTENTS_HEADING.test(text(i)));
  const entries: ContentsEntry[] = [];
  const numbers = new Set<number>();
  for (const n of ids) {
    if (!PAGE.test(text(n))) continue;
    const b = boxes[n]!;
    const onRow = (j: number) => j !== n && centerY(b) >= boxes[j]![1] && centerY(b) <= boxes[j]![3] && height(boxes[j]!) < 2 * height(b) && boxes[j]![2] <= b[0] + 0.2 * body;
    // The title: the nearest line to the number's left, whatever the gap; then the lines close before it.
    const left = ids.filter(onRow).sort((p, q) => boxes[q]![2] - boxes[p]![2]);
    if (left.length === 0 || PAGE.test(text(left[0]!))) continue;
    const title = [left[0]!];
    for (const j of left.slice(1)) {
      if (boxes[title[0]!]![0] - boxes[j]![2] > TITLE_GAP * body) break;
      title.unshift(j);
    }
    if (title.some((i) => numbers.has(i))) continue;
    title.forEach((i) => numbers.add(i));
    numbers.add(n);
    entries.push({ lines: [...title, n] });
  }
  for (const i of ids) if (!numbers.has(i) && ENDS_IN_PAGE.test(text(i))) entries.push({ lines: [i] });
  // Lists: entries one under another, each close below the last and beside it (lists side by side stay apart).
  const box = (e: ContentsEntry): BBox => [boxes[e.lines[0]!]![0], Math.min(...e.lines.map((i) => boxes[i]![1])), boxes[e.lines[e.lines.length - 1]!]![2], Math.max(...e.lines.map((i) => boxes[i]![3]))];
  const groups: { entries: ContentsEntry[]; box: BBox }[] = [];
  for (const e of entries.sort((p, q) => box(p)[1] - box(q)[1])) {
    const b = box(e);
    const g = groups.find((x) => b[1] - x.box[3] < LIST_GAP * body && b[1] >= x.box[1] && Math.min(b[2], x.box[2]) > Math.max(b[0], x.box[0]));
    if (g) {
      g.entries.push(e);
      g.box = [Math.min(g.box[0], b[0]), g.box[1], Math.max(g.box[2], b[2]), Math.max(g.box[3], b[3])];
    } else groups.push({ entries: [e], box: b });
  }
  const pageOf = (e: ContentsEntry) => text(e.lines[e.lines.length - 1]!).split(/\s+/).pop()!;
  return groups.flatMap(({ entries: g }) => {
    if (g.length < (heading ? 2 : MIN_ENTRIES)) return [];
    const pages = g.map(pageOf).filter((t) => /^\d+$/.test(t)).map(Number);
    if (pages.some((p, k) => k > 0 && p < pages[k - 1]!)) return [];
    const titles = g.map((e) => (e.lines.length > 1 ? e.lines.slice(0, -1).map(text).join(' ') : text(e.lines[0]!).replace(/\s*\S+$/, '')));
    const leaders = titles.some((t) => LEADER_END.test(t));
    // Section numbers that differ from entry to entry (a form's rows all under one number are no contents).
    const sections = titles.filter(hasSectionNumber).map((t) => t.split(/\s/)[0]!);
    const numbered = sections.length >= 0.5 * titles.length && new Set(sections).size >= 0.8 * sections.length;
    // A form numbers its lines at both ends ("12 Business income . . . . 12"); a chapter starts on its own number's
    // page once at most.
    const formLines = g.filter((e, k) => titles[k]!.split(/\s/)[0] === pageOf(e)).length;
    if (formLines >= 2 && formLines >= 0.5 * sections.length) return [];
    return leaders || numbered || heading ? g : [];
  });
}
