import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkImageHeader, imageProblemMessage } from './image-header';

const root = join(import.meta.dirname, '../../..');
const fixture = (name: string) => new Uint8Array(readFileSync(join(root, 'e2e/fixtures', name)));

/** A PNG signature and IHDR chunk claiming `width` × `height` (CRC not checked). */
function pngHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 6;
  return new Uint8Array(b);
}

describe('checkImageHeader', () => {
  it('reads the size of real PNG, JPEG and WebP files', () => {
    for (const [name, kind] of [['page-image.png', 'png'], ['page-image.jpg', 'jpeg'], ['page-image.webp', 'webp']] as const) {
      const r = checkImageHeader(fixture(name), kind);
      expect(r.ok, name).toBe(true);
      if (r.ok) expect(r.width * r.height).toBeGreaterThan(10_000);
    }
  });

  it('gives the same size for the PNG and the WebP of one page', () => {
    const png = checkImageHeader(fixture('page-image.png'), 'png');
    const webp = checkImageHeader(fixture('page-image.webp'), 'webp');
    expect(webp).toEqual(png);
  });

  it('refuses a header claiming more pixels than the budget, and too long a side', () => {
    const r = checkImageHeader(pngHeader(30_000, 30_000), 'png');
    expect(r).toEqual({ ok: false, problem: { kind: 'too-large', width: 30_000, height: 30_000 } });
    if (!r.ok) expect(imageProblemMessage(r.problem)).toBe('this image is 30,000 × 30,000 pixels, too large to open (at most 100 million pixels and 32,767 pixels a side).');
    expect(checkImageHeader(pngHeader(40_000, 10), 'png').ok).toBe(false);
    expect(checkImageHeader(pngHeader(10_000, 9_000), 'png').ok).toBe(true);
  });

  it('refuses a WebP with no image in it, a zero-size PNG and a JPEG with no frame', () => {
    const emptyWebp = new Uint8Array([...Buffer.from('RIFF'), 4, 0, 0, 0, ...Buffer.from('WEBP')]);
    expect(checkImageHeader(emptyWebp, 'webp')).toEqual({ ok: false, problem: { kind: 'damaged' } });
    // An extended (VP8X) header with no image chunk after it: what crashed @napi-rs/canvas's decoder.
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.writeUInt32LE(22, 4);
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUInt32LE(10, 16);
    vp8x.writeUIntLE(99, 24, 3);
    vp8x.writeUIntLE(99, 27, 3);
    expect(checkImageHeader(new Uint8Array(vp8x), 'webp').ok).toBe(false);
    const withImage = Buffer.concat([vp8x, Buffer.from('VP8 '), Buffer.from([10, 0, 0, 0, 0x50, 0, 0, 0x9d, 0x01, 0x2a, 100, 0, 100, 0])]);
    withImage.writeUInt32LE(withImage.length - 8, 4);
    expect(checkImageHeader(new Uint8Array(withImage), 'webp')).toEqual({ ok: true, width: 100, height: 100 });
    expect(checkImageHeader(pngHeader(0, 100), 'png').ok).toBe(false);
    expect(checkImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'jpeg').ok).toBe(false);
    expect(imageProblemMessage({ kind: 'damaged' })).toBe('this image is damaged or incomplete and cannot be decoded.');
  });
});
