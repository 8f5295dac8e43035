// A pack from files the user dropped or picked (a folder, or pack.json with its files). Every file is
// hash-checked like a download. Files that arrive through npm in shipped packs (the detector) may be
// left out: they are fetched from the app's own default pack when their hash matches.
import { PackError, packFiles, parseManifest } from '../core/pack/manifest';
import type { LoadedPack } from '../core/pack/loaded-pack';
import { verifyPackFile } from '../core/pack/verify';
import type { EngineEvent } from '../protocol/engine-api';
import { fetchBytes } from './fetch-with-progress';
import { packFileUrl } from './pack-file-url';

export interface FilesLoadOptions {
  onEvent?: (e: EngineEvent) => void;
  /** Base URL of the default pack, for npm-provided files the user did not drop. */
  fallbackBase?: string;
  fetch?: typeof fetch;
}

function relPath(f: File): string {
  return (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
}

export async function loadPackFromFiles(files: File[], opts: FilesLoadOptions = {}): Promise<LoadedPack> {
  const emit = opts.onEvent ?? (() => {});
  const manifests = files.filter((f) => f.name === 'pack.json').sort((a, b) => relPath(a).length - relPath(b).length);
  const mf = manifests[0];
  if (!mf) throw new PackError('is missing: choose the pack folder, or pack.json together with its files', 'pack.json');
  const root = relPath(mf).slice(0, -'pack.json'.length);
  const manifest = parseManifest(await mf.text(), relPath(mf));
  const byPath = new Map<string, File>();
  for (const f of files) {
    const p = relPath(f);
    byPath.set(p.startsWith(root) ? p.slice(root.length) : p, f);
  }
  const loaded = new Map<string, Uint8Array>();
  for (const pf of packFiles(manifest)) {
    let file = byPath.get(pf.file);
    if (!file) {
      // Dropped loose (no folder structure): match by base name when that is unambiguous.
      const base = pf.file.split('/').pop()!;
      const same = files.filter((f) => f.name === base);
      if (same.length === 1) file = same[0];
    }
    let bytes: Uint8Array;
    if (file) {
      bytes = new Uint8Array(await file.arrayBuffer());
      emit({ type: 'pack-progress', file: pf.file, loaded: bytes.byteLength, total: pf.bytes });
    } else if (pf.npm && opts.fallbackBase) {
      const url = packFileUrl(pf.file, opts.fallbackBase, pf.field);
      bytes = await fetchBytes(url, pf.bytes, (l, t) => emit({ type: 'pack-progress', file: pf.file, loaded: l, total: t }), undefined, opts.fetch);
    } else {
      throw new PackError(`is missing from the chosen files (named in pack.json at ${pf.field})`, pf.file);
    }
    await verifyPackFile(pf, bytes);
    emit({ type: 'pack-verified', file: pf.file });
    loaded.set(pf.file, bytes);
  }
  return { manifest, files: loaded, source: `local files (${manifest.name})` };
}
