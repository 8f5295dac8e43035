// One eval system in a child process: reads {id, pdf, page} requests over IPC and answers with the page's
// Markdown. A page that hangs or crashes the process costs that page only: the parent kills and restarts it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
console.log = (...args) => console.error(...args); // pdf.js chatter stays off the IPC channel's peer's stdout
const { createCanvas } = await import('@napi-rs/canvas');
const { createConverter } = await import('../../../cli/engine.ts');
const { openSource } = await import('../../../cli/page-source.ts');

// reuseOcr: the pagemark-ocr system runs beside this one, so a page with no own text (where the default
// takes the very same path as recognizing, cli/engine.ts) is answered "same as pagemark-ocr" unread.
const [system, pack, k, reuseOcr] = process.argv.slice(2);
const tmp = mkdtempSync(join(tmpdir(), 'pagemark-eval-real-'));

function pagePng(img) {
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(img.width, img.height);
  data.data.set(img.pixels);
  ctx.putImageData(data, 0, 0);
  return canvas.toBuffer('image/png');
}

/** Each system reads the same pixels: the CLI's page render (cli/page-source.ts). */
async function makeRunner() {
  if (system === 'tesseract') {
    return async (source, page) => {
      const png = join(tmp, 'page.png');
      writeFileSync(png, pagePng(await source.render(page)));
      // Plain text is all tesseract gives; its blank-line paragraphs read as Markdown paragraphs.
      return { markdown: execFileSync('tesseract', [png, 'stdout', '-l', 'eng'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }) };
    };
  }
  // pagemark: the app's and the CLI's defaults (a PDF's own text used where it matches the page);
  // pagemark-ocr: every page recognized from its pixels (CLI --no-own-text). Both as the bench transcribes:
  // headers dropped (--drop-headers) and line-end hyphens as printed (--keep-hyphens).
  const engine = await createConverter({ mode: 'ocr', pack, k: Number(k), dropHeaders: true, keepHyphens: true, ownText: system === 'pagemark' });
  return async (source, page) => {
    if (system === 'pagemark' && reuseOcr === 'reuse-ocr') {
      const own = await source.textLines(page).catch(() => undefined);
      if (!own || own.ocrLayer || own.lines.length === 0) return { sameAsOcr: true };
    }
    const result = await engine.ocrPage(source, page);
    return { markdown: result.markdown, ownText: result.stats.ownText };
  };
}

const run = await makeRunner();
process.on('message', async ({ id, pdf, page }) => {
  const t0 = performance.now();
  try {
    const source = await openSource(pdf);
    try {
      const out = await run(source, page);
      process.send({ id, ...out, ms: performance.now() - t0 });
    } finally {
      await source.close();
    }
  } catch (e) {
    process.send({ id, error: String(e?.message ?? e), ms: performance.now() - t0 });
  }
});
process.on('disconnect', () => {
  rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
});
process.send({ ready: true });
