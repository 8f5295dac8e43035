// Serves pdf.js's offline data (CMaps, standard fonts, image-decoder wasm, ICC profiles) under
// `pdfjs/` in dev and copies it into the build, so PDFs render without any request off the origin.
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

const FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
const MOUNT = 'pdfjs';

function pdfjsRoot(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('pdfjs-dist/package.json'));
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

export function pdfjsAssets(): Plugin {
  const root = pdfjsRoot();
  return {
    name: 'pagemark-pdfjs-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const prefix = `/${MOUNT}/`;
        if (!path.startsWith(prefix)) return next();
        const rel = decodeURIComponent(path.slice(prefix.length));
        if (rel.includes('..') || !FOLDERS.includes(rel.split('/')[0])) return next();
        const file = join(root, rel);
        try {
          if (!statSync(file).isFile()) return next();
        } catch {
          return next();
        }
        if (file.endsWith('.wasm')) res.setHeader('Content-Type', 'application/wasm');
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const folder of FOLDERS) {
        for (const file of listFiles(join(root, folder))) {
          const rel = relative(root, file).split(sep).join('/');
          this.emitFile({ type: 'asset', fileName: `${MOUNT}/${rel}`, source: readFileSync(file) });
        }
      }
    },
  };
}
