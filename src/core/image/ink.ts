// Whether a page pixel is ink: opaque and darker than mid-grey. Drawn bullets (layout/bullets.ts) and the
// formula crops' growth (formula/formula-crops.ts) test the same pixels the same way.
//
//   darkAt(image) → (x, y) → boolean
import type { PageImage } from '../../protocol/page';

export function darkAt(image: PageImage): (x: number, y: number) => boolean {
  const { width: w, pixels } = image;
  return (x, y) => {
    const p = (y * w + x) * 4;
    return pixels[p + 3]! > 128 && 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]! < 128_000;
  };
}
