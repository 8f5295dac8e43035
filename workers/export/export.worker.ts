// Export worker: writes a searchable PDF (src/export/searchable-pdf.ts) so pdf-lib, the font and the page
// rewriting stay off the page's thread and out of the main bundle. Started per export, ended after it.
import * as Comlink from 'comlink';
import { openSearchablePdf, type SearchableSource } from '../../src/export/searchable-pdf';
import type { ExportApi } from '../../src/protocol/export-api';
import type { DocumentKind } from '../../src/protocol/render-api';

/** pdf-lib embeds PNG and JPEG as they are; a WebP picture is written as PNG. */
async function sourceOf(kind: DocumentKind, bytes: ArrayBuffer): Promise<SearchableSource> {
  if (kind !== 'webp') return { kind, bytes: new Uint8Array(bytes) };
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/webp' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  const png = await canvas.convertToBlob({ type: 'image/png' });
  return { kind: 'png', bytes: new Uint8Array(await png.arrayBuffer()) };
}

const api: ExportApi = {
  async searchablePdf(job) {
    const font = await fetch(job.fontUrl);
    if (!font.ok) throw new Error(`the text layer's font could not be loaded (${font.status})`);
    const writer = await openSearchablePdf(await sourceOf(job.kind, job.bytes), new Uint8Array(await font.arrayBuffer()));
    for (const page of job.pages) await writer.addPage(page);
    const out = await writer.save();
    return Comlink.transfer(out, [out.bytes.buffer as ArrayBuffer]);
  },
};

Comlink.expose(api);
