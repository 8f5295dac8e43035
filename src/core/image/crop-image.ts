// A box of a page as an image of its own: the box rounded out to whole pixels and kept on the page.
import type { BBox, PageImage } from '../../protocol/page';

/** The pixels of `box` (rounded out, within the page, at least one pixel each way) as an image of their own. */
export function cropImage(image: PageImage, box: BBox): PageImage {
  const x0 = Math.max(0, Math.floor(box[0]));
  const y0 = Math.max(0, Math.floor(box[1]));
  const width = Math.max(1, Math.min(image.width, Math.ceil(box[2])) - x0);
  const height = Math.max(1, Math.min(image.height, Math.ceil(box[3])) - y0);
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * image.width + x0) * 4;
    pixels.set(image.pixels.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, pixels, dpi: image.dpi };
}
