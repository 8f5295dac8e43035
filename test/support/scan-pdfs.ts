// Scanned-looking PDFs for searchable-PDF tests, made with pdf-lib at test time: each page is one grey
// picture (no text of its own) and may be rotated, cropped or given a UserUnit. Also reads pages back with
// pdf.js the way the CLI renders them, so tests can put boxes on the page image the engine would see.
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFNumber, degrees, StandardFonts } from 'pdf-lib';
import { PDFJS_DATA } from '../../cli/page-source';

export interface ScanPage {
  width: number;
  height: number;
  rotate?: number;
  /** [x, y, width, height] in user space. */
  crop?: [number, number, number, number];
  userUnit?: number;
  /** Real text drawn on the page (Helvetica), so the page has its own text layer. */
  ownText?: string;
}

export function greyPng(width: number, height: number): Uint8Array {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#eee';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#333';
  ctx.fillRect(width * 0.1, height * 0.1, width * 0.5, height * 0.02);
  return new Uint8Array(canvas.toBuffer('image/png'));
}

export async function scanPdf(pages: ScanPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(greyPng(120, 160));
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage([p.width, p.height]);
    page.drawImage(picture, { x: 0, y: 0, width: p.width, height: p.height });
    if (p.ownText) page.drawText(p.ownText, { x: 40, y: p.height - 60, size: 14, font: helvetica });
    if (p.rotate) page.setRotation(degrees(p.rotate));
    if (p.crop) page.setCropBox(...p.crop);
    if (p.userUnit) page.node.set(PDFName.of('UserUnit'), PDFNumber.of(p.userUnit));
  }
  return doc.save();
}

export async function openPdfjs(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs.getDocument({
    data: bytes.slice(),
    ...PDFJS_DATA,
    verbosity: 0,
  }).promise;
}
