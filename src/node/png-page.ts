// A PNG (or JPEG) file as a PageImage at its own size, through @napi-rs/canvas: for Node tools and tests
// that read stored crops and pages (the CLI's page source scales images to the OCR target instead).
import { readFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { PageImage } from '../protocol/page';

export async function readPageImage(path: string): Promise<PageImage> {
  return decodePageImage(readFileSync(path));
}

/** Encoded image bytes (PNG, JPEG) as a PageImage at their own size. */
export async function decodePageImage(bytes: Uint8Array): Promise<PageImage> {
  const img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return { width: img.width, height: img.height, pixels: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), dpi: 0 };
}
