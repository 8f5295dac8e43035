// What a file really is, from its first bytes — extensions and MIME types lie.
import type { DocumentKind } from '../../protocol/document';

export type Sniffed = { ok: true; kind: DocumentKind } | { ok: false; message: string };

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** PDF readers accept the header anywhere in the first 1024 bytes. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const sig = ascii('%PDF-');
  const limit = Math.min(bytes.length - sig.length, 1024);
  for (let i = 0; i <= limit; i++) if (startsWith(bytes, sig, i)) return true;
  return false;
}

/** Reads the kind from the leading bytes (the first 1 KiB is enough). */
export function sniffKind(head: Uint8Array, name: string): Sniffed {
  if (head.length === 0) return { ok: false, message: `“${name}” is empty (0 bytes).` };
  if (hasPdfHeader(head)) return { ok: true, kind: 'pdf' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ok: true, kind: 'png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { ok: true, kind: 'jpeg' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { ok: true, kind: 'webp' };
  const claimed = /\.(pdf|png|jpe?g|webp)$/i.exec(name)?.[1];
  const hint = claimed ? ` Its name ends in .${claimed.toLowerCase()}, but its contents are not.` : '';
  return { ok: false, message: `“${name}” is not a PDF, PNG, JPEG or WebP file.${hint}` };
}
