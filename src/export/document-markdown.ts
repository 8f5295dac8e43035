// Joining pages and packaging results for download.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { PageResult } from '../protocol/page';
import { EntryNames, safeFileName } from './entry-name';

/** Pages joined with `<!-- page N -->` markers (DESIGN §4), so a document can be split again. */
export function documentMarkdown(pages: readonly PageResult[]): string {
  return (
    [...pages]
      .sort((a, b) => a.page - b.page)
      .map((p) => `<!-- page ${p.page} -->\n\n${p.markdown.trim()}`)
      .join('\n\n') + '\n'
  );
}

/** `report.pdf` → `report`; the names of downloads are built from it (safe to write, short: entry-name.ts). */
export function baseName(fileName: string): string {
  return safeFileName(fileName.replace(/\.[A-Za-z0-9]{1,5}$/, ''));
}

/**
 * A zip with the document's Markdown and its cropped figures beside it (the links are relative). Every entry
 * name is made safe and unique; the figures' own names (figure-p1-1.png) are safe already, so links hold.
 */
export function documentZip(fileName: string, pages: readonly PageResult[], figures: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const names = new EntryNames();
  const entries: Zippable = {};
  for (const [name, bytes] of figures) entries[names.add(name)] = [bytes, { level: 0 }];
  entries[names.add(`${baseName(fileName)}.md`)] = strToU8(documentMarkdown(pages));
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
