// A pack whose manifest is valid and whose files are all present and hash-checked.
import type { PackManifest } from './manifest-types';

export interface LoadedPack {
  manifest: PackManifest;
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
