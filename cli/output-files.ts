// How the CLI writes what it produces: whole files atomically (a killed run leaves the last complete version,
// never half a file), a JSON-lines log a line at a time, and file names made safe inside HTML comments.
import { appendFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let serial = 0;

/** Writes `data` to a temporary file beside `path` and renames it over `path`. */
export async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${serial++}.tmp`);
  await writeFile(temp, data);
  await rename(temp, path);
}

/** Appends one JSON line (one write, so lines from a killed run are whole). */
export async function appendJsonLine(path: string, value: unknown): Promise<void> {
  await appendFile(path, JSON.stringify(value) + '\n');
}

/**
 * A file name as it may appear inside `<!-- … -->`: a name holding `-->` (or `--`, `<`, `>`) would end the
 * comment early and let the rest of the name into the Markdown. Those characters are percent-encoded, and `%`
 * itself, so the name can be read back.
 */
export function commentSafe(name: string): string {
  return name.replace(/%/g, '%25').replace(/-(?=-)|(?<=-)-|[<>]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}
