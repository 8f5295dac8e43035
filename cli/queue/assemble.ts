// A document's Markdown from its page records, exactly as the CLI joins a document's pages: the same
// documentMarkdown, and the CLI's own stand-in for a page that could not be converted.
import type { PageResult } from '../../src/protocol/page';
import { documentMarkdown } from '../../src/export/document-markdown';
import { failedPageResult } from '../run';
import { writeAtomic } from '../output-files';
import { readPageRecord } from './page-records';
import { outputPaths } from './queue-names';

/** Pages 1…pageCount in order; a page with no result gets the stand-in. */
export function assembleDocument(pageCount: number, pages: ReadonlyMap<number, PageResult>): string {
  const all: PageResult[] = [];
  for (let p = 1; p <= pageCount; p++) all.push(pages.get(p) ?? failedPageResult(p));
  return documentMarkdown(all);
}

/** Reads the document's page records and writes its `.md` atomically; returns the pages that had none. */
export async function writeDocument(o: { key: string; out: string; stem: string; pageCount: number }): Promise<{ missing: number[] }> {
  const paths = outputPaths(o.out, o.stem);
  const pages = new Map<number, PageResult>();
  const missing: number[] = [];
  for (let p = 1; p <= o.pageCount; p++) {
    const record = await readPageRecord(paths.pageRecord(p), o.key);
    if (record) pages.set(p, record.result);
    else missing.push(p);
  }
  await writeAtomic(paths.markdown, assembleDocument(o.pageCount, pages));
  return { missing };
}
