// A pack whose manifest is valid and whose files are all present and hash-checked.
import type { LinesPack } from './manifest-types';
import type { PagePack } from '../page-pack/page-pack-types';

/** pack.json: a lines pack (detector + line recognizer) or a page pack (one pass per page image). */
export type PackManifest = LinesPack | PagePack;

export interface LoadedPack<M extends PackManifest = PackManifest> {
  manifest: M;
  /** Verified bytes by path relative to pack.json. */
  files: Map<string, Uint8Array>;
  /** Where it came from (URL, folder, "files"), for messages. */
  source: string;
}

export function packBytes(pack: LoadedPack, file: string): Uint8Array {
  const b = pack.files.get(file);
  if (!b) throw new Error(`${pack.source}: ${file} was not loaded`);
  return b;
}

export function isLinesPack(pack: LoadedPack): pack is LoadedPack<LinesPack> {
  return pack.manifest.kind === 'lines';
}

export function isPagePack(pack: LoadedPack): pack is LoadedPack<PagePack> {
  return pack.manifest.kind === 'page';
}
