// Engine lifecycle for the UI: load the pack once, reload when the backend or pack changes,
// report progress, and expose a promise-returning `ensureReady` for the conversion queue.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EngineBridge } from '../bridges/engine-bridge';
import type { CachedPack, EngineEvent, PackSource } from '../protocol/engine-api';
import { engineSettings, type Settings } from '../settings/settings';
import { useLatest } from './use-latest';

export type EnginePhase = 'idle' | 'loading' | 'ready' | 'error';

export interface EngineStatus {
  phase: EnginePhase;
  backend?: string;
  pack?: string;
  /** Latest download/verify/warm-up step while loading. */
  detail?: string;
  progress?: { loaded: number; total: number };
  message?: string;
  /** Why the backend in use is not the one asked for. */
  fallback?: string;
}

function describe(e: EngineEvent): Partial<EngineStatus> {
  switch (e.type) {
    case 'pack-progress':
      return { detail: `Downloading ${e.file}`, progress: { loaded: e.loaded, total: e.total } };
    case 'pack-verified':
      return { detail: `Verified ${e.file}`, progress: undefined };
    case 'warming-up':
      return { detail: `Warming up (${e.backend})`, progress: undefined };
    case 'fallback':
      return { detail: `Using ${e.to} instead of ${e.from}`, fallback: `Using ${e.to} instead of ${e.from}: ${e.reason}` };
    default:
      return {};
  }
}

export interface Engine {
  status: EngineStatus;
  /** The pack the engine loads (the shipped one, a URL or chosen files). */
  source: PackSource;
  bridge: EngineBridge;
  /** Loads the engine if needed; resolves true when it can OCR. */
  ensureReady(): Promise<boolean>;
  /** Packs kept for offline use (empty until the engine has started). */
  cachedPacks(): Promise<CachedPack[]>;
  deleteCachedPack(name: string): Promise<void>;
}

export function useEngine(settings: Settings, packFiles: File[]): Engine {
  const bridge = useMemo(() => new EngineBridge(), []);
  const [status, setStatus] = useState<EngineStatus>({ phase: 'idle' });
  const loading = useRef<{ key: string; promise: Promise<boolean> } | null>(null);

  const source: PackSource = useMemo(() => {
    if (settings.pack.kind === 'url') return { kind: 'url', url: settings.pack.url };
    if (settings.pack.kind === 'files' && packFiles.length > 0) return { kind: 'files', files: packFiles };
    return { kind: 'default' };
  }, [settings.pack, packFiles]);

  // A different backend or pack needs a fresh worker; K and header dropping apply per page (a new K is warmed up
  // by the engine before its first page).
  const key = `${settings.backend}|${JSON.stringify(settings.pack)}|${packFiles.map((f) => f.name).join(',')}`;

  useEffect(() => {
    if (loading.current && loading.current.key !== key) {
      loading.current = null;
      bridge.terminate();
      setStatus({ phase: 'idle' });
    }
  }, [key, bridge]);

  useEffect(() => () => bridge.terminate(), [bridge]);

  const settingsRef = useLatest(settings);

  const ensureReady = useCallback((): Promise<boolean> => {
    if (loading.current?.key === key && bridge.started) return loading.current.promise;
    setStatus({ phase: 'loading', detail: 'Starting the engine' });
    const promise = bridge
      .init(source, engineSettings(settingsRef.current), (e) => {
        if (e.type === 'error') setStatus((s) => ({ ...s, message: e.message }));
        else setStatus((s) => (s.phase === 'loading' ? { ...s, ...describe(e) } : s));
      })
      .then(
        ({ backend, pack }) => {
          setStatus((s) => ({ phase: 'ready', backend, pack, fallback: s.fallback }));
          return true;
        },
        (err: Error) => {
          bridge.terminate();
          setStatus({ phase: 'error', message: `The model could not be loaded: ${err.message}` });
          return false;
        },
      );
    loading.current = { key, promise };
    return promise;
  }, [bridge, key, source]);

  const cachedPacks = useCallback(() => bridge.listCachedPacks(), [bridge]);
  const deleteCachedPack = useCallback((name: string) => bridge.deleteCachedPack(name), [bridge]);

  return { status, source, bridge, ensureReady, cachedPacks, deleteCachedPack };
}
