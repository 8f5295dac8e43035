/// <reference types="vite-plugin-pwa/client" />
// Registers the service worker and offers a reload when a new version of the app is installed.
import { useEffect, useRef, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { askToTakeOver, keepAskingToTakeOver } from './take-over';

/**
 * A first visit's install copies the app and its runtime into the cache (about 20 MB; the model pack is kept by
 * the engine, or by useOfflinePack on a later visit): when it also copied the pack (about 50 MB), on a
 * 2-core machine it took 0.3 s from a dropped paper's first Markdown and 2 s from the model's start (bench,
 * registered at once against not at all). So it waits INSTALL_DELAY_MS after the app opens, and while
 * `holdFirstInstall` (a document's first page is still being read). A returning visit registers at once: the
 * worker is installed, and registering checks for a new version.
 */
const INSTALL_DELAY_MS = 5000;

export function UpdatePrompt({ holdFirstInstall = false }: { holdFirstInstall?: boolean }) {
  const [updated, setUpdated] = useState(false);
  // New versions seen waiting: each is asked to take over, whether or not its prompt is dismissed ("Later").
  const [waitingSeen, setWaitingSeen] = useState(0);
  const [delayed, setDelayed] = useState(true);
  const registered = useRef(false);
  // The version offered, and the one whose offer was put off ("Later"): that one is not offered again. registerSW
  // reports a version it sees waiting twice, ~200 ms apart, and a version put off takes over when it is asked to.
  const offered = useRef<ServiceWorker | null>(null);
  const putOff = useRef<ServiceWorker | null>(null);
  const supported = 'serviceWorker' in navigator;
  // Whether this tab was served by an installed worker when it opened (not after the first install claims it).
  const [returning] = useState(() => supported && navigator.serviceWorker.controller !== null);

  useEffect(() => {
    const timer = setTimeout(() => setDelayed(false), INSTALL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // Offers the newest version there is (waiting, or now serving the tab) unless it is the one put off.
  const offer = () =>
    void newestWorker().then((worker) => {
      if (worker !== null && worker === putOff.current) return;
      offered.current = worker;
      setUpdated(true);
    });

  useEffect(() => {
    if (!supported || registered.current || (!returning && (delayed || holdFirstInstall))) return;
    registered.current = true;
    // Without onNeedReload, registerSW reloads the tab itself when a version it saw waiting takes over, which
    // would drop the documents being read: no tab is reloaded unless its user asks.
    const onNeedRefresh = () => {
      offer();
      setWaitingSeen((n) => n + 1);
    };
    registerSW({ immediate: true, onNeedRefresh, onNeedReload: offer });
  }, [supported, returning, delayed, holdFirstInstall]);

  // A version seen waiting may stay so: asked again, it takes over at once (take-over.ts says why). A later
  // navigation would wait for it, so it is asked even when its prompt is put off.
  useEffect(() => (waitingSeen > 0 ? keepAskingToTakeOver() : undefined), [waitingSeen]);

  useEffect(() => {
    if (!supported) return;
    // The worker takes over as soon as it can (skipWaiting + clientsClaim, and asked again while it waits): a
    // Reload this tab was offered before that is served by the old version, and is offered the new one again.
    // A change of controller on a tab that already had one means a new version now serves it; a first visit's
    // install claiming the tab does not.
    let controlled = navigator.serviceWorker.controller !== null;
    const onChange = () => {
      if (controlled) offer();
      controlled = true;
    };
    navigator.serviceWorker.addEventListener('controllerchange', onChange);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange);
  }, [supported]);

  if (!updated) return null;
  // A worker still waiting is asked once more before the reload, which would otherwise wait for it.
  const reload = () => void askToTakeOver().catch(() => false).finally(() => location.reload());
  return (
    <div className="update-prompt" role="status">
      <span>A new version of Pagemark is ready.</span>
      <button type="button" className="button button--small button--primary" onClick={reload}>
        Reload
      </button>
      <button
        type="button"
        className="button button--small button--quiet"
        onClick={() => {
          putOff.current = offered.current;
          setUpdated(false);
        }}
      >
        Later
      </button>
    </div>
  );
}

/** The newest service worker this tab knows of: one installing or waiting, else the one serving it. */
async function newestWorker(): Promise<ServiceWorker | null> {
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration?.installing ?? registration?.waiting ?? navigator.serviceWorker.controller ?? registration?.active ?? null;
}
