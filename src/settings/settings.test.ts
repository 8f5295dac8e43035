import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings, parseSettings, saveSettings } from './settings';

describe('settings persistence', () => {
  it('round-trips through storage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const s = { backend: 'wasm', k: 1, dropHeaders: true, keepHyphens: true, pack: { kind: 'url', url: 'https://example.org/pack/' }, ownText: 'recognize' } as const;
    saveSettings(s, storage);
    expect(loadSettings(storage)).toEqual(s);
  });

  it('falls back per field on bad values', () => {
    expect(parseSettings('{"backend":"cuda","k":7,"dropHeaders":"yes","keepHyphens":1,"pack":{"kind":"url"},"ownText":"ocr"}')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"pdfText":"ocr"}')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"k":0}')).toEqual({ ...DEFAULT_SETTINGS, k: 0 });
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('null')).toEqual(DEFAULT_SETTINGS);
  });

  it('reads the own-text setting as saved under its old name, pdfText', () => {
    expect(parseSettings('{"pdfText":"layer"}')).toEqual({ ...DEFAULT_SETTINGS, ownText: 'use' });
    expect(parseSettings('{"pdfText":"recognize"}')).toEqual({ ...DEFAULT_SETTINGS, ownText: 'recognize' });
    const saved = { backend: 'wasm', k: 2, dropHeaders: true, pack: { kind: 'default' }, pdfText: 'recognize' };
    expect(parseSettings(JSON.stringify(saved))).toEqual({ backend: 'wasm', k: 2, dropHeaders: true, keepHyphens: false, pack: { kind: 'default' }, ownText: 'recognize' });
    expect(parseSettings('{"ownText":"use","pdfText":"recognize"}').ownText).toBe('use');
  });

  it('does not restore local pack files, which cannot survive a reload', () => {
    expect(parseSettings('{"pack":{"kind":"files"}}').pack).toEqual({ kind: 'default' });
  });
});
