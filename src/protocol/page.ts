// Types shared by the UI, the workers, the CLI and core. Types only: no runtime code.

/** A rendered page (or a dropped image), RGBA, row-major, 4 bytes per pixel. */
export interface PageImage {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
  /** Resolution it was rendered at; images report 0 when unknown. */
  dpi: number;
}

/** [x0, y0, x1, y1] in page-image pixels, x0 < x1, y0 < y1. */
export type BBox = [number, number, number, number];

export type RegionType =
  | 'heading'
  | 'paragraph'
  | 'list'
  | 'table'
  | 'formula'
  | 'figure'
  | 'caption'
  | 'footnote'
  | 'header'
  | 'footer';

/** One block of the page: where it is and the Markdown it became. */
export interface Region {
  bbox: BBox;
  type: RegionType;
  markdown: string;
  /** Recognized text the model doubts; its Markdown is wrapped in <div data-unsure>. */
  unsure?: boolean;
  /** A paragraph that goes on in the next column: the box of each piece (`bbox` is their union). */
  parts?: BBox[];
}

/** Decoding and timing counters for one page (summed over its lines/cells/formulas). */
export interface PageStats {
  tokens: number;
  decoderCalls: number;
  draftCalls: number;
  /** acceptedPerStep[k] / proposedPerStep[k]: how often draft step k+1 was right. */
  acceptedPerStep: number[];
  proposedPerStep: number[];
  /** Mean tokens committed per verifier (decoder) pass; 1 for greedy. */
  tokensPerPass: number;
  ms: { total: number; detect: number; encoder: number; decoder: number; draft: number; layout: number; other: number };
  backend: string;
  /**
   * On a recognized page that came out empty: the share of the page marked (core/image/unread-marks.ts), when it
   * is more than paper — handwriting, a drawing or a stamp no line of text was found in. Absent otherwise.
   */
  unreadMarks?: number;
  /** When a PDF page's own text was offered: how many lines came from it and how many were recognized, or why it was not used. */
  ownText?:
    | {
        used: true;
        lines: number;
        recognized: number;
        /** Of the lines recognized, readings the recognizer doubted, left out (a logo, a sideways margin note). */
        doubtful?: number;
        /** Lines stating numbers checked against the pixels; those whose digits read differently (text as the PDF has it). */
        numbersChecked?: number;
        numberConflicts?: { text: string; pixels: string }[];
        /** Share of the page the detector looked at: 1 the whole page, less where the text covered the rest. */
        detectedArea?: number;
      }
    | { used: false; reason: string };
}

export interface FigureCrop {
  /** File name used in the Markdown, e.g. figure-p1-1.png */
  name: string;
  bbox: BBox;
}

export interface PageResult {
  /** 1-based page number within its document. */
  page: number;
  markdown: string;
  regions: Region[];
  figures: FigureCrop[];
  stats: PageStats;
  /** The page's text line by line where it was read, for a searchable PDF (src/core/searchable-pdf). */
  textLines?: PageTextLines;
}

/** One line of text as the Markdown holds it, at its box on the page image. */
export interface PageLine {
  bbox: BBox;
  text: string;
  /**
   * Counter-clockwise quarter turns the text is drawn at on the page image (0: level; 1: it runs bottom to
   * top, a page fed in sideways).
   */
  turns?: number;
}

/** A page's lines in the Markdown's reading order, with the size of the page image their boxes are in. */
export interface PageTextLines {
  width: number;
  height: number;
  lines: PageLine[];
}

/** One line of a PDF page's own text (its text layer), in page-image pixels. */
export interface OwnTextLine {
  bbox: BBox;
  text: string;
  /** The direction the text runs in on the page image, radians (0: level, left to right). */
  direction?: number;
  /** The display formula this line is part of, written from the PDF's glyphs (src/core/glyph-math). */
  formula?: { id: number; latex: string; bbox: BBox; tag?: string };
}

/** A page while it is read: the leading blocks whose lines are all read (no formulas yet). */
export interface PagePartial {
  page: number;
  markdown: string;
  regions: Region[];
  /** Text lines read so far, of `lines`. */
  linesRead: number;
  lines: number;
}
