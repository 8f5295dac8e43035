// The Chromium benchmarks' server on 127.0.0.1: Vite's dev server on the repository (the app's config, so the
// same COOP/COEP headers and WASM threads), plus tesseract.js, its wasm core and its eng data served as plain
// files from node_modules under /bench-assets/tesseract/ — the baseline runs offline, never from a CDN.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { createServer, type Plugin, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const TESSERACT_DIRS: Record<string, string> = {
  'tesseract.js': join(root, 'node_modules/tesseract.js/dist'),
  core: join(root, 'node_modules/tesseract.js-core'),
  eng: join(root, 'node_modules/@tesseract.js-data/eng'),
};

const TYPES: Record<string, string> = { js: 'text/javascript', mjs: 'text/javascript', wasm: 'application/wasm', gz: 'application/octet-stream' };

/** Maps /bench-assets/tesseract/<dir>/<file> to a file under TESSERACT_DIRS, or null (also for `..`). */
export function tesseractAssetPath(urlPath: string): string | null {
  const m = /^\/bench-assets\/tesseract\/([^/]+)\/(.+)$/.exec(urlPath);
  const base = m ? TESSERACT_DIRS[m[1]!] : undefined;
  if (!m || !base) return null;
  const rel = normalize(decodeURIComponent(m[2]!));
  if (rel.startsWith('..') || rel.startsWith('/')) return null;
  return join(base, rel);
}

function tesseractAssets(): Plugin {
  return {
    name: 'bench-tesseract-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = tesseractAssetPath(new URL(req.url ?? '/', 'http://x').pathname);
        if (!file) return next();
        if (!existsSync(file) || !statSync(file).isFile()) {
          res.statusCode = 404;
          return res.end();
        }
        res.writeHead(200, { ...ISOLATION_HEADERS, 'Content-Type': TYPES[file.split('.').pop()!] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      });
    },
  };
}

export async function startBenchServer(): Promise<{ url: string; server: ViteDevServer }> {
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    plugins: [tesseractAssets()],
    // No file watching: other work in the tree must not reload the page mid-run.
    server: { port: 0, host: '127.0.0.1', hmr: false, watch: { ignored: ['**/*'] } },
    optimizeDeps: { include: ['comlink', 'onnxruntime-web'] },
  });
  await server.listen();
  return { url: server.resolvedUrls!.local[0]!, server };
}

export const CHROMIUM = process.env.PAGEMARK_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}
