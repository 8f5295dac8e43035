// "Old scan" versions of the generated pages: the same page, as a cheap scanner or a photocopy would give it
// back — lower resolution, a slight rotation, grey paper, toner speckles, blur, sensor noise, JPEG. Every
// system reads the same JPEG, so the page's tests still hold; only reading it gets harder. Seeded per page,
// so a run is repeatable.
import { createCanvas } from '@napi-rs/canvas';
import { mulberry32 as rng } from '../../src/core/random/mulberry32.ts';

export function seedOf(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The scan's settings for one page: drawn once, reported with the results. */
export function scanSettings(seed) {
  const r = rng(seed);
  return {
    scale: 0.5 + 0.15 * r(), // 2000 px long side → 1000–1300 px (A4 at ~120–160 dpi)
    angleDeg: (r() < 0.5 ? -1 : 1) * (0.3 + 1.2 * r()),
    blurPx: 0.4 + 0.6 * r(),
    paper: 225 + Math.floor(25 * r()), // grey level of the paper
    ink: 20 + Math.floor(40 * r()), // grey level of full ink
    noise: 6 + 8 * r(), // sensor noise, standard deviation in grey levels
    speckles: 1e-3 + 2e-3 * r(), // toner dots per pixel
    jpegQuality: 35 + Math.floor(30 * r()),
  };
}

function gaussian(r) {
  const u = Math.max(1e-9, r());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

/**
 * img: {width, height, pixels: RGBA}. Returns the JPEG bytes of the scanned page and its settings.
 * `overrides` replaces drawn settings (angleDeg: 0 keeps line boxes axis-aligned, for line-level scoring).
 */
export function degradePage(img, seed, overrides = {}) {
  const s = { ...scanSettings(seed), ...overrides };
  const r = rng(seed ^ 0x9e3779b9);
  const src = createCanvas(img.width, img.height);
  const sctx = src.getContext('2d');
  const data = sctx.createImageData(img.width, img.height);
  data.data.set(img.pixels);
  sctx.putImageData(data, 0, 0);

  const w = Math.round(img.width * s.scale);
  const h = Math.round(img.height * s.scale);
  const out = createCanvas(w, h);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  // Rotate about the centre while scaling down; blur as the optics would.
  ctx.filter = `blur(${s.blurPx.toFixed(2)}px)`;
  ctx.translate(w / 2, h / 2);
  ctx.rotate((s.angleDeg * Math.PI) / 180);
  ctx.drawImage(src, -w / 2, -h / 2, w, h);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';

  // Grey paper, lighter ink, noise, speckles: on the grey level, as most scans are kept.
  const px = ctx.getImageData(0, 0, w, h);
  const p = px.data;
  const span = (s.paper - s.ink) / 255;
  for (let i = 0; i < p.length; i += 4) {
    const grey = 0.299 * p[i] + 0.587 * p[i + 1] + 0.114 * p[i + 2];
    const v = s.ink + grey * span + s.noise * gaussian(r);
    p[i] = p[i + 1] = p[i + 2] = v;
  }
  for (let k = 0; k < Math.round(s.speckles * w * h); k++) {
    const x = Math.floor(r() * w);
    const y = Math.floor(r() * h);
    const size = r() < 0.8 ? 1 : 2;
    const v = r() < 0.7 ? s.ink : s.paper;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) {
      const i = (Math.min(h - 1, y + dy) * w + Math.min(w - 1, x + dx)) * 4;
      p[i] = p[i + 1] = p[i + 2] = v;
    }
  }
  ctx.putImageData(px, 0, 0);
  return { jpeg: out.toBuffer('image/jpeg', s.jpegQuality), settings: s, width: w, height: h };
}
