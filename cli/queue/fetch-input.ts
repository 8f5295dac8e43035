// A URL input becomes a local file for the document process: downloaded once per worker and document (its
// pages are usually converted by the same few workers), under the document's own folder so messages name
// the file as the URL does. A missing document (4xx) cannot come back and fails for good; anything else
// (a timeout, a 5xx, a dropped connection) is left to the job's retries.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InputError } from '../page-source';
import { fileNameOf, isUrl } from './queue-names';

const DOWNLOAD_MS = 300_000;
const cacheRoot = join(tmpdir(), `pagemark-worker-${process.pid}`);
const downloads = new Map<string, Promise<string>>();

/** The local path of a document: a path as given, a URL as its downloaded copy. */
export function localInput(input: string, key: string): Promise<string> {
  if (!isUrl(input)) return Promise.resolve(input);
  let pending = downloads.get(key);
  if (!pending) {
    pending = download(input, join(cacheRoot, key, fileNameOf(input)));
    downloads.set(key, pending);
    // A failed download is tried afresh by the next job.
    pending.catch(() => downloads.delete(key));
  }
  return pending;
}

async function download(url: string, path: string): Promise<string> {
  if (await stat(path).then((s) => s.isFile(), () => false)) return path;
  await mkdir(join(path, '..'), { recursive: true });
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_MS), redirect: 'follow' });
  if (response.status >= 400 && response.status < 500) throw new InputError(`“${fileNameOf(url)}” could not be downloaded: ${url} answered ${response.status}.`);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  const temp = `${path}.part`;
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(temp));
  await rename(temp, path);
  return path;
}

/** Removes this worker's downloads. */
export async function clearDownloads(): Promise<void> {
  downloads.clear();
  await rm(cacheRoot, { recursive: true, force: true });
}
