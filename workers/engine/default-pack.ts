// Where the app's shipped pack is served, from inside the engine worker (see build/vite-plugin-packs.ts).

interface ShippedPack {
  name: string;
  /** pack.json relative to the app root. */
  path: string;
  /** The app root relative to the worker script (build), or null in dev (root = base URL). */
  workerToRoot: string | null;
}

declare const __PAGEMARK_PACK__: ShippedPack | null;

export function defaultPackUrl(): string | null {
  const pack = typeof __PAGEMARK_PACK__ === 'undefined' ? null : __PAGEMARK_PACK__;
  if (!pack) return null;
  const root =
    pack.workerToRoot !== null
      ? new URL(pack.workerToRoot, self.location.href)
      : new URL(import.meta.env.BASE_URL.startsWith('/') ? import.meta.env.BASE_URL : '/', self.location.origin);
  return new URL(pack.path, root).href;
}
