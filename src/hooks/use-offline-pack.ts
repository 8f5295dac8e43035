// The model pack kept for offline use once the app's own offline copy is installed. The service worker does not
// precache the pack (vite.config.ts): the engine downloads and keeps it as it starts, and this keeps it for a
// visit that never starts the model, so installing Pagemark and opening it later offline still reads pages.
import { useEffect, useRef } from 'react';
import { keepPackOffline } from '../cache/load-pack-url';
import { shippedPackUrl } from '../cache/shipped-pack';
import type { PackSource } from '../protocol/engine-api';

/** pack.json for a pack that comes from a URL (the shipped one included); null for chosen files. */
export function packJsonUrl(source: PackSource, base: string): string | null {
  if (source.kind === 'files') return null;
  const url = source.kind === 'url' ? new URL(source.url, base).href : shippedPackUrl(base);
  if (!url) return null;
  return url.endsWith('.json') ? url : `${url.replace(/\/?$/, '/')}pack.json`;
}

/**
 * Keeps `source` in the pack store once the service worker is in place, while the engine is idle and `hold` is
 * off (a first page being read); once per pack and visit. If the engine starts meanwhile, this stops: the engine
 * keeps the pack itself, and two downloads of it would compete.
 */
export function useOfflinePack(source: PackSource, engineIdle: boolean, hold: boolean): void {
  const done = useRef(new Set<string>());
  const url = packJsonUrl(source, document.baseURI);
  useEffect(() => {
    if (!url || !engineIdle || hold || done.current.has(url) || !('serviceWorker' in navigator)) return;
    const abort = new AbortController();
    void navigator.serviceWorker.ready
      .then(() => {
        if (abort.signal.aborted) return;
        return keepPackOffline(url, { fetch: (input, init) => fetch(input, { ...init, signal: abort.signal }) }).then(() => done.current.add(url));
      })
      // A pack that cannot be kept now (offline, a server error) is tried on a later visit; loading it says why.
      .catch(() => {});
    return () => abort.abort();
  }, [url, engineIdle, hold]);
}
