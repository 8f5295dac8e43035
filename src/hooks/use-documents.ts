// React's view of the document store; wires the conversion queue to the engine and the settings.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { renderBridge } from '../bridges/render-bridge';
import { DocumentStore } from '../store/document-store';
import type { Engine } from './use-engine';
import { useLatest } from './use-latest';
import { engineSettings, type Settings } from '../settings/settings';

export function useDocumentStore(): DocumentStore {
  return useMemo(() => new DocumentStore(renderBridge), []);
}

export function useDocuments(store: DocumentStore, engine: Engine, settings: Settings) {
  const docs = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const settingsRef = useLatest(settings);
  const { ensureReady, bridge } = engine;

  // The page renderer starts while the app waits for a file, so a dropped PDF's words come sooner.
  useEffect(() => renderBridge.warm(), []);

  useEffect(() => {
    store.setHost({
      ensureReady,
      ocrPage: (request, signal, listener) => bridge.ocrPage(request, signal, listener),
      settings: () => engineSettings(settingsRef.current),
      readOwnText: () => settingsRef.current.ownText === 'use',
    });
    return () => store.setHost(null);
  }, [store, ensureReady, bridge]);

  return { docs };
}
