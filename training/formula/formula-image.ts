// A rendered formula crop as the engine's page image, with its noise variant: a quarter of the crops
// (chosen by id, so training features and the eval see the same pixels) get Gaussian grain.
import { readPageImage } from '../../src/node/png-page';
import type { PageImage } from '../../src/protocol/page';
import { mulberry32 } from './grammar';

function seedOf(id: string): number {
  let h = 2166136261;
  for (const c of id) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The crop as a page image; a quarter of the crops get Gaussian pixel noise (scanner grain). */
export async function formulaImage(path: string, id: string | null): Promise<PageImage> {
  const crop = await readPageImage(path);
  const px = crop.pixels;
  if (id !== null) {
    const r = mulberry32(seedOf(id));
    if (r() < 0.25) {
      const sigma = 6 + r() * 16;
      for (let i = 0; i < px.length; i += 4) {
        const n = sigma * Math.sqrt(-2 * Math.log(r() + 1e-9)) * Math.cos(2 * Math.PI * r());
        for (let k = 0; k < 3; k++) px[i + k] = px[i + k]! + n;
      }
    }
  }
  return crop;
}

