// Verified pack files kept in the Cache API, one cache per pack version ("pagemark-pack:<name>:<version>"),
// so the app opens its pack offline and a new pack version never mixes with an old one.
import type { CachedPack } from '../protocol/engine-api';

export const CACHE_PREFIX = 'pagemark-pack:';
/** The manifest is stored under this key inside each pack's cache. */
const MANIFEST_KEY = 'https://pagemark.invalid/pack.json';

export function cacheName(name: string, version: string): string {
  return `${CACHE_PREFIX}${name}:${version}`;
}

/** Cache entries are keyed by the file's path within the pack, not by the URL it came from. */
export function fileKey(file: string): string {
  return `https://pagemark.invalid/file/${file.split('/').map(encodeURIComponent).join('/')}`;
}

export class PackStore {
  constructor(private readonly storage: CacheStorage | undefined = globalThis.caches) {}

  get available(): boolean {
    return this.storage !== undefined;
  }

  async open(name: string, version: string): Promise<Cache | null> {
    return this.storage ? this.storage.open(cacheName(name, version)) : null;
  }

  async getFile(cache: Cache, file: string): Promise<Uint8Array | null> {
    const res = await cache.match(fileKey(file));
    return res ? new Uint8Array(await res.arrayBuffer()) : null;
  }

  async putFile(cache: Cache, file: string, bytes: Uint8Array): Promise<void> {
    await cache.put(fileKey(file), new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-length': String(bytes.byteLength) } }));
  }

  async deleteFile(cache: Cache, file: string): Promise<void> {
    await cache.delete(fileKey(file));
  }

  /** Whether the cache holds a whole pack (its manifest goes in last). */
  async isWhole(cache: Cache): Promise<boolean> {
    return (await cache.match(MANIFEST_KEY)) !== undefined;
  }

  async putManifest(cache: Cache, text: string, source: string, bytes: number): Promise<void> {
    await cache.put(MANIFEST_KEY, new Response(text, { headers: { 'x-pack-source': source, 'x-pack-bytes': String(bytes) } }));
  }

  /** The newest cached manifest that came from `source` (for offline starts). */
  async manifestFrom(source: string): Promise<string | null> {
    if (!this.storage) return null;
    for (const key of (await this.storage.keys()).reverse()) {
      if (!key.startsWith(CACHE_PREFIX)) continue;
      const res = await (await this.storage.open(key)).match(MANIFEST_KEY);
      if (res && res.headers.get('x-pack-source') === source) return res.text();
    }
    return null;
  }

  async list(): Promise<CachedPack[]> {
    if (!this.storage) return [];
    const out: CachedPack[] = [];
    for (const key of await this.storage.keys()) {
      if (!key.startsWith(CACHE_PREFIX)) continue;
      const [name, version] = key.slice(CACHE_PREFIX.length).split(':');
      const res = await (await this.storage.open(key)).match(MANIFEST_KEY);
      // A cache without a manifest is an interrupted download: not a usable pack.
      if (!res || !name || !version) continue;
      out.push({ name, version, bytes: Number(res.headers.get('x-pack-bytes') ?? 0) });
    }
    return out;
  }

  /** Deletes every cached version of `name`, or all but `keepVersion`. */
  async delete(name: string, keepVersion?: string): Promise<void> {
    if (!this.storage) return;
    for (const key of await this.storage.keys()) {
      if (!key.startsWith(`${CACHE_PREFIX}${name}:`)) continue;
      if (keepVersion !== undefined && key === cacheName(name, keepVersion)) continue;
      await this.storage.delete(key);
    }
  }
}
