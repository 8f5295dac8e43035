// The model pack kept for offline use on a visit that never starts the model. The service worker does not
// precache the pack (vite.config.ts): the engine downloads and keeps it as it starts, and this keeps it for a
// visit that only looks, so installing Pagemark and opening it later offline still reads pages.
import { useEffect, useRef, useState } from 'react';
import { keepPackOffline } from '../cache/load-pack-url';
import { shippedPackUrl } from '../cache/shipped-pack';
import type { PackSource } from '../protocol/engine-api';

/** How long a visit stays idle before the pack is kept: a file dropped at once goes to the engine instead. */
export const KEEP_DELAY_MS = 5000;

/** pack.json for a pack that comes from a URL (the shipped one included); null for chosen files. */
export function packJsonUrl(source: PackSource, base: string): string | null {
  if (source.kind === 'files') return null;
  const url = source.kind === 'url' ? new URL(source.url, base).href : shippedPackUrl(base);
  if (!url) return null;
  return url.endsWith('.json') ? url : `${url.replace(/\/?$/, '/')}pack.json`;
}

/**
 * Keeps `source` in the pack store on a visit served by the installed service worker (a first visit installs
 * the worker and, if a document is opened, the engine keeps the pack), KEEP_DELAY_MS after the app opens, while
 * the engine is idle and `hold` is off (a first page being read); once per pack and visit. It stops when the
 * engine starts (the engine keeps the pack itself: two downloads would compete) and when the page goes away.
 * A new version of the app taking over does not stop it: the tab is only offered the reload, and a keep
 * stopped there would not start again until the next visit (nor would one started before a slow take-over).
 */
export function useOfflinePack(source: PackSource, engineIdle: boolean, hold: boolean): void {
  const done = useRef(new Set<string>());
  const supported = 'serviceWorker' in navigator;
  const [returning] = useState(() => supported && navigator.serviceWorker.controller !== null);
  const [settled, setSettled] = useState(false);
  const url = packJsonUrl(source, document.baseURI);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!url || !returning || !settled || !engineIdle || hold || done.current.has(url)) return;
    const abort = new AbortController();
    const stop = () => abort.abort();
    addEventListener('pagehide', stop);
    keepPackOffline(url, { fetch: (input, init) => fetch(input, { ...init, signal: abort.signal }) })
      .then(() => done.current.add(url))
      // A pack that cannot be kept now (offline, a server error, stopped) is tried on a later visit; loading it says why.
      .catch(() => {});
    return () => {
      stop();
      removeEventListener('pagehide', stop);
    };
  }, [url, returning, settled, engineIdle, hold]);
}
