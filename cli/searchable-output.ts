// `pagemark FILE --searchable-pdf OUT.pdf`: the input with an invisible text layer on each page Pagemark read
// (src/export/searchable-pdf.ts). Pages are added as they are converted, so only their lines are held, never
// their pixels. Nothing here throws: a PDF that cannot be rewritten is reported and the Markdown still goes out.
import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describeReport, type SearchablePdfReport } from '../src/core/searchable-pdf/layer-plan';
import { openSearchablePdf, type SearchablePdfWriter, type SearchableSource } from '../src/export/searchable-pdf';
import { sniffKind } from '../src/core/ingest/file-kind';
import type { PageResult } from '../src/protocol/page';
import { writeAtomic } from './output-files';
import type { PageSource } from './page-source';

/** The font of the text layer: the app's own static asset. */
export const LAYER_FONT = fileURLToPath(new URL('../public/fonts/DejaVuSans.ttf', import.meta.url));

export interface SearchableOutput {
  /** Adds a page as converted (`result` undefined: it failed, and stays as it was). */
  addPage(source: PageSource, page: number, result: PageResult | undefined): Promise<void>;
  /** Writes the PDF; the report, or an error message. */
  finish(): Promise<{ ok: true; report: SearchablePdfReport; message: string } | { ok: false; message: string }>;
}

export async function searchableOutput(file: string, out: string): Promise<SearchableOutput> {
  let writer: SearchablePdfWriter | undefined;
  let failure: string | undefined;
  let kind: string | undefined;
  try {
    const [bytes, font] = await Promise.all([readFile(file), readFile(LAYER_FONT)]);
    const sniffed = sniffKind(bytes.subarray(0, 1024), basename(file));
    if (!sniffed.ok) throw new Error(sniffed.message);
    kind = sniffed.kind;
    writer = await openSearchablePdf(await sourceOf(sniffed.kind, new Uint8Array(bytes)), new Uint8Array(font));
  } catch (e) {
    failure = (e as Error).message;
  }
  return {
    async addPage(source, page, result) {
      if (!writer) return;
      try {
        // A page that draws text of its own (born digital, or a scan another program made searchable) keeps it.
        const ownText = !!result && kind === 'pdf' && (await source.textLines(page)).lines.length > 0;
        await writer.addPage({ page, status: result ? 'done' : 'failed', ownText, textLines: result?.textLines });
      } catch (e) {
        // Its own text could not be read: the page is left as it was rather than risk a second layer.
        await writer.addPage({ page, status: 'failed', ownText: false });
        process.stderr.write(`pagemark: “${basename(file)}” page ${page} was left without a text layer: ${(e as Error).message}\n`);
      }
    },
    async finish() {
      if (!writer) return { ok: false, message: `the searchable PDF could not be made: ${failure}` };
      try {
        const { bytes, report } = await writer.save();
        await mkdir(dirname(out), { recursive: true });
        await writeAtomic(out, bytes);
        return { ok: true, report, message: `${basename(out)}: ${describeReport(report)}` };
      } catch (e) {
        return { ok: false, message: `the searchable PDF could not be written: ${(e as Error).message}` };
      }
    },
  };
}

/** pdf-lib embeds PNG and JPEG as they are; a WebP picture is written as PNG. */
async function sourceOf(kind: string, bytes: Uint8Array): Promise<SearchableSource> {
  if (kind === 'pdf' || kind === 'png' || kind === 'jpeg') return { kind, bytes };
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { kind: 'png', bytes: new Uint8Array(canvas.toBuffer('image/png')) };
}
