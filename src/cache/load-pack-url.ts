// A pack from a URL: pack.json, then every file it names, each hash-checked before it is used or cached.
// A corrupt or truncated download is reported and fetched once more (bypassing HTTP caches); a second
// bad copy fails the load. Verified files are kept in the Cache API, so later starts work offline.
import { PackError, packFiles, packVersion, parseManifest, type PackFile } from '../core/pack/manifest';
import type { LoadedPack } from '../core/pack/loaded-pack';
import { verifyPackFile } from '../core/pack/verify';
import type { EngineEvent } from '../protocol/engine-api';
import { fetchBytes } from './fetch-with-progress';
import { packFileUrl } from './pack-file-url';
import { PackStore } from './pack-store';

export interface UrlLoadOptions {
  store?: PackStore;
  onEvent?: (e: EngineEvent) => void;
  fetch?: typeof fetch;
}

export async function loadPackFromUrl(packJsonUrl: string, opts: UrlLoadOptions = {}): Promise<LoadedPack> {
  const files = new Map<string, Uint8Array>();
  const { manifest } = await readPack(packJsonUrl, opts, (file, bytes) => files.set(file, bytes));
  return { manifest, files, source: packJsonUrl };
}

/**
 * Keeps a pack from a URL in the pack store for offline use, holding none of its bytes, so a visit that never
 * starts the model still leaves the app able to read offline. Returns whether anything was downloaded: nothing
 * is when the store holds this version whole already (the engine keeps each pack it loads).
 */
export async function keepPackOffline(packJsonUrl: string, opts: UrlLoadOptions = {}): Promise<boolean> {
  return (await readPack(packJsonUrl, opts)).downloaded;
}

/** Fetches the manifest, then each file from the store or the URL, hash-checked; `use` gets each file's bytes. */
async function readPack(packJsonUrl: string, opts: UrlLoadOptions, use?: (file: string, bytes: Uint8Array) => void) {
  const store = opts.store ?? new PackStore();
  const fetchFn = opts.fetch ?? ((input, init) => fetch(input, init));
  const emit = opts.onEvent ?? (() => {});
  const text = await manifestText(packJsonUrl, store, fetchFn);
  const manifest = parseManifest(text, packJsonUrl);
  const version = packVersion(manifest);
  // Every entry is checked before anything is fetched or cached.
  const entries = packFiles(manifest).map((f) => ({ f, url: packFileUrl(f.file, packJsonUrl, f.field) }));
  const cache = await store.open(manifest.name, version);
  if (!use && cache && (await store.isWhole(cache))) return { manifest, downloaded: false };
  let total = 0;
  let downloaded = false;
  for (const { f, url } of entries) {
    let bytes = cache ? await store.getFile(cache, f.file) : null;
    if (bytes) {
      try {
        await verifyPackFile(f, bytes);
        emit({ type: 'pack-progress', file: f.file, loaded: f.bytes, total: f.bytes });
      } catch (e) {
        // Storage can be damaged too: drop the entry and download the file again.
        emit({ type: 'error', message: `${(e as Error).message} (cached copy); downloading it again` });
        await store.deleteFile(cache!, f.file);
        bytes = null;
      }
    }
    if (!bytes) {
      bytes = await downloadVerified(f, url, fetchFn, emit);
      downloaded = true;
      if (cache) await store.putFile(cache, f.file, bytes);
    }
    emit({ type: 'pack-verified', file: f.file });
    use?.(f.file, bytes);
    total += bytes.byteLength;
  }
  if (cache) {
    // The manifest goes in last: a cache without it is an unfinished download.
    await store.putManifest(cache, text, packJsonUrl, total);
    await store.delete(manifest.name, version);
  }
  return { manifest, downloaded };
}

async function manifestText(url: string, store: PackStore, fetchFn: typeof fetch): Promise<string> {
  try {
    const res = await fetchFn(url, { cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return await res.text();
  } catch (e) {
    const cached = await store.manifestFrom(url);
    if (cached !== null) return cached;
    throw new PackError(`could not be fetched (${(e as Error).message}) and no copy is cached`, url);
  }
}

async function downloadVerified(
  f: PackFile,
  url: string,
  fetchFn: typeof fetch,
  emit: (e: EngineEvent) => void,
): Promise<Uint8Array> {
  const progress = (loaded: number, total: number) => emit({ type: 'pack-progress', file: f.file, loaded, total });
  let bytes = await afterDrops(() => fetchBytes(url, f.bytes, progress, undefined, fetchFn));
  try {
    await verifyPackFile(f, bytes);
    return bytes;
  } catch (e) {
    emit({ type: 'error', message: `${(e as Error).message}; downloading it again` });
  }
  bytes = await afterDrops(() => fetchBytes(url, f.bytes, progress, { cache: 'reload' }, fetchFn));
  await verifyPackFile(f, bytes); // a second bad copy fails the load: it is never used
  return bytes;
}

/** Tries after a dropped connection, with a short wait between; an HTTP error is an answer and is not retried. */
const DROP_TRIES = 3;
const DROP_WAIT_MS = 400;

/**
 * `download`, tried again when the connection drops (fetch's TypeError, "network error"): a pack is tens of
 * megabytes, and a Wi-Fi blip, a proxy hiccup or a service worker busy installing should not fail the model's load.
 */
export async function afterDrops<T>(download: () => Promise<T>, tries = DROP_TRIES, waitMs = DROP_WAIT_MS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await download();
    } catch (e) {
      if (!(e instanceof TypeError) || attempt >= tries) throw e;
      await new Promise((r) => setTimeout(r, waitMs * attempt));
    }
  }
}
