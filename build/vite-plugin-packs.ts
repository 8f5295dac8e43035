// Ships the default model pack with the app: the build emits models/<pack>/… (pack.json, its graphs and
// the npm-provided detector), hash-checked at build time; the dev server serves the same paths. The
// worker finds the pack relative to the app's base through the `__PAGEMARK_PACK__` define (defines reach
// worker bundles too), so the build works from any sub-path and the PWA precaches the pack with the app.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { packFiles, parseManifest } from '../src/core/pack/manifest';
import { verifyPackFile } from '../src/core/pack/verify';
import { packFilePath } from '../src/node/load-pack';

export interface PacksPluginOptions {
  /** Candidates for the shipped pack, first present wins (a pack is present when its pack.json exists). */
  packs?: string[];
  modelsDir?: string;
}

export function pagemarkPacks(options: PacksPluginOptions = {}): Plugin {
  const candidates = options.packs ?? ['pocket', 'test-tiny'];
  let modelsDir = '';
  let shipped: string | null = null;

  const packDir = (name: string) => join(modelsDir, name);

  async function packAssets(name: string): Promise<{ file: string; bytes: Uint8Array }[]> {
    const dir = packDir(name);
    const text = await readFile(join(dir, 'pack.json'), 'utf8');
    const manifest = parseManifest(text, join(dir, 'pack.json'));
    const out = [{ file: 'pack.json', bytes: new TextEncoder().encode(text) }];
    for (const f of packFiles(manifest)) {
      const bytes = new Uint8Array(await readFile(await packFilePath(dir, f)));
      await verifyPackFile(f, bytes);
      out.push({ file: f.file, bytes });
    }
    return out;
  }

  return {
    name: 'pagemark-packs',
    config(user, env) {
      modelsDir = options.modelsDir ?? resolve(user.root ?? process.cwd(), 'models');
      shipped = candidates.find((n) => existsSync(join(packDir(n), 'pack.json'))) ?? null;
      const depth = (user.build?.assetsDir ?? 'assets').split('/').filter(Boolean).length;
      const pack = shipped && {
        name: shipped,
        path: `models/${shipped}/pack.json`,
        // Build: worker chunks sit in assetsDir, so the app root is that many levels above the worker.
        // Dev: the server serves the app root at its base.
        workerToRoot: env.command === 'build' ? '../'.repeat(depth) || './' : null,
      };
      return { define: { __PAGEMARK_PACK__: JSON.stringify(pack) } };
    },
    configResolved(c) {
      if (shipped !== candidates[0]) {
        c.logger.warn(`[pagemark-packs] models/${candidates[0]}/pack.json is missing; shipping ${shipped ? `models/${shipped}` : 'no pack'}`);
      }
    },
    configureServer(server) {
      // Serves pack files that live in node_modules (npm-provided graphs) next to any pack.json under the
      // project root, so dev and tests see the same layout as the build; other files Vite serves itself.
      const root = server.config.root;
      server.middlewares.use(async (req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split(/[?#]/)[0]!);
        const slash = path.lastIndexOf('/');
        if (slash <= 0 || path.includes('..')) return next();
        const dir = join(root, path.slice(0, slash));
        const file = path.slice(slash + 1);
        if (!existsSync(join(dir, 'pack.json')) || existsSync(join(dir, file))) return next();
        try {
          const manifest = parseManifest(await readFile(join(dir, 'pack.json'), 'utf8'));
          const entry = packFiles(manifest).find((f) => f.file === file && f.npm);
          if (!entry) return next();
          res.setHeader('Content-Type', 'application/octet-stream');
          res.end(await readFile(await packFilePath(dir, entry)));
        } catch (e) {
          next(e);
        }
      });
    },
    async generateBundle() {
      if (!shipped) return;
      for (const a of await packAssets(shipped)) {
        this.emitFile({ type: 'asset', fileName: `models/${shipped}/${a.file}`, source: a.bytes });
      }
    },
  };
}
