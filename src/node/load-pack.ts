// Reads a pack folder in Node: validates pack.json, reads each file (or resolves its npm specifier from
// node_modules when the file is not in the folder) and checks its sha256.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PackError, packFiles, parseManifest, type PackFile } from '../core/pack/manifest';
import type { LoadedPack } from '../core/pack/loaded-pack';
import { verifyPackFile } from '../core/pack/verify';

/**
 * Finds `@scope/pkg/path/in/package` under the nearest node_modules. Package `exports` maps often hide
 * asset files from require.resolve, so the file is looked up by path.
 */
export async function resolveNpmFile(specifier: string, from: string[]): Promise<string | null> {
  const parts = specifier.split('/');
  const nameParts = specifier.startsWith('@') ? 2 : 1;
  const pkg = parts.slice(0, nameParts).join('/');
  const rest = parts.slice(nameParts);
  if (rest.length === 0 || rest.includes('..')) return null;
  for (const start of from) {
    for (let d = start; ; d = dirname(d)) {
      const candidate = join(d, 'node_modules', pkg, ...rest);
      if (await exists(candidate)) return candidate;
      if (dirname(d) === d) break;
    }
  }
  return null;
}

/** Where a pack file lives on disk: in the folder, else through npm. */
export async function packFilePath(dir: string, f: PackFile): Promise<string> {
  const local = join(dir, f.file);
  if (await exists(local)) return local;
  if (f.npm) {
    const found = await resolveNpmFile(f.npm, [resolve(dir), process.cwd(), fileURLToPath(new URL('.', import.meta.url))]);
    if (found) return found;
    throw new PackError(`is not in the pack folder and npm package file "${f.npm}" is not installed`, f.file);
  }
  throw new PackError(`is missing from ${dir}`, f.file);
}

export async function loadPackDir(dir: string): Promise<LoadedPack> {
  const manifestPath = join(dir, 'pack.json');
  const manifest = parseManifest(await readFile(manifestPath, 'utf8'), manifestPath);
  const files = new Map<string, Uint8Array>();
  for (const f of packFiles(manifest)) {
    const bytes = new Uint8Array(await readFile(await packFilePath(dir, f)));
    await verifyPackFile(f, bytes);
    files.set(f.file, bytes);
  }
  return { manifest, files, source: dir };
}

async function exists(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}
