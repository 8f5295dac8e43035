// Where the app's shipped pack is served, from the page (the engine worker has its own: workers/engine/default-pack.ts).

declare const __PAGEMARK_PACK__: { name: string; path: string } | null;

/** pack.json of the shipped pack, resolved against the app's root (`base`: the page's base URI), or null. */
export function shippedPackUrl(base: string): string | null {
  const pack = typeof __PAGEMARK_PACK__ === 'undefined' ? null : __PAGEMARK_PACK__;
  return pack ? new URL(pack.path, base).href : null;
}
