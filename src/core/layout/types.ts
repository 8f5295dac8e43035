// Layout types: text lines in, blocks in reading order out. Types only.
import type { BBox, PageImage, RegionType } from '../../protocol/page';

/** One detected text line (page pixels); `text` once the recognizer has read it. */
export interface TextLine {
  bbox: BBox;
  text?: string;
  /** The line's slope in radians, when the detector measured it (DB LineBox.angle). */
  angle?: number;
  /** Its text's size (em height, page pixels), where the source says it: a PDF's font size. */
  size?: number;
  /** Most of its text is set in a bold face, where the source says it: a PDF's font names. */
  bold?: boolean;
}

export interface PageSize {
  width: number;
  height: number;
}

export interface TableCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  /** Indices into the page's lines, top to bottom. */
  lines: number[];
  header: boolean;
  /** This cell's part of its first line, when one line runs across cells (split at a column gap). */
  text?: string;
}

export interface TableGrid {
  rows: number;
  cols: number;
  cells: TableCell[];
}

/** A block of the page; `lines` index the input lines in reading order. */
export interface Block {
  type: RegionType;
  bbox: BBox;
  lines: number[];
  /** Headings: 1..3. */
  level?: 1 | 2 | 3;
  /** Lists: line indices per item, and whether items are numbered. */
  items?: number[][];
  ordered?: boolean;
  /** Tables. */
  table?: TableGrid;
  /** Text the recognizer doubts: written as a guess (pipeline/unsure-text.ts). */
  unsure?: boolean;
  /** A paragraph continued in the next column (column-breaks.ts): each piece's box; `bbox` is their union. */
  parts?: BBox[];
}

export interface LayoutOptions {
  /** Fraction of the page height at the top/bottom where running headers/footers live. */
  headBand: number;
  /** Minimum whitespace between columns, in body line heights. */
  columnGap: number;
  /**
   * When boxes come from a DB detector, the ratio they were grown by (unclip). Text size is then
   * measured on the un-grown core: growth is relatively smaller for short boxes, which would make
   * short headings look no taller than body lines. Leave unset for tight boxes (text layers).
   */
  unclipRatio?: number;
  /**
   * The page for the figure finder's ink test when it differs from the page: a noisy scan's median copy
   * (src/core/image/despeckle.ts), on which speckles and sensor noise are not ink. Same size as the page.
   */
  figureInk?: PageImage;
}

export const LAYOUT_DEFAULTS: LayoutOptions = { headBand: 0.08, columnGap: 0.5 };
