// Renders formula records to PNG crops with KaTeX in headless Chromium (Debian's /usr/bin/chromium or
// PAGEMARK_CHROMIUM), many formulas per screenshot (one capture is the slow part), cropped here by their
// boxes. Used by make-data.ts (training and held-out sets) and eval-formula.ts (the held-out set again).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import katex from 'katex';
import { chromium } from 'playwright';

export interface FormulaStyle { fontPx: number; display: boolean; color: string; background: string; pad: number; blur: number }
export interface FormulaRecord {
  id: string;
  src: string;
  label: string;
  pieces: number;
  split: 'train' | 'heldout';
  style: FormulaStyle;
  /** Relative to the output folder. */
  png: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PER_SHOT = 24;

/** Writes `out/<record.png>` for every record that lacks it; `progress(n)` every 20 screenshots. */
export async function renderFormulas(rows: FormulaRecord[], out: string, progress?: (n: number) => void): Promise<void> {
  const todo = rows.filter((r) => !existsSync(join(out, r.png)));
  if (!todo.length) return;
  for (const r of todo) mkdirSync(dirname(join(out, r.png)), { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'pagemark-katex-'));
  const css = pathToFileURL(join(ROOT, 'node_modules/katex/dist/katex.min.css')).href;
  const html = join(tmp, 'render.html');
  writeFileSync(html, `<!doctype html><html><head><link rel="stylesheet" href="${css}"><style>
body{margin:0;background:#fff} .katex-display{margin:0}</style></head><body><div id="f"></div></body></html>`);
  const browser = await chromium.launch({ executablePath: process.env.PAGEMARK_CHROMIUM ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 2400, height: 800 } });
    await page.goto(pathToFileURL(html).href);
    // every KaTeX font loaded before the first screenshot
    const warm = katex.renderToString('\\mathbb{R}\\mathcal{L}\\mathfrak{g}\\mathrm{d}\\boldsymbol{\\mu}\\sum\\int\\left(\\frac{a}{b}\\right)\\Bigg( x_{i}^{2}', { displayMode: true });
    await page.evaluate(async (h) => {
      document.getElementById('f')!.innerHTML = h;
      await document.fonts.ready;
    }, warm);
    await page.waitForTimeout(500);
    for (let i = 0; i < todo.length; i += PER_SHOT) {
      const batch = todo.slice(i, i + PER_SHOT);
      const items = batch.map((r) => ({ html: katex.renderToString(r.src, { displayMode: r.style.display, throwOnError: true }), s: r.style }));
      const rects = await page.evaluate(async (items) => {
        const root = document.getElementById('f')!;
        root.innerHTML = '';
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
      if ((i / PER_SHOT) % 20 === 0) progress?.(i + batch.length);
    }
  } finally {
    await browser.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
