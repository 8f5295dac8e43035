import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageComplete } from './image-complete';

const fx = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '../e2e/fixtures', name)));
const kinds = [
  ['page-image.png', 'png'],
  ['page-image.jpg', 'jpeg'],
  ['page-image.webp', 'webp'],
] as const;

describe('imageComplete', () => {
  for (const [file, kind] of kinds) {
    it(`accepts a whole ${kind} and rejects it cut anywhere`, () => {
      const bytes = fx(file);
      expect(imageComplete(bytes, kind)).toBe(true);
      for (const keep of [0.1, 0.5, 0.9, 0.999]) expect(imageComplete(bytes.subarray(0, Math.floor(bytes.length * keep)), kind), `${keep}`).toBe(false);
      expect(imageComplete(bytes.subarray(0, bytes.length - 1), kind)).toBe(false);
    });
  }

  it('accepts data after a JPEG’s end marker (camera trailers) and the fixture’s truncated PNG is not whole', () => {
    const jpeg = fx('page-image.jpg');
    const trailer = new Uint8Array(jpeg.length + 64).fill(0x41);
    trailer.set(jpeg);
    expect(imageComplete(trailer, 'jpeg')).toBe(true);
    expect(imageComplete(fx('broken.png'), 'png')).toBe(false);
  });
});
