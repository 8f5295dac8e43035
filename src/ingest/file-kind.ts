// A dropped file's kind from its first kilobyte (core/ingest/file-kind.ts reads the bytes).
import { sniffKind, type Sniffed } from '../core/ingest/file-kind';

export async function sniffFile(file: Blob, name: string): Promise<Sniffed> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  return sniffKind(head, name);
}
