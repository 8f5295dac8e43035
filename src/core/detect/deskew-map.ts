// The detector's probability map turned as deskewPage (image/deskew.ts) turns the page, so a deskewed page's lines
// are found without running the detector again (it is the costliest step of a scan after the line encoder, and a
// skewed scan ran it twice). The map of a line is the detector's reading of its ink, which turns with the page.
import type { ProbabilityMap } from './db-postprocess';

/**
 * `map`: the detector's map of a `page.width` × `page.height` page. Returns its map of the page deskewed by `skew`
 * radians at `scale` (deskewPage's arguments; `upright`: the size deskewPage made), sampled at `target` (the detector
 * size of the upright page). Outside the original page the map is 0 (paper).
 */
export function deskewProbabilityMap(
  map: ProbabilityMap,
  page: { width: number; height: number },
  skew: number,
  scale: number,
  upright: { width: number; height: number },
  target: { width: number; height: number },
): ProbabilityMap {
  const { width: w, height: h } = page;
  const { width: mw, height: mh, data: src } = map;
  const [cx, cy, ocx, ocy] = [w / 2, h / 2, upright.width / 2, upright.height / 2];
  // As deskewPage: the source of upright point p' is R(skew)·(p' − centre')/scale + centre.
  const cs = Math.cos(skew) / scale;
  const ss = Math.sin(skew) / scale;
  const [tw, th] = [target.width, target.height];
  const [fx, fy] = [upright.width / tw, upright.height / th];
  const [mx, my] = [mw / w, mh / h];
  const data = new Float32Array(tw * th);
  // Map pixel (u, v) → source map position (su, sv): affine, so it steps by fixed amounts along a row.
  const [du, dv] = [cs * fx * mx, ss * fx * my];
  for (let v = 0; v < th; v++) {
    const dy = (v + 0.5) * fy - ocy;
    const dx0 = 0.5 * fx - ocx;
    let su = (cx + cs * dx0 - ss * dy) * mx - 0.5;
    let sv = (cy + ss * dx0 + cs * dy) * my - 0.5;
    for (let u = 0; u < tw; u++, su += du, sv += dv) {
      if (su <= -1 || sv <= -1 || su >= mw || sv >= mh) continue;
      const u0 = Math.floor(su);
      const v0 = Math.floor(sv);
      const au = su - u0;
      const av = sv - v0;
      let p00 = 0;
      let p10 = 0;
      let p01 = 0;
      let p11 = 0;
      if (u0 >= 0 && v0 >= 0 && u0 + 1 < mw && v0 + 1 < mh) {
        const i = v0 * mw + u0;
        [p00, p10, p01, p11] = [src[i]!, src[i + 1]!, src[i + mw]!, src[i + mw + 1]!];
      } else {
        // At the map's edge, outside is paper (0).
        const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < mw && y < mh;
        if (inside(u0, v0)) p00 = src[v0 * mw + u0]!;
        if (inside(u0 + 1, v0)) p10 = src[v0 * mw + u0 + 1]!;
        if (inside(u0, v0 + 1)) p01 = src[(v0 + 1) * mw + u0]!;
        if (inside(u0 + 1, v0 + 1)) p11 = src[(v0 + 1) * mw + u0 + 1]!;
      }
      const top = p00 + (p10 - p00) * au;
      const bottom = p01 + (p11 - p01) * au;
      data[v * tw + u] = top + (bottom - top) * av;
    }
  }
  return { width: tw, height: th, data };
}
