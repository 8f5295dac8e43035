// User settings, persisted in localStorage. Anything unreadable falls back to the default, field by field.
import type { Backend, EngineSettings } from '../protocol/engine-api';

export type PackChoice = { kind: 'default' } | { kind: 'url'; url: string } | { kind: 'files' };

/**
 * Where a PDF page's text comes from: the PDF's own text where that matches the pixels (the default: several
 * times faster, and exact where the PDF was made by a program), or always the pixels.
 */
export type OwnTextSetting = 'use' | 'recognize';

export interface Settings extends EngineSettings {
  pack: PackChoice;
  ownText: OwnTextSetting;
}

export const DEFAULT_SETTINGS: Settings = { backend: 'auto', k: 3, dropHeaders: false, keepHyphens: false, pack: { kind: 'default' }, ownText: 'use' };

const STORAGE_KEY = 'pagemark.settings.v1';

const BACKENDS: Backend[] = ['auto', 'webgpu', 'wasm'];

function parsePack(value: unknown): PackChoice {
  const v = value as { kind?: unknown; url?: unknown } | null;
  if (v?.kind === 'url' && typeof v.url === 'string') return { kind: 'url', url: v.url };
  // Local files cannot survive a reload; the user picks them again.
  return { kind: 'default' };
}

/** The own-text setting, or as saved before it had that name (`pdfText: 'layer' | 'recognize'`). */
function parseOwnText(value: Record<string, unknown>): OwnTextSetting {
  if (value.ownText === 'use' || value.ownText === 'recognize') return value.ownText;
  if (value.pdfText === 'layer') return 'use';
  if (value.pdfText === 'recognize') return 'recognize';
  return DEFAULT_SETTINGS.ownText;
}

export function parseSettings(raw: string | null): Settings {
  if (!raw) return DEFAULT_SETTINGS;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
    if (!value || typeof value !== 'object') return DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
  const k = value.k;
  return {
    backend: BACKENDS.includes(value.backend as Backend) ? (value.backend as Backend) : DEFAULT_SETTINGS.backend,
    k: k === 0 || k === 1 || k === 2 || k === 3 ? k : DEFAULT_SETTINGS.k,
    dropHeaders: typeof value.dropHeaders === 'boolean' ? value.dropHeaders : DEFAULT_SETTINGS.dropHeaders,
    keepHyphens: typeof value.keepHyphens === 'boolean' ? value.keepHyphens : DEFAULT_SETTINGS.keepHyphens,
    pack: parsePack(value.pack),
    ownText: parseOwnText(value),
  };
}

export function loadSettings(storage: Pick<Storage, 'getItem'> = localStorage): Settings {
  try {
    return parseSettings(storage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(settings: Settings, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode or a full quota: the setting still applies for this visit.
  }
}

export function engineSettings(s: Settings): EngineSettings {
  return { backend: s.backend, k: s.k, dropHeaders: s.dropHeaders, keepHyphens: s.keepHyphens };
}
