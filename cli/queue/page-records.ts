// A page's result on disk, written so that at-least-once processing gives the same files: the first complete
// record of a page is kept (made under a temporary name and hard-linked into place, so it appears whole or not
// at all), a second run of the page finds it and returns it instead of its own, and the page's Markdown file
// is always written from the kept record. A record from another setting of the same output (another key) is
// replaced.
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { PageResult } from '../../src/protocol/page';
import { writeAtomic } from '../output-files';

export interface PageRecord {
  /** The document key (queue-names.ts) the page was converted for. */
  document: string;
  file: string;
  result: PageResult;
}

let serial = 0;

/** The record at `path` if it is whole and belongs to document `key`. */
export async function readPageRecord(path: string, key: string): Promise<PageRecord | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as PageRecord;
    return record.document === key ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `record` unless the page already has one for the same document; returns the record that is kept. */
export async function keepPageRecord(path: string, markdownPath: string, record: PageRecord): Promise<PageRecord> {
  await mkdir(dirname(path), { recursive: true });
  const kept = (await readPageRecord(path, record.document)) ?? (await placeRecord(path, record));
  await writeAtomic(markdownPath, kept.result.markdown + '\n');
  return kept;
}

async function placeRecord(path: string, record: PageRecord): Promise<PageRecord> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${serial++}.tmp`);
  await writeFile(temp, JSON.stringify(record, null, 2) + '\n');
  try {
    await link(temp, path);
    return record;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    // Another run placed one first: keep it if it is this document's, else it is stale and ours replaces it.
    const other = await readPageRecord(path, record.document);
    if (other) return other;
    await rename(temp, path);
    return record;
  } finally {
    await unlink(temp).catch(() => {});
  }
}
