// Where a file named in pack.json is fetched from. pack.json is checked for `..`, absolute paths and
// backslashes (core/pack/manifest.ts), but a URL resolver undoes more than that: `%2e%2e/` is `../`,
// `http:evil.example/x` is another host, `data:…` is no fetch at all. So the resolved URL itself must lie
// inside the folder of pack.json, on its origin.
import { PackError } from '../core/pack/manifest';

/** The URL of a pack file, or a PackError naming the entry when it would resolve outside the pack. */
export function packFileUrl(file: string, packJsonUrl: string, field?: string): string {
  const folder = new URL('.', packJsonUrl);
  const refuse = (why: string): never => {
    throw new PackError(`resolves outside the pack (${why}); pack files must sit in the folder of pack.json, ${folder.href}`, file, field);
  };
  if (file.includes('\\')) refuse('a backslash');
  if (/^[a-z][a-z0-9+.-]*:/i.test(file) || file.startsWith('/')) refuse('an absolute URL or path');
  if (/%(2e|2f|5c)/i.test(file)) refuse('an encoded dot, slash or backslash');
  let url: URL;
  try {
    url = new URL(file, folder);
  } catch {
    return refuse('not a valid URL');
  }
  if (url.origin !== folder.origin) refuse(`another origin, ${url.origin}`);
  if (!url.href.startsWith(folder.href) || url.href === folder.href) refuse(`it is ${url.href}`);
  return url.href;
}
