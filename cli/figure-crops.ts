// A figure's crop of a rendered page, as PNG bytes (@napi-rs/canvas encodes).
import { createCanvas } from '@napi-rs/canvas';
import { cropImage } from '../src/core/image/crop-image';
import type { BBox, PageImage } from '../src/protocol/page';

export function cropPng(image: PageImage, bbox: BBox): Buffer {
  const crop = cropImage(image, bbox);
  const canvas = createCanvas(crop.width, crop.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(crop.width, crop.height);
  data.data.set(crop.pixels);
  ctx.putImageData(data, 0, 0);
  return canvas.toBuffer('image/png');
}
