// Hostile image files, byte by byte: headers that claim more than they hold, and WebPs that crash decoders.
import { deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  // The CRC is left 0: decoders that check it refuse the file, which is fine for a hostile file.
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

/** A ~80-byte PNG whose header claims `width` × `height` RGBA pixels, with one tiny IDAT. */
export function claimPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]);
}

/** "RIFF", size 4, "WEBP": a WebP with no image at all (12 bytes). */
export const emptyWebp = (): Buffer => Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBP')]);

const riff = (body: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length + 4);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), body]);
};

/**
 * A WebP that passes the header check (an extended header, 100 × 100, then a lossy image chunk) but is flagged
 * as animated without any frames: @napi-rs/canvas 0.1.100's decoder dies of a segmentation fault on it.
 */
export function crashingWebp(): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x[8] = 2; // animation flag
  vp8x.writeUIntLE(99, 12, 3);
  vp8x.writeUIntLE(99, 15, 3);
  const vp8 = Buffer.concat([Buffer.from('VP8 '), Buffer.from([10, 0, 0, 0, 0x50, 0, 0, 0x9d, 0x01, 0x2a, 100, 0, 100, 0])]);
  return riff(Buffer.concat([vp8x, vp8]));
}
