// Every glyph a page draws, where it is drawn, from pdf.js's operator list: the text state (matrix, font
// and size, character and word spacing, horizontal scale, rise) is followed through each show-text
// operation, so a glyph's advance is its font's own width and a superscript set with a text rise is raised.
// pdf.js's text content cannot say this much: it joins glyphs into runs and spreads a run's gaps as spaces.
//
//   operatorGlyphs(operatorList, codes, fontOf, viewportTransform) → Glyph[]   (page-image pixels)
import { fontClass, type Glyph } from './glyphs';
import { compose, IDENTITY, type Matrix } from '../text-layer/pdf-matrix';
import { namedText } from '../text-layer/glyph-names';
import { extensionExtent, extensionGlyph, msbmAccent } from '../text-layer/tex-font-encodings';

export interface TextOpCodes {
  save: number;
  restore: number;
  transform: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  beginText: number;
  setFont: number;
  setTextMatrix: number;
  moveText: number;
  setLeadingMoveText: number;
  nextLine: number;
  setLeading: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setTextRise: number;
  showText: number;
  showSpacedText: number;
  nextLineShowText: number;
  nextLineSetSpacingShowText: number;
}

/** What this needs of a loaded font: its name and its glyph-space matrix. */
export interface GlyphFont {
  name: string;
  fontMatrix?: number[];
  /** The font's /Differences glyph names by character code (glyph-names.ts reads them). */
  differences?: readonly (string | null)[];
  /** The font's ToUnicode by character code, as pdf.js read it (tex-font-encodings.ts: extensionGlyph). */
  unicodes?: readonly (string | null)[];
}

type M = Matrix;
const mul = compose;
const translate = (m: M, x: number, y: number): M => mul(m, [1, 0, 0, 1, x, y]);

interface PdfGlyph {
  unicode?: string;
  /** The code the page shows the glyph by. */
  originalCharCode?: number;
  width?: number;
  isSpace?: boolean;
}

export function operatorGlyphs(
  list: { fnArray: readonly number[]; argsArray: readonly unknown[] },
  codes: TextOpCodes,
  fontOf: (id: string) => GlyphFont | undefined,
  vt: readonly number[],
): Glyph[] {
  let ctm: M = [vt[0]!, vt[1]!, vt[2]!, vt[3]!, vt[4]!, vt[5]!];
  let tm: M = IDENTITY;
  let tlm: M = IDENTITY;
  let font: GlyphFont | undefined;
  let fontSize = 1;
  let charSpacing = 0;
  let wordSpacing = 0;
  let hScale = 1;
  let leading = 0;
  let rise = 0;
  let run = 0;
  const out: Glyph[] = [];
  // The text state parameters belong to the graphics state: q … Q restores them with the matrix.
  type State = [M, GlyphFont | undefined, number, number, number, number, number, number];
  const stack: State[] = [];
  const save = () => stack.push([ctm, font, fontSize, charSpacing, wordSpacing, hScale, leading, rise]);
  const restore = () => {
    const st = stack.pop();
    if (st) [ctm, font, fontSize, charSpacing, wordSpacing, hScale, leading, rise] = st;
  };
  const moveText = (x: number, y: number) => {
    tlm = translate(tlm, x, y);
    tm = tlm;
  };
  const show = (glyphs: readonly (PdfGlyph | number)[]) => {
    if (!font) return;
    run++;
    const fm = font.fontMatrix?.[0] || 0.001;
    const dir = fm < 0 ? -1 : 1;
    const m = mul(ctm, tm);
    // Level text only (slanted is fine: Word slants Symbol's Greek): a turned run is no formula to rebuild.
    const level = Math.abs(m[1]) < 1e-3 * Math.abs(m[0]) && m[0] > 0 && m[3] < 0;
    const size = Math.abs(m[3]) * fontSize;
    let x = 0;
    for (const g of glyphs) {
      if (typeof g === 'number') {
        x -= (g * fontSize) / 1000;
        continue;
      }
      const w = (g.width ?? 0) * fontSize * Math.abs(fm) + ((g.isSpace ? wordSpacing : 0) + charSpacing) * dir;
      // Where pdf.js found no Unicode, the glyph's character code stands in, and its name may say more.
      // Only an extension font's glyphs (cmex's) and a symbol font's (newtx's accents) are read by their code; an
      // extension font's hang by its metrics.
      const cls = fontClass(font.name);
      const code = cls === 'extension' || cls === 'symbol' ? g.originalCharCode : undefined;
      const wide = cls === 'bb' && g.originalCharCode !== undefined ? msbmAccent(g.originalCharCode, font.name) : undefined;
      const ch = wide ?? (code === undefined ? undefined : extensionGlyph(code, font.name, font.unicodes)) ?? (g.unicode === undefined ? undefined : namedText(g.unicode, font.name, font.differences));
      if (level && ch !== undefined) {
        const x0 = m[0] * x * hScale + m[2] * rise + m[4];
        const base = m[1] * x * hScale + m[3] * rise + m[5];
        const x1 = x0 + m[0] * (g.width ?? 0) * fontSize * Math.abs(fm) * hScale;
        out.push({ ch, font: font.name, cls, size, x0, x1, base, run, ...(code !== undefined && extensionExtent(code, font.name)) });
      }
      x += w;
    }
    tm = translate(tm, x * hScale, 0);
  };
  list.fnArray.forEach((fn, i) => {
    const a = (list.argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case codes.save:
        save();
        break;
      case codes.restore:
        restore();
        break;
      case codes.transform:
        ctm = mul(ctm, a as M);
        break;
      case codes.paintFormXObjectBegin: {
        save();
        const fm = a[0] as number[] | null | undefined;
        if (fm && fm.length === 6) ctm = mul(ctm, [...fm] as M);
        break;
      }
      case codes.paintFormXObjectEnd:
        restore();
        break;
      case codes.beginText:
        tm = tlm = IDENTITY;
        break;
      case codes.setFont:
        font = fontOf(String(a[0]));
        fontSize = Number(a[1]) || 1;
        break;
      case codes.setTextMatrix:
        tm = tlm = Array.from((a.length === 6 ? a : a[0]) as ArrayLike<number>).slice(0, 6) as M;
        break;
      case codes.moveText:
        moveText(Number(a[0]), Number(a[1]));
        break;
      case codes.setLeadingMoveText:
        leading = -Number(a[1]);
        moveText(Number(a[0]), Number(a[1]));
        break;
      case codes.nextLine:
        moveText(0, -leading);
        break;
      case codes.setLeading:
        leading = Number(a[0]);
        break;
      case codes.setCharSpacing:
        charSpacing = Number(a[0]) || 0;
        break;
      case codes.setWordSpacing:
        wordSpacing = Number(a[0]) || 0;
        break;
      case codes.setHScale:
        hScale = (Number(a[0]) || 100) / 100;
        break;
      case codes.setTextRise:
        rise = Number(a[0]) || 0;
        break;
      case codes.showText:
      case codes.showSpacedText:
        show(a[0] as (PdfGlyph | number)[]);
        break;
      case codes.nextLineShowText:
        moveText(0, -leading);
        show(a[0] as (PdfGlyph | number)[]);
        break;
      case codes.nextLineSetSpacingShowText:
        wordSpacing = Number(a[0]) || 0;
        charSpacing = Number(a[1]) || 0;
        moveText(0, -leading);
        show(a[2] as (PdfGlyph | number)[]);
        break;
    }
  });
  return out;
}
