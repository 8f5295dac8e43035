// Cut the figures a page's result names out of the page image, as PNG files.
import type { FigureCrop, PageImage } from '../../src/protocol/page';

function clampBox(box: FigureCrop['bbox'], width: number, height: number): [number, number, number, number] | null {
  const x0 = Math.max(0, Math.floor(Math.min(box[0], box[2])));
  const y0 = Math.max(0, Math.floor(Math.min(box[1], box[3])));
  const x1 = Math.min(width, Math.ceil(Math.max(box[0], box[2])));
  const y1 = Math.min(height, Math.ceil(Math.max(box[1], box[3])));
  return x1 - x0 >= 1 && y1 - y0 >= 1 ? [x0, y0, x1, y1] : null;
}

/** File names are model output too: keep only plain names such as `figure-p1-2.png`. */
export function safeFigureName(name: string): string | null {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.png$/.test(name) ? name : null;
}

export async function cropFigures(image: PageImage, figures: readonly FigureCrop[]): Promise<Map<string, Blob>> {
  const out = new Map<string, Blob>();
  if (figures.length === 0) return out;
  const source = new OffscreenCanvas(image.width, image.height);
  source.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(image.pixels), image.width, image.height), 0, 0);
  for (const figure of figures) {
    const name = safeFigureName(figure.name);
    const box = clampBox(figure.bbox, image.width, image.height);
    if (!name || !box) continue;
    const [x0, y0, x1, y1] = box;
    const crop = new OffscreenCanvas(x1 - x0, y1 - y0);
    crop.getContext('2d')!.drawImage(source, x0, y0, x1 - x0, y1 - y0, 0, 0, x1 - x0, y1 - y0);
    out.set(name, await crop.convertToBlob({ type: 'image/png' }));
  }
  source.width = source.height = 0;
  return out;
}
