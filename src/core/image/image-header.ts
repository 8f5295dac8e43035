// An image's size from its header, read before anything decodes it: a 74-byte PNG can claim 30000 × 30000
// pixels (3.6 GB decoded), and a 12-byte "RIFF….WEBP" with no image in it crashes some native decoders.
// The app's render worker and the CLI both call this first, so both refuse the same files with the same words.
//
//   checkImageHeader(bytes, kind) → { ok: true, width, height } | { ok: false, problem }
//   imageProblemMessage(problem)  → the sentence both show ("this image …", without the file's name)
import type { DocumentKind } from '../../protocol/document';

/** The most pixels an image may have: 100 M (400 MB as RGBA before it is scaled to the page size). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** The longest side an image may have: the largest canvas side browsers draw. */
export const MAX_IMAGE_SIDE = 32_767;

export type ImageProblem = { kind: 'damaged' } | { kind: 'too-large'; width: number; height: number };

export type ImageHeader = { ok: true; width: number; height: number } | { ok: false; problem: ImageProblem };

type Size = { width: number; height: number } | undefined;

const tag = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** PNG: the IHDR chunk comes first, 13 bytes long. */
function pngSize(b: Uint8Array, view: DataView): Size {
  if (b.length < 33 || view.getUint32(8) !== 13 || tag(b, 12) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG, DAC) holds the height and width. */
function jpegSize(b: Uint8Array, view: DataView): Size {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = view.getUint16(at + 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return undefined;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** Whether one of `tags` is among the RIFF chunks from `at` on. */
function hasChunk(b: Uint8Array, view: DataView, at: number, tags: string[]): boolean {
  while (at + 8 <= b.length) {
    if (tags.includes(tag(b, at))) return true;
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size & 1);
  }
  return false;
}

/** WebP: a RIFF file whose first chunk is a lossy (VP8), lossless (VP8L) or extended (VP8X) image header. */
function webpSize(b: Uint8Array, view: DataView): Size {
  if (b.length < 30 || tag(b, 0) !== 'RIFF' || tag(b, 8) !== 'WEBP') return undefined;
  const chunk = tag(b, 12);
  const size = view.getUint32(16, true);
  if (24 + Math.min(size, 10) > b.length) return undefined;
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // An extended header must be followed by an image: a VP8 or VP8L chunk, or animation frames.
    if (!hasChunk(b, view, 30, ['VP8 ', 'VP8L', 'ANMF'])) return undefined;
    const w = b[24]! | (b[25]! << 8) | (b[26]! << 16);
    const h = b[27]! | (b[28]! << 8) | (b[29]! << 16);
    return { width: w + 1, height: h + 1 };
  }
  return undefined;
}

/** Reads the image's size from its header and checks it against the budget; nothing is decoded. */
export function checkImageHeader(bytes: Uint8Array, kind: Exclude<DocumentKind, 'pdf'>): ImageHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = kind === 'png' ? pngSize(bytes, view) : kind === 'jpeg' ? jpegSize(bytes, view) : webpSize(bytes, view);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, problem: { kind: 'damaged' } };
  const { width, height } = size;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) return { ok: false, problem: { kind: 'too-large', width, height } };
  return { ok: true, width, height };
}

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** What is wrong, as one sentence starting in lower case ("this image …"); callers add the file's name or a capital. */
export function imageProblemMessage(problem: ImageProblem): string {
  if (problem.kind === 'damaged') return 'this image is damaged or incomplete and cannot be decoded.';
  return `this image is ${thousands(problem.width)} × ${thousands(problem.height)} pixels, too large to open (at most ${MAX_IMAGE_PIXELS / 1e6} million pixels and ${thousands(MAX_IMAGE_SIDE)} pixels a side).`;
}
