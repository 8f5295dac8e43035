// Names in the page queue, all derived from what was asked so that asking twice names the same things:
// a document's key (its input, output folder and the options that shape its Markdown), its jobs' ids, and
// the files its pages and Markdown are written to (the CLI's own names: <stem>.md, <stem>_pg<N>.md).
import { createHash } from 'node:crypto';
import { basename, extname, join } from 'node:path';
import { safeFileName } from '../../src/export/entry-name';

/** What a page's Markdown depends on; a worker builds (and keeps) one engine per distinct value. */
export interface JobSettings {
  mode: 'ocr' | 'own-text';
  /** A pack folder every worker can read; null: each worker's built-in pack. */
  pack: string | null;
  k: 0 | 1 | 2 | 3;
  dropHeaders: boolean;
  /** Line-end hyphens as printed; absent in jobs added before the option (re-joined). */
  keepHyphens?: boolean;
  ownText: boolean;
}

/**
 * A job's settings as a worker reads them: jobs added by an older `pagemark queue add` still in Redis name the own
 * text `pdfText` and the text-only mode `'text-layer'`, and are converted as they were asked to be.
 */
export function jobSettings(stored: JobSettings | (Omit<JobSettings, 'mode' | 'ownText'> & { mode: 'ocr' | 'text-layer'; pdfText: boolean })): JobSettings {
  if (!('pdfText' in stored)) return stored;
  const { pdfText, mode, ...rest } = stored;
  return { ...rest, mode: mode === 'text-layer' ? 'own-text' : mode, ownText: pdfText };
}

export interface DocumentSpec {
  /** An absolute path every worker can read, or an http(s) URL. */
  input: string;
  /** An absolute folder every worker can write. */
  out: string;
  engine: JobSettings;
  limits: { pageTimeMs: number; memoryMb: number };
}

export const isUrl = (input: string) => /^https?:\/\//i.test(input);

/** The file name a document goes by in messages and outputs: a path's own, or a URL's last segment. */
export function fileNameOf(input: string): string {
  if (!isUrl(input)) return basename(input);
  const last = new URL(input).pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as written.
  }
  return safeFileName(name, 'document');
}

/** As the CLI names outputs: the file name without its extension. */
export const stemOf = (fileName: string) => basename(fileName, extname(fileName));

/**
 * A document's key: the same input, output folder and settings give the same key, so adding a document
 * again is a no-op and its jobs can never be queued twice. Limits do not change the Markdown and are left out.
 */
export function documentKey(spec: Pick<DocumentSpec, 'input' | 'out' | 'engine'>): string {
  const { mode, pack, k, dropHeaders, ownText, keepHyphens } = spec.engine;
  // keepHyphens joins the key only when set, so documents added before it keep their keys.
  const canonical = JSON.stringify([spec.input, spec.out, mode, pack, k, dropHeaders, ownText, ...(keepHyphens ? ['keepHyphens'] : [])]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 24);
}

/** A page job's id; `round` > 0 for pages queued again by `queue retry-failed` after their document was assembled. */
export function pageJobId(key: string, page: number, round = 0): string {
  return round ? `${key}-r${round}-p${page}` : `${key}-p${page}`;
}

/** The assembly job that follows a retry round's pages. */
export const repairJobId = (key: string, round: number) => `${key}-r${round}`;

/** Where a document's outputs go, named as `pagemark -o OUT --pages-dir OUT/pages` names them. */
export function outputPaths(out: string, stem: string) {
  return {
    markdown: join(out, `${stem}.md`),
    pagesDir: join(out, 'pages'),
    pageMarkdown: (page: number) => join(out, 'pages', `${stem}_pg${page}.md`),
    pageRecord: (page: number) => join(out, 'pages', `${stem}_pg${page}.json`),
  };
}
