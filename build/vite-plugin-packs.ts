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
      server.middlewares.use(async (req, res, next) => {
        const m = /^\/models\/([A-Za-z0-9._-]+)\/([^?#]+)/.exec(req.url ?? '');
        if (!m || !shipped || m[1] !== shipped) return next();
        try {
          const asset = (await packAssets(shipped)).find((a) => a.file === decodeURIComponent(m[2]!));
          if (!asset) return next();
          res.setHeader('Content-Type', asset.file.endsWith('.json') ? 'application/json' : 'application/octet-stream');
          res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
          res.end(Buffer.from(asset.bytes));
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
