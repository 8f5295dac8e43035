// The detector's map turned with the page (deskew-map.ts): a tilted line on the map comes out level, where
// deskewPage puts the same line on the upright page.
import { describe, expect, it } from 'vitest';
import { deskewPage } from '../image/deskew';
import { deskewProbabilityMap } from './deskew-map';

const blank = (width: number, height: number) => ({ width, height, pixels: new Uint8ClampedArray(width * height * 4).fill(255), dpi: 0 });

/** A 200×100 map of a 400×200 page holding one line, 6 map pixels thick, falling to the right at `angle`. */
function tiltedLine(angle: number) {
  const [mw, mh] = [200, 100];
  const data = new Float32Array(mw * mh);
  for (let y = 0; y < mh; y++) for (let x = 0; x < mw; x++) if (Math.abs(y + 0.5 - (50 + Math.tan(angle) * (x + 0.5 - 100))) < 3) data[y * mw + x] = 1;
  return { width: mw, height: mh, data };
}

/** The rows a column of the map is inked in (value ≥ 0.5). */
const inked = (m: { width: number; height: number; data: Float32Array }, x: number) => {
  const rows = [];
  for (let y = 0; y < m.height; y++) if (m.data[y * m.width + x]! >= 0.5) rows.push(y);
  return rows;
};

describe('deskewProbabilityMap', () => {
  it('turns a line falling at 3° level, at the height deskewPage puts it', () => {
    const skew = 0.052;
    for (const scale of [1, 2]) {
      const upright = deskewPage(blank(400, 200), skew, scale).image;
      const target = { width: Math.round(upright.width / 4), height: Math.round(upright.height / 4) };
      const turned = deskewProbabilityMap(tiltedLine(skew), { width: 400, height: 200 }, skew, scale, upright, target);
      expect([turned.width, turned.height]).toEqual([target.width, target.height]);
      // Across the middle of the line, every column is inked in the same rows: the line is level.
      const centre = (x: number) => inked(turned, x).reduce((a, b) => a + b, 0) / inked(turned, x).length;
      const xs = [0.3, 0.4, 0.5, 0.6, 0.7].map((f) => Math.floor(target.width * f));
      const centres = xs.map(centre);
      expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(1);
      // The page's centre stays the upright page's centre, so the line (through it) runs across the middle.
      expect(Math.abs(centres[2]! + 0.5 - target.height / 2)).toBeLessThanOrEqual(1);
      expect(inked(turned, xs[2]!).length).toBeGreaterThanOrEqual(Math.floor((6 * 2 * scale) / 4) - 1);
    }
  });

  it('leaves the map as it was for no skew at the same size, and is paper outside the page', () => {
    const map = tiltedLine(0);
    const same = deskewProbabilityMap(map, { width: 400, height: 200 }, 0, 1, { width: 400, height: 200 }, { width: 200, height: 100 });
    expect(same.data).toEqual(map.data);
    const wider = deskewProbabilityMap(map, { width: 400, height: 200 }, 0, 1, { width: 600, height: 200 }, { width: 300, height: 100 });
    expect(inked(wider, 10)).toEqual([]);
    expect(inked(wider, 150)).toEqual(inked(map, 100));
  });
});
