// A searchable PDF from a document and what Pagemark read on its pages, written with pdf-lib (the one module
// that imports it; the app's export worker and the CLI both use it). The source PDF is loaded as it is and
// each page that needs one gets an invisible text layer (render mode 3) in a content stream of its own, after
// the page's content wrapped in q … Q, so nothing the page draws changes. An image becomes a one-page PDF
// of itself at its own resolution. The font (DejaVu Sans, public/fonts/) is embedded as a subset with a
// ToUnicode map, so copied and searched text is the text Pagemark read.
//
//   const w = await openSearchablePdf(source, fontBytes)
//   w.addPage(outcome) …      one page at a time, as results come in (nothing per page is kept)
//   const { bytes, report } = await w.save()
import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { coverText } from '../core/searchable-pdf/glyph-coverage';
import { emptyReport, layerDecision, recordDecision, type PageOutcome, type SearchablePdfReport } from '../core/searchable-pdf/layer-plan';
import { pageSpace, visibleBox } from '../core/searchable-pdf/page-space';
import { placeLine, type FontMetrics } from '../core/searchable-pdf/word-placement';
import type { PageTextLines } from '../protocol/page';

export type SearchableSource =
  | { kind: 'pdf'; bytes: Uint8Array }
  /** `dpi`: the image's resolution when known; else the page is sized so its long side is A4's. */
  | { kind: 'png' | 'jpeg'; bytes: Uint8Array; dpi?: number };

export interface SearchablePdfWriter {
  pageCount: number;
  /** Adds page `outcome.page`'s text layer where it needs one; each page once. */
  addPage(outcome: PageOutcome): Promise<void>;
  /** The PDF; pages never added are reported as unread and left as they were. */
  save(): Promise<{ bytes: Uint8Array; report: SearchablePdfReport }>;
}

export class SearchablePdfError extends Error {}

const A4_LONG_SIDE = 842;
// fontkit applies ligatures and contextual forms by default; invisible text needs one glyph per character.
const PLAIN_FEATURES = { liga: false, clig: false, dlig: false, rlig: false, calt: false, kern: false };

export async function openSearchablePdf(source: SearchableSource, fontBytes: Uint8Array): Promise<SearchablePdfWriter> {
  const doc = await loadSource(source);
  doc.registerFontkit(fontkit);
  const pages = doc.getPages();
  const report = emptyReport();
  const added = new Set<number>();
  let font: Promise<LayerFont> | undefined;
  // Embedded on the first page that needs it: a document whose pages all keep their own text gets no font.
  const layerFont = () => (font ??= embedLayerFont(doc, fontBytes));

  return {
    pageCount: pages.length,
    async addPage(outcome) {
      const page = pages[outcome.page - 1];
      if (!page || added.has(outcome.page)) return;
      added.add(outcome.page);
      const decision = layerDecision(outcome);
      recordDecision(report, outcome.page, decision);
      if (decision.layer) drawLayer(page, decision.lines, await layerFont(), report);
    },
    async save() {
      for (let p = 1; p <= pages.length; p++) if (!added.has(p)) recordDecision(report, p, { layer: false, reason: 'unread' });
      for (const list of [report.layered, report.ownText, report.failed, report.unread, report.noText]) list.sort((a, b) => a - b);
      const bytes = await doc.save();
      return { bytes, report };
    },
  };
}

interface LayerFont {
  pdf: PDFFont;
  metrics: FontMetrics;
  has(codePoint: number): boolean;
}

async function embedLayerFont(doc: PDFDocument, bytes: Uint8Array): Promise<LayerFont> {
  const face = fontkit.create(bytes);
  // A six-letter tag marks the font as a subset, as the PDF format asks (pdf-lib names it without one).
  const pdf = await doc.embedFont(bytes, { subset: true, features: PLAIN_FEATURES, customName: `PGMARK+${face.postscriptName}` });
  // With no ligatures or kerning a text's advance is the sum of its characters' (as pdf-lib writes /W).
  const advances = new Map<number, number>();
  const advance = (cp: number) => {
    let a = advances.get(cp);
    if (a === undefined) advances.set(cp, (a = face.glyphForCodePoint(cp).advanceWidth / face.unitsPerEm));
    return a;
  };
  const width = (t: string) => {
    let sum = 0;
    for (const ch of t) sum += advance(ch.codePointAt(0)!);
    return sum;
  };
  return {
    pdf,
    metrics: { width, ascent: face.ascent / face.unitsPerEm, descent: face.descent / face.unitsPerEm },
    has: (cp) => face.hasGlyphForCodePoint(cp),
  };
}

async function loadSource(source: SearchableSource): Promise<PDFDocument> {
  if (source.kind === 'pdf') {
    try {
      return await PDFDocument.load(source.bytes, { updateMetadata: false });
    } catch (e) {
      const encrypted = /encrypted/i.test((e as Error).message);
      throw new SearchablePdfError(encrypted ? 'this PDF is encrypted and cannot be rewritten' : `this PDF cannot be rewritten (${(e as Error).message})`);
    }
  }
  const doc = await PDFDocument.create();
  const image = source.kind === 'png' ? await doc.embedPng(source.bytes) : await doc.embedJpg(source.bytes);
  const scale = source.dpi ? 72 / source.dpi : A4_LONG_SIDE / Math.max(image.width, image.height);
  const [w, h] = [image.width * scale, image.height * scale];
  doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
  return doc;
}

/** The page's visible area and rotation as pdf.js draws it, so boxes on its rendering land in place. */
function viewOf(page: PDFPage) {
  return { box: visibleBox(page.getMediaBox(), page.getCropBox()), rotate: page.getRotation().angle };
}

function drawLayer(page: PDFPage, text: PageTextLines, font: LayerFont, report: SearchablePdfReport): void {
  const space = pageSpace(viewOf(page), text.width, text.height);
  const key = page.node.newFontDictionary('PagemarkText', font.pdf.ref);
  const ops: PDFOperator[] = [pushGraphicsState(), beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  // Each word is drawn with a space after it, in the gap its line leaves before the next word: readers that
  // split words by gaps (pdftotext) then never join two words, nor the last word of a line with a line
  // beside it, and copied text has its spaces.
  for (const line of text.lines) {
    const covered = coverText(line.text, font.has);
    report.substituted += covered.substituted;
    report.dropped += covered.dropped;
    for (const w of placeLine({ ...line, text: covered.text }, space, font.metrics)) {
      ops.push(setFontAndSize(key, w.size), setCharacterSqueeze(w.hScale), setTextMatrix(...w.matrix), showText(font.pdf.encodeText(`${w.text} `)));
      report.words++;
    }
  }
  ops.push(endText(), popGraphicsState());
  // addContentStream normalizes the page first: its own content is wrapped in q … Q, so a transform it
  // leaves in place cannot move the layer.
  const stream = page.doc.context.register(page.doc.context.contentStream(ops));
  page.node.addContentStream(stream);
}

