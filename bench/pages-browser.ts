// npm run bench, everything that runs in Chromium, summarized for pages.json: Pagemark (WASM EP, K=0 and
// the best K) and tesseract.js on the same page images; the WebGPU EP on a small image (correctness and
// call counts); drop-to-first-Markdown cold and warm in the built app; memory over a long PDF.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { makePdf } from '../test/support/pdf-maker';
import { buildApp, firstMarkdown, memoryRun } from './app-chromium';
import { memoryTrend, pageSpeed, r3, stageProfile } from './page-summary';
import { benchPagesChromium, offsite, webGpuCheck } from './pages-chromium';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BenchPage {
  file: string;
  page: number;
  kind: string;
  path: string;
  png: Buffer;
}

export interface BrowserOptions {
  packDir: string;
  ks: number[];
  threads: number;
  /** Also run pagemark-k{best}-inline: the largest K with no encoder workers (the engine encodes lines itself). */
  inlineEncoder: boolean;
  /** Line encoder workers; -1: the app's choice. */
  encoderWorkers: number;
  tesseract: boolean;
  /** Also time pagemark-pdf-text (the largest K, offered each page's own text). */
  ownText: boolean;
  webgpu: boolean;
  webgpuLimitS: number;
  firstMarkdown: boolean;
  memoryPages: number;
  memoryLimitS: number;
  appDist?: string;
}

const MiB = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;

export async function pagesInChromium(pages: BenchPage[], o: BrowserOptions) {
  console.error(`chromium: ${pages.length} pages, Pagemark K=${o.ks.join(',')}${o.tesseract ? ' and tesseract.js' : ''}`);
  const run = await benchPagesChromium(
    pages.map((p) => p.png),
    pages.map((p) => ({ data: readFileSync(p.path), page: p.page })),
    { packDir: o.packDir, ks: o.ks, threads: o.threads, inlineEncoder: o.inlineEncoder, encoderWorkers: o.encoderWorkers, tesseract: o.tesseract, ownText: o.ownText },
  );
  const systems = [...new Set(run.records.map((r) => r.system))];
  const summary: Record<string, object> = {};
  for (const sys of systems) {
    const recs = run.records.filter((r) => r.system === sys);
    const born = recs.filter((r) => pages[r.index]!.kind !== 'scanned');
    const old = recs.filter((r) => pages[r.index]!.file.startsWith('old_scans/'));
    const speed = {
      ...pageSpeed(recs.map((r) => r.seconds)),
      ...(born.length > 0 && { born_digital: pageSpeed(born.map((r) => r.seconds)) }),
      ...(old.length > 0 && { old_scans: pageSpeed(old.map((r) => r.seconds)) }),
    };
    if (!sys.startsWith('pagemark')) {
      summary[sys] = speed;
      continue;
    }
    // Render is the app's own pdf.js render of the same page in Chromium, timed once per page.
    const profile = stageProfile(recs.map((r) => ({ ...r.pagemark!.stats.ms, render: run.renders[r.index]?.renderMs ?? 0, other: r.pagemark!.stats.ms.other + r.pagemark!.decodeMs })));
    const tokens = recs.reduce((a, r) => a + r.pagemark!.stats.tokens, 0);
    const passes = recs.reduce((a, r) => a + (r.pagemark!.stats.tokensPerPass > 0 ? r.pagemark!.stats.tokens / r.pagemark!.stats.tokensPerPass : 0), 0);
    summary[sys] = {
      ...speed,
      profile: profile.share,
      profile_ms: profile.ms,
      tokens,
      decoderCalls: recs.reduce((a, r) => a + r.pagemark!.stats.decoderCalls, 0),
      draftCalls: recs.reduce((a, r) => a + r.pagemark!.stats.draftCalls, 0),
      tokensPerPass: passes > 0 ? r3(tokens / passes) : 0,
    };
  }
  const total = (sys: string) => run.records.filter((r) => r.system === sys).reduce((a, r) => a + r.seconds, 0);
  const ratios: Record<string, number | boolean | null> = {};
  const best = `pagemark-k${Math.max(...o.ks)}`;
  if (o.ks.length > 1) ratios[`speedup_k${Math.max(...o.ks)}_vs_k0`] = r3(total('pagemark-k0') / total(best));
  if (o.tesseract) ratios[`speedup_${best.replace('-', '_')}_vs_tesseract_js`] = r3(total('tesseract.js') / total(best));
  if (o.inlineEncoder) ratios.speedup_encoder_workers_vs_inline = r3(total(`${best}-inline`) / total(best));
  ratios.k_outputs_identical = pages.every((_, i) => new Set(run.records.filter((r) => r.index === i && r.system.startsWith('pagemark-k')).map((r) => r.pagemark!.markdown)).size === 1);
  const bornTotal = (sys: string) => (summary[sys] as { born_digital?: { total_seconds: number } } | undefined)?.born_digital?.total_seconds;
  const bornRatio = (a: string, b: string) => (bornTotal(a) && bornTotal(b) ? r3(bornTotal(b)! / bornTotal(a)!) : null);
  if (o.ownText) {
    ratios.speedup_pdf_text_vs_recognized_born_digital = bornRatio('pagemark-pdf-text', best);
    if (o.tesseract) ratios.speedup_pdf_text_vs_tesseract_js_born_digital = bornRatio('pagemark-pdf-text', 'tesseract.js');
  }
  const perPage = run.records.map((r) => ({
    system: r.system,
    file: pages[r.index]!.file,
    page: pages[r.index]!.page,
    seconds: r3(r.seconds),
    chars: r.chars,
    ...(r.pagemark && {
      ms: Object.fromEntries(Object.entries(r.pagemark.stats.ms).map(([k, v]) => [k, Math.round(v)])),
      tokens: r.pagemark.stats.tokens,
      decoderCalls: r.pagemark.stats.decoderCalls,
      draftCalls: r.pagemark.stats.draftCalls,
    }),
  }));
  return {
    engine: { ...run.engine, engine: 'onnxruntime-web 1.30 WASM EP', tesseract_js: o.tesseract ? 'tesseract.js 7.0.0, eng 4.0.0_best_int, LSTM only, one worker' : null },
    loadMs: { pagemarkOpen: Math.round(run.openMs), pagemarkFirstPage: Math.round(run.warmUpMs), tesseractJsLoad: run.tesseractLoadMs && Math.round(run.tesseractLoadMs) },
    renders: run.renders.map((r, i) => ({ file: pages[i]!.file, page: pages[i]!.page, renderMs: Math.round(r.renderMs), width: r.width, height: r.height })),
    summary,
    ratios,
    offsiteRequests: [...offsite],
    perPage,
  };
}

/** One text line cropped from a fixture: software WebGPU on these 2 cores needs minutes even for that. */
const WEBGPU_IMAGE = { file: 'test/fixtures/pages/issue13242-lines.png', crop: [60, 8, 580, 76] as const };

export async function webGpuInChromium(o: BrowserOptions) {
  const { file, crop } = WEBGPU_IMAGE;
  const [x0, y0, x1, y1] = crop;
  const source = await loadImage(readFileSync(join(root, file)));
  const canvas = createCanvas(x1 - x0, y1 - y0);
  canvas.getContext('2d').drawImage(source, x0, y0, x1 - x0, y1 - y0, 0, 0, x1 - x0, y1 - y0);
  const image = `${file} cropped to [${crop.join(', ')}]`;
  console.error(`chromium: WebGPU EP (software adapter) vs WASM on ${image}`);
  return webGpuCheck(await canvas.encode('png'), image, o.packDir, o.webgpuLimitS);
}

/** Real born-digital papers for the first Markdown, from ../shared when it is there: a 14-page two-column paper, a 10-page one. */
export const FIRST_MARKDOWN_PAPERS = ['corpus-olmocr/pdftotext_two_column_issue.pdf', 'corpus-olmocr/repeating_references_on_pg9_pg10.pdf'];
/** A typed letter scanned with no text of its own: its first Markdown waits for the model to start and read it. */
export const FIRST_MARKDOWN_SCANS = ['eval-real/old_scans/pdfs/31_pg1.pdf'];

/** Drop-to-first-Markdown and the long-PDF memory run, in the app built for this run (or `appDist`). */
export async function appInChromium(o: BrowserOptions, k: number) {
  const tmp = o.appDist ? null : mkdtempSync(join(os.tmpdir(), 'pagemark-bench-app-'));
  const dist = o.appDist ?? tmp!;
  try {
    if (tmp) {
      console.error('building the app for the in-app measurements…');
      await buildApp(dist);
    }
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`no built app in ${dist}`);
    const out: Record<string, unknown> = {};
    if (o.firstMarkdown) {
      // With the default settings (the PDF's own text, where it matches) and with every line recognized.
      const pdf = 'e2e/fixtures/text-page.pdf';
      for (const [key, ownText] of [['firstMarkdown', 'use'], ['firstMarkdownRecognized', 'recognize']] as const) {
        console.error(`app (${ownText}): drop ${pdf} → first Markdown, cold then warm`);
        const fm = await firstMarkdown(dist, readFileSync(join(root, pdf)), k, ownText);
        out[key] = { pdf, k, ownText, ...fm };
      }
      // Real papers, whole (the app opens all their pages; the first page's Markdown is timed), default settings.
      // A scan too: its Markdown comes when the model has started (engineReadyMs) and read the page.
      for (const [key, list] of [['firstMarkdownPapers', FIRST_MARKDOWN_PAPERS], ['firstMarkdownScans', FIRST_MARKDOWN_SCANS]] as const) {
        out[key] = [];
        for (const paper of list.filter((p) => existsSync(join(root, '..', 'shared', p)))) {
          console.error(`app (use): drop ${paper} → first Markdown, cold then warm`);
          const fm = await firstMarkdown(dist, readFileSync(join(root, '..', 'shared', paper)), k, 'use');
          (out[key] as unknown[]).push({ pdf: `../shared/${paper}`, k, ownText: 'use', ...fm });
        }
      }
    }
    if (o.memoryPages > 0) {
      // One A4 page of text per page: the full page is rendered (1414×2000 RGBA, 11 MiB) and run through
      // every stage, while the short text keeps each page cheap enough for hundreds of pages here.
      const pdf = makePdf(Array.from({ length: o.memoryPages }, (_, i) => ({ width: 595, height: 842, fontSize: 16, text: `Page ${i + 1}: pages are released once read.` })));
      console.error(`app: memory while converting a ${o.memoryPages}-page PDF (limit ${o.memoryLimitS} s)`);
      // Every page recognized (the heavier path: every stage runs on every page).
      const m = await memoryRun(dist, pdf, { pages: o.memoryPages, k, ownText: 'recognize', everyMs: 2000, limitS: o.memoryLimitS });
      const settle = Math.max(1, Math.round(m.pagesDone * 0.1));
      const trend = (key: 'jsHeap' | 'arrayBuffers' | 'wasm' | 'rss' | 'pss') => {
        const t = memoryTrend(m.samples.map((s) => ({ pagesDone: s.pagesDone, value: s[key] })), settle);
        return { peakMiB: MiB(t.peak), steadyMiB: MiB(t.steady), growthMiBPer100Pages: MiB(t.growthPer100Pages) };
      };
      out.memory = {
        pdf: `${o.memoryPages} generated A4 pages, one line of text each, every page recognized`,
        k,
        pagesRequested: m.pagesRequested,
        pagesDone: m.pagesDone,
        seconds: m.seconds,
        pages_per_s: m.seconds > 0 ? r3(m.pagesDone / m.seconds) : 0,
        trendsAfterPages: settle,
        jsHeap: trend('jsHeap'),
        arrayBuffers: trend('arrayBuffers'),
        wasm: trend('wasm'),
        browserRss: trend('rss'),
        browserPss: trend('pss'),
        samples: m.samples.map(({ contexts, ...s }) => ({ ...s, byContext: contexts.map((c) => ({ url: c.url.replace(/^https?:\/\/[^/]+/, ''), jsHeapMiB: MiB(c.jsHeapUsed), arrayBuffersMiB: MiB(c.arrayBuffers), wasmMiB: MiB(c.wasm) })) })),
      };
    }
    return out;
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}
