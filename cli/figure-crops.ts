// A figure's crop of a rendered page, as PNG bytes (@napi-rs/canvas encodes).
import { createCanvas } from '@napi-rs/canvas';
import type { BBox, PageImage } from '../src/protocol/page';

export function cropPng(image: PageImage, bbox: BBox): Buffer {
  const x0 = Math.max(0, Math.floor(bbox[0]));
  const y0 = Math.max(0, Math.floor(bbox[1]));
  const x1 = Math.min(image.width, Math.ceil(bbox[2]));
  const y1 = Math.min(image.height, Math.ceil(bbox[3]));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(w, h);
  for (let y = 0; y < h; y++) {
    const from = ((y0 + y) * image.width + x0) * 4;
    data.data.set(image.pixels.subarray(from, from + w * 4), y * w * 4);
  }
  ctx.putImageData(data, 0, 0);
  return canvas.toBuffer('image/png');
}
