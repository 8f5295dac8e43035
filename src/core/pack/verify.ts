// sha256 checks of pack files. Uses Web Crypto, which browsers, workers and Node ≥ 20 all provide.
import { PackError, type PackFile } from './manifest';

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Throws a PackError naming the file when its size or hash differs from pack.json. */
export async function verifyPackFile(f: PackFile, bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength !== f.bytes) {
    throw new PackError(`has ${bytes.byteLength} bytes, pack.json (${f.field}) says ${f.bytes}`, f.file);
  }
  const got = await sha256Hex(bytes);
  if (got !== f.sha256) {
    throw new PackError(`sha256 ${got} differs from pack.json (${f.field}): ${f.sha256}`, f.file);
  }
}
