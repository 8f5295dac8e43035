// Writes small, valid PDFs for tests that need unusual shapes (a 200-inch page, 500 pages) without
// committing large files. Text uses the standard Helvetica font.
import { writePdf } from './pdf-file';

/**
 * A page with one line of text at its top left, or with a content stream of its own (`content`; fonts F1, and F2
 * in bold).
 * `highlights`: rectangles [x0, y0, x1, y1] (PDF points) painted over the text as highlighting tools flatten
 * them into a page: a form XObject in a non-isolated transparency group, filled with a /Multiply blend.
 * `softMask`: the content may use /Sm (a luminosity soft mask that shows everything: its group paints the page
 * white) and /Sn (soft mask off) as graphics states, as design tools write a drop shadow or a faded ornament.
 */
export type MadePage = { width: number; height: number; highlights?: number[][]; softMask?: boolean } & ({ text: string; fontSize: number } | { content: string });

/**
 * `shiftedText`: the font's ToUnicode map gives every printable character as the next one ("a" as "b"), as a
 * PDF with a broken text layer does: the page shows one text, its text layer says another.
 * `japaneseFont`: F1 is a Japanese font the PDF does not embed, with Adobe's predefined UniJIS-UCS2-H encoding (two
 * bytes per character, its UCS-2 code), as office tools write CJK text; its text is only read through the CMap
 * files pdf.js ships (cmaps/).
 */
export function makePdf(pages: MadePage[], o: { shiftedText?: boolean; japaneseFont?: boolean } = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) - 1 + 1; // object numbers start at 1
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const toUnicode = o.shiftedText ? add(stream(SHIFTED_CMAP)) : 0;
  const font = o.japaneseFont
    ? add(
        `<< /Type /Font /Subtype /Type0 /BaseFont /KozMinPr6N-Regular /Encoding /UniJIS-UCS2-H /DescendantFonts [${add(
          '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /KozMinPr6N-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 6 >> /FontDescriptor ' +
            `${add('<< /Type /FontDescriptor /FontName /KozMinPr6N-Regular /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 740 /StemV 80 >>')} 0 R >>`,
        )} 0 R] >>`,
      )
    : add(`<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica${toUnicode ? ` /ToUnicode ${toUnicode} 0 R` : ''} >>`);
  // F2: the standard bold face, for pages that set headings in bold at the body's size.
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>');
  const kids: number[] = [];
  for (const p of pages) {
    let stream = 'content' in p ? p.content : textLine(p.text, p.fontSize, p.height);
    let xobjects = '';
    if (p.highlights?.length) {
      const multiply = add('<< /Type /ExtGState /BM /Multiply >>');
      const paint = `/M gs 1 0.75 0.63 rg ${p.highlights.map(([x0, y0, x1, y1]) => `${x0} ${y0} ${x1! - x0!} ${y1! - y0!} re f`).join(' ')}`;
      const form = add(
        `<< /Type /XObject /Subtype /Form /BBox [0 0 ${p.width} ${p.height}] /Group << /Type /Group /S /Transparency >> /Resources << /ExtGState << /M ${multiply} 0 R >> >> /Length ${paint.length} >>\nstream\n${paint}\nendstream`,
      );
      xobjects = ` /XObject << /Hl ${form} 0 R >>`;
      stream += '\nq /Hl Do Q';
    }
    let states = '';
    if (p.softMask) {
      const white = `1 1 1 rg 0 0 ${p.width} ${p.height} re f`;
      const group = add(
        `<< /Type /XObject /Subtype /Form /BBox [0 0 ${p.width} ${p.height}] /Group << /Type /Group /S /Transparency /CS /DeviceRGB >> /Length ${white.length} >>\nstream\n${white}\nendstream`,
      );
      const on = add(`<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G ${group} 0 R >> >>`);
      const off = add('<< /Type /ExtGState /SMask /None >>');
      states = ` /ExtGState << /Sm ${on} 0 R /Sn ${off} 0 R >>`;
    }
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${p.width} ${p.height}] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >>${xobjects}${states} >> /Contents ${content} 0 R >>`),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return writePdf(objects, '1.4');
}

const stream = (data: string) => `<< /Length ${data.length} >>\nstream\n${data}\nendstream`;

const SHIFTED_CMAP = [
  '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
  '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
  '/CMapName /Shifted def /CMapType 2 def',
  '1 begincodespacerange <00> <FF> endcodespacerange',
  '1 beginbfrange <21> <7E> <0022> endbfrange',
  'endcmap CMapName currentdict /CMap defineresource pop end end',
].join('\n');

function textLine(text: string, fontSize: number, pageHeight: number): string {
  const escaped = text.replace(/[()\\]/g, (c) => `\\${c}`);
  return `BT /F1 ${fontSize} Tf ${fontSize} ${pageHeight - 2 * fontSize} Td (${escaped}) Tj ET`;
}
