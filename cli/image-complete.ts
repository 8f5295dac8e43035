// Whether an image file is whole. @napi-rs/canvas decodes a cut-off PNG or JPEG without complaint
// (the missing rows come out blank), where the browser reports it as damaged; the CLI checks the
// container itself so both report the same files.
import type { DocumentKind } from '../src/protocol/render-api';

/** PNG: a chain of complete chunks ending in IEND. */
function pngComplete(b: Uint8Array): boolean {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 8;
  while (at + 12 <= b.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    at += 12 + length;
    if (at > b.length) return false;
    if (type === 'IEND') return true;
  }
  return false;
}

/**
 * JPEG: the end-of-image marker after the first scan. The segments before the scan are skipped by
 * their lengths (an EXIF thumbnail inside APP1 has markers of its own); data after the marker is allowed.
 */
function jpegComplete(b: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda) {
      // Entropy-coded data stuffs every 0xFF as FF 00, so FF D9 here is the real end.
      for (let i = at + 2; i + 1 < b.length; i++) if (b[i] === 0xff && b[i + 1] === 0xd9) return true;
      return false;
    }
    at += 2 + ((b[at + 2]! << 8) | b[at + 3]!);
  }
  return false;
}

/** WebP: the RIFF header's size covers no more than the file. */
function webpComplete(b: Uint8Array): boolean {
  if (b.length < 12) return false;
  const size = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(4, true);
  return size + 8 <= b.length;
}

export function imageComplete(bytes: Uint8Array, kind: Exclude<DocumentKind, 'pdf'>): boolean {
  return kind === 'png' ? pngComplete(bytes) : kind === 'jpeg' ? jpegComplete(bytes) : webpComplete(bytes);
}
