// Formula training data: grammar → KaTeX (must parse) → normalized label → PNG crop rendered by KaTeX in
// headless Chromium at varied sizes, colours, display/inline style, with some blur and small (low-dpi)
// renderings. The held-out split uses its own seed and drops any formula that also occurs in training.
// Usage: npx tsx training/formula/make-data.ts [out dir] [--train N] [--heldout N]
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import katex from 'katex';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { chromium } from 'playwright';
import { latexPieces, normalizeLatex } from '../../src/core/formula/normalize-latex';
import { Grammar, mulberry32, type Rng } from './grammar';
import { formulaPieces } from './vocab';

const args = process.argv.slice(2);
const out = args[0] && !args[0].startsWith('--') ? args[0] : 'training/work/formula';
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const nTrain = opt('--train', 3000);
const nHeld = opt('--heldout', 300);
const MAX_PIECES = 64;

export interface FormulaRecord {
  id: string;
  src: string;
  label: string;
  pieces: number;
  split: 'train' | 'heldout';
  style: { fontPx: number; display: boolean; color: string; background: string; pad: number; blur: number };
  png: string;
}

const vocab = new Set(formulaPieces());
const parses = (tex: string, display = true) => {
  try {
    katex.renderToString(tex, { throwOnError: true, displayMode: display });
    return true;
  } catch {
    return false;
  }
};

function generate(seed: number, n: number, split: FormulaRecord['split'], exclude: Set<string>): FormulaRecord[] {
  const r: Rng = mulberry32(seed);
  const g = new Grammar(r);
  const rows: FormulaRecord[] = [];
  const seen = new Set<string>();
  while (rows.length < n) {
    const src = g.formula();
    const label = normalizeLatex(src);
    const pieces = latexPieces(label);
    if (seen.has(label) || exclude.has(label) || pieces.length > MAX_PIECES || !pieces.every((p) => vocab.has(p))) continue;
    if (!parses(src) || !parses(label)) continue;
    seen.add(label);
    const small = r() < 0.15;
    const fontPx = small ? 9 + Math.floor(r() * 5) : 15 + Math.floor(r() * 22);
    const dark = Math.floor(r() * 50);
    const bg = 255 - Math.floor(r() * r() * 20);
    const id = `${split}-${rows.length}`;
    rows.push({
      id, src, label, pieces: pieces.length, split,
      style: { fontPx, display: r() < 0.8, color: `rgb(${dark},${dark},${dark + Math.floor(r() * 10)})`, background: `rgb(${bg},${bg},${bg})`,
        pad: 2 + Math.floor(r() * 10), blur: r() < 0.2 ? 0.3 + r() * 0.5 : 0 },
      png: join('png', `${id}.png`),
    });
  }
  return rows;
}

const held = generate(2_000_003, nHeld, 'heldout', new Set());
const train = generate(1_000_003, nTrain, 'train', new Set(held.map((h) => h.label)));
const rows = [...train, ...held];
mkdirSync(join(out, 'png'), { recursive: true });
writeFileSync(join(out, 'formulas.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
writeFileSync(join(import.meta.dirname, 'tokenizer.json'), JSON.stringify({ type: 'pieces', pieces: formulaPieces() }));
console.log(`${train.length} training and ${held.length} held-out formulas`);

const css = pathToFileURL(resolve('node_modules/katex/dist/katex.min.css')).href;
const page0 = join(resolve(out), 'render.html');
writeFileSync(page0, `<!doctype html><html><head><link rel="stylesheet" href="${css}"><style>
body{margin:0;background:#fff} #f{display:inline-block} .katex-display{margin:0}</style></head><body><div id="f"></div></body></html>`);
const browser = await chromium.launch({ executablePath: process.env.PAGEMARK_CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 2400, height: 800 } });
await page.goto(pathToFileURL(page0).href);
// load every KaTeX font before the first screenshot
const warm = katex.renderToString('\\mathbb{R}\\mathcal{L}\\mathfrak{g}\\mathrm{d}\\boldsymbol{\\mu}\\sum\\int\\left(\\frac{a}{b}\\right)\\Bigg( x_{i}^{2}', { displayMode: true });
await page.evaluate(async (html) => {
  document.getElementById('f')!.innerHTML = html;
  await document.fonts.ready;
}, warm);
await page.waitForTimeout(500);

const t0 = Date.now();
// Many formulas per screenshot (one capture is the slow part), cropped here by their boxes.
const todo = rows.filter((r) => !existsSync(join(out, r.png)));
const PER_SHOT = 24;
for (let i = 0; i < todo.length; i += PER_SHOT) {
  const batch = todo.slice(i, i + PER_SHOT);
  const items = batch.map((r) => ({ html: katex.renderToString(r.src, { displayMode: r.style.display, throwOnError: true }), s: r.style }));
  const rects = await page.evaluate(async (items) => {
    const root = document.getElementById('f')!;
    root.innerHTML = '';
    root.style.cssText = 'display:block';
    const els = items.map(({ html, s }) => {
      const el = document.createElement('div');
      el.innerHTML = html;
      el.style.cssText = `display:table;margin:0 0 6px 0;font-size:${s.fontPx}px;color:${s.color};background:${s.background};` +
        `padding:${s.pad}px;` + (s.blur ? `filter:blur(${s.blur.toFixed(2)}px)` : '');
      root.appendChild(el);
      return el;
    });
    await document.fonts.ready;
    return els.map((el) => {
      const b = el.getBoundingClientRect();
      return [b.left, b.top, b.width, b.height];
    });
  }, items);
  const height = Math.ceil(Math.max(...rects.map((b) => b[1]! + b[3]!)));
  const width = Math.ceil(Math.max(...rects.map((b) => b[0]! + b[2]!)));
  await page.setViewportSize({ width: Math.max(width, 16), height: Math.max(height, 16) });
  const shot = await loadImage(await page.screenshot({ clip: { x: 0, y: 0, width, height } }));
  batch.forEach((r, k) => {
    const [x, y, w, h] = rects[k]!.map((v, j) => (j < 2 ? Math.floor(v) : Math.ceil(v)));
    const c = createCanvas(w!, h!);
    c.getContext('2d').drawImage(shot, x!, y!, w!, h!, 0, 0, w!, h!);
    writeFileSync(join(out, r.png), c.toBuffer('image/png'));
  });
  if ((i / PER_SHOT) % 20 === 0) console.log(`${i + batch.length} rendered, ${((Date.now() - t0) / (i + batch.length)).toFixed(0)} ms each`);
}
await browser.close();
console.log(`rendered ${rows.length} formulas in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

