// Figures: large regions of ink that are not text lines, ruling lines or tables.
//
//   findFigures(image, textBoxes, excluded) → BBox[]
//
// The page is reduced to a coarse grid of cells (ink if any pixel is dark); cells under text lines
// (slightly grown), rules and tables are cleared, and what remains is grouped into connected regions
// (bridging small gaps). A region is a figure when it is large (≥ 1.5 % of the page, ≥ 4 % of each
// side), not a frame around the whole page (scanner borders), and mostly free of text lines.
import type { BBox, PageImage } from '../../protocol/page';

export interface FigureOptions {
  cell: number;
  dark: number;
  minAreaShare: number;
}

const DEFAULTS: FigureOptions = { cell: 8, dark: 200, minAreaShare: 0.015 };

export function findFigures(image: PageImage, textBoxes: BBox[], excluded: BBox[], options: Partial<FigureOptions> = {}): BBox[] {
  const o = { ...DEFAULTS, ...options };
  const { width: w, height: h, pixels } = image;
  const gw = Math.ceil(w / o.cell);
  const gh = Math.ceil(h / o.cell);
  const ink = new Uint8Array(gw * gh);
  const limit = o.dark * 1000;
  for (let y = 0; y < h; y++) {
    const gy = Math.floor(y / o.cell) * gw;
    for (let x = 0, p = y * w * 4; x < w; x++, p += 4) {
      if (pixels[p + 3]! > 128 && 299 * pixels[p]! + 587 * pixels[p + 1]! + 114 * pixels[p + 2]! < limit) ink[gy + ((x / o.cell) | 0)] = 1;
    }
  }
  const clear = (b: BBox, grow: number) => {
    const x0 = Math.max(0, Math.floor((b[0] - grow) / o.cell));
    const y0 = Math.max(0, Math.floor((b[1] - grow) / o.cell));
    const x1 = Math.min(gw - 1, Math.floor((b[2] + grow) / o.cell));
    const y1 = Math.min(gh - 1, Math.floor((b[3] + grow) / o.cell));
    for (let y = y0; y <= y1; y++) ink.fill(0, y * gw + x0, y * gw + x1 + 1);
  };
  for (const b of textBoxes) clear(b, 0.3 * (b[3] - b[1]));
  for (const b of excluded) clear(b, o.cell);
  // Connected regions, bridging gaps of up to two cells.
  const label = new Int32Array(gw * gh);
  const figures: BBox[] = [];
  const stack: number[] = [];
  for (let s = 0; s < gw * gh; s++) {
    if (!ink[s] || label[s]) continue;
    label[s] = 1;
    stack.push(s);
    let [x0, y0, x1, y1] = [gw, gh, -1, -1];
    let count = 0;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % gw;
      const y = (p - x) / gw;
      count++;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const q = ny * gw + nx;
          if (ink[q] && !label[q]) {
            label[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    const bw = (x1 - x0 + 1) / gw;
    const bh = (y1 - y0 + 1) / gh;
    const touchesEdges = Number(x0 === 0) + Number(y0 === 0) + Number(x1 === gw - 1) + Number(y1 === gh - 1);
    if (bw * bh < o.minAreaShare || bw < 0.04 || bh < 0.04 || count < 12) continue;
    if (touchesEdges >= 2 || bw * bh > 0.8) continue;
    const fig: BBox = [x0 * o.cell, y0 * o.cell, Math.min(w, (x1 + 1) * o.cell), Math.min(h, (y1 + 1) * o.cell)];
    // Ink left around text lines (skewed or stylized text) is text, not a figure: figures hold little text.
    const area = (fig[2] - fig[0]) * (fig[3] - fig[1]);
    const textArea = textBoxes.reduce((sum, b) => sum + Math.max(0, Math.min(b[2], fig[2]) - Math.max(b[0], fig[0])) * Math.max(0, Math.min(b[3], fig[3]) - Math.max(b[1], fig[1])), 0);
    if (textArea > 0.2 * area) continue;
    figures.push(fig);
  }
  return figures;
}
