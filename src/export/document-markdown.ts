// Joining pages and packaging results for download.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { PageResult } from '../protocol/page';

/** Pages joined with `<!-- page N -->` markers (DESIGN §4), so a document can be split again. */
export function documentMarkdown(pages: readonly PageResult[]): string {
  return (
    [...pages]
      .sort((a, b) => a.page - b.page)
      .map((p) => `<!-- page ${p.page} -->\n\n${p.markdown.trim()}`)
      .join('\n\n') + '\n'
  );
}

/** `report.pdf` → `report`; the names of downloads are built from it. */
export function baseName(fileName: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const safe = stem.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim();
  return safe || 'document';
}

/** A zip with the document's Markdown and its cropped figures beside it (the links are relative). */
export function documentZip(fileName: string, pages: readonly PageResult[], figures: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const entries: Zippable = { [`${baseName(fileName)}.md`]: strToU8(documentMarkdown(pages)) };
  for (const [name, bytes] of figures) entries[name] = [bytes, { level: 0 }];
  return zipSync(entries, { level: 6 });
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
