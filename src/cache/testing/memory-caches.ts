// An in-memory CacheStorage for unit tests (Node has fetch and Response but no Cache API).

class MemoryCache {
  readonly entries = new Map<string, { body: ArrayBuffer; headers: [string, string][] }>();

  async match(key: RequestInfo | URL): Promise<Response | undefined> {
    const e = this.entries.get(String(key));
    return e ? new Response(e.body.slice(0), { headers: e.headers }) : undefined;
  }

  async put(key: RequestInfo | URL, res: Response): Promise<void> {
    this.entries.set(String(key), { body: await res.arrayBuffer(), headers: [...res.headers] });
  }

  async delete(key: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(String(key));
  }
}

export class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();

  async open(name: string): Promise<Cache> {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)! as unknown as Cache;
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  asStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}
