// `?src=<url>`: open a document by link (how a shared demo link arrives).

export type Fetched = { ok: true; file: File } | { ok: false; message: string };

/** The document URL given in the page's query string, if any. */
export function sourceFromLocation(search: string): string | null {
  const value = new URLSearchParams(search).get('src');
  return value && value.trim() ? value.trim() : null;
}

function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return url.hostname || 'document';
  try {
    return decodeURIComponent(last);
  } catch {
    // A stray `%` (malformed percent-encoding): the name as written.
    return last;
  }
}

export async function fetchSource(raw: string, base: string, signal?: AbortSignal): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return { ok: false, message: `“${raw}” is not a valid URL.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `Only http and https links can be opened (got ${url.protocol}).` };
  }
  let response: Response;
  try {
    response = await fetch(url, { mode: 'cors', credentials: 'omit', signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    // A CORS refusal and an unreachable host look the same from here, by design of the browser.
    return {
      ok: false,
      message:
        `Could not load ${url.href}. The server could not be reached, or it does not allow other sites to read ` +
        'the file (CORS). Download the file and drop it here instead.',
    };
  }
  if (!response.ok) {
    return { ok: false, message: `Could not load ${url.href}: the server answered ${response.status} ${response.statusText}`.trim() + '.' };
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { ok: false, message: `Could not load ${url.href}: the download broke off (${(err as Error).message}).` };
  }
  return { ok: true, file: new File([blob], nameFromUrl(url), { type: blob.type }) };
}
