import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { PackError, packFiles, parseManifest } from '../core/pack/manifest';
import { sha256Hex } from '../core/pack/verify';
import type { EngineEvent } from '../protocol/engine-api';
import { loadPackFromFiles } from './load-pack-files';
import { keepPackOffline, loadPackFromUrl } from './load-pack-url';
import { PackStore } from './pack-store';
import { MemoryCacheStorage } from './testing/memory-caches';

const BASE = 'https://app.example/models/pocket/';

/** A real pack.json (the committed test pack) re-pointed at small generated files. */
async function makePack(seed = 1): Promise<{ manifest: string; files: Map<string, Uint8Array> }> {
  const m = JSON.parse(readFileSync(new URL('../../test/fixtures/varied-tiny/pack.json', import.meta.url), 'utf8'));
  const files = new Map<string, Uint8Array>();
  const entries = [m.detector.graph, m.recognizer.encoder, m.recognizer.memory, m.recognizer.decoder, m.recognizer.draft, m.recognizer.tokenizer];
  for (const [i, e] of entries.entries()) {
    const bytes = Uint8Array.from({ length: 3000 + 977 * i }, (_, j) => (j * (i + 7) + seed) & 255);
    e.sha256 = await sha256Hex(bytes);
    e.bytes = bytes.byteLength;
    files.set(e.file, bytes);
  }
  return { manifest: JSON.stringify(m), files };
}

interface Server {
  fetch: typeof fetch;
  calls: { url: string; init?: RequestInit }[];
  /** Number of upcoming responses per file to damage. */
  damage: Map<string, { times: number; how: 'flip' | 'truncate' }>;
  /** Number of upcoming requests per file whose connection drops. */
  drops: Map<string, number>;
  offline: boolean;
}

function serve(pack: { manifest: string; files: Map<string, Uint8Array> }): Server {
  const s: Server = {
    calls: [],
    damage: new Map(),
    drops: new Map(),
    offline: false,
    fetch: async (input, init) => {
      const url = String(input);
      s.calls.push({ url, init });
      if (s.offline) throw new TypeError('Failed to fetch');
      const path = url.slice(BASE.length);
      const drops = s.drops.get(path) ?? 0;
      if (drops > 0) {
        s.drops.set(path, drops - 1);
        throw new TypeError('network error');
      }
      if (path === 'pack.json') return new Response(pack.manifest);
      const bytes = pack.files.get(path);
      if (!bytes) return new Response('not found', { status: 404, statusText: 'Not Found' });
      let body = bytes.slice();
      const d = s.damage.get(path);
      if (d && d.times > 0) {
        d.times--;
        if (d.how === 'flip') body[100] ^= 0x01;
        else body = body.slice(0, body.length - 10);
      }
      return new Response(body, { headers: { 'content-length': String(body.byteLength) } });
    },
  };
  return s;
}

describe('loading a pack from a URL', () => {
  let caches: MemoryCacheStorage;
  let store: PackStore;
  let pack: Awaited<ReturnType<typeof makePack>>;
  let server: Server;
  let events: EngineEvent[];
  const load = () => loadPackFromUrl(`${BASE}pack.json`, { store, fetch: server.fetch, onEvent: (e) => events.push(e) });

  beforeEach(async () => {
    caches = new MemoryCacheStorage();
    store = new PackStore(caches.asStorage());
    pack = await makePack();
    server = serve(pack);
    events = [];
  });

  it('downloads every file with byte progress, verifies it and caches it', async () => {
    const p = await load();
    expect([...p.files.keys()].sort()).toEqual([...pack.files.keys()].sort());
    for (const [f, b] of pack.files) expect(p.files.get(f)).toEqual(b);
    const dec = events.filter((e) => e.type === 'pack-progress' && e.file === 'decoder.onnx');
    expect(dec.at(-1)).toMatchObject({ loaded: pack.files.get('decoder.onnx')!.byteLength, total: pack.files.get('decoder.onnx')!.byteLength });
    expect(events.filter((e) => e.type === 'pack-verified')).toHaveLength(pack.files.size);
    expect(await store.list()).toEqual([
      { name: 'varied-tiny', version: expect.stringMatching(/^v1-/), bytes: [...pack.files.values()].reduce((s, b) => s + b.byteLength, 0) },
    ]);
  });

  it('starts from the cache the second time, and offline', async () => {
    await load();
    server.calls.length = 0;
    await load();
    expect(server.calls.map((c) => c.url)).toEqual([`${BASE}pack.json`]);
    server.offline = true;
    const p = await load();
    expect(p.files.get('encoder.onnx')).toEqual(pack.files.get('encoder.onnx'));
  });

  it('keeps a pack for offline use without loading it, once: a later start and an offline one read it from the store', async () => {
    const keep = () => keepPackOffline(`${BASE}pack.json`, { store, fetch: server.fetch });
    expect(await keep()).toBe(true);
    expect(server.calls).toHaveLength(1 + pack.files.size);
    // Whole in the store: asking again fetches only the manifest, and the model's start downloads nothing.
    server.calls.length = 0;
    expect(await keep()).toBe(false);
    await load();
    expect(server.calls.map((c) => c.url)).toEqual([`${BASE}pack.json`, `${BASE}pack.json`]);
    server.offline = true;
    expect((await load()).files.get('decoder.onnx')).toEqual(pack.files.get('decoder.onnx'));
  });

  it('keeps only the files a stopped download left out, and a new version of the pack in place of the old', async () => {
    server.drops.set('decoder.onnx', 10);
    await expect(keepPackOffline(`${BASE}pack.json`, { store, fetch: server.fetch })).rejects.toThrow('network error');
    expect(await store.list()).toEqual([]);
    server.drops.clear();
    server.calls.length = 0;
    expect(await keepPackOffline(`${BASE}pack.json`, { store, fetch: server.fetch })).toBe(true);
    // Files stored before the drop are read from the store, not downloaded again.
    expect(server.calls.map((c) => c.url.slice(BASE.length)).sort()).toEqual(['decoder.onnx', 'draft.onnx', 'pack.json', 'tokenizer.json']);
    const [old] = await store.list();
    pack = await makePack(2);
    server = serve(pack);
    expect(await keepPackOffline(`${BASE}pack.json`, { store, fetch: server.fetch })).toBe(true);
    const now = await store.list();
    expect(now).toHaveLength(1);
    expect(now[0]!.version).not.toBe(old!.version);
  });

  it('detects a corrupt download by its hash, reports it and fetches it again bypassing HTTP caches', async () => {
    server.damage.set('decoder.onnx', { times: 1, how: 'flip' });
    const p = await load();
    expect(p.files.get('decoder.onnx')).toEqual(pack.files.get('decoder.onnx'));
    const err = events.find((e) => e.type === 'error');
    expect(err && err.type === 'error' && err.message).toMatch(/decoder\.onnx: sha256 .* differs .*downloading it again/);
    const decoderCalls = server.calls.filter((c) => c.url.endsWith('decoder.onnx'));
    expect(decoderCalls).toHaveLength(2);
    expect(decoderCalls[1]!.init?.cache).toBe('reload');
  });

  it('tries a file again when its connection drops, and fails with the error when it keeps dropping', async () => {
    const [first, second] = [...pack.files.keys()];
    server.drops.set(first!, 2);
    const loaded = await load();
    expect(loaded.files.get(first!)).toEqual(pack.files.get(first!));
    expect(server.calls.filter((c) => c.url.endsWith(first!))).toHaveLength(3);

    const fresh = new PackStore(new MemoryCacheStorage().asStorage());
    server.drops.set(second!, 10);
    await expect(loadPackFromUrl(`${BASE}pack.json`, { store: fresh, fetch: server.fetch })).rejects.toThrow('network error');
  });

  it('never uses a file that is bad twice, and leaves no usable pack in the cache', async () => {
    server.damage.set('draft.onnx', { times: 2, how: 'truncate' });
    await expect(load()).rejects.toThrow(PackError);
    await expect(load()).resolves.toBeDefined(); // the damage is over: a clean retry works
    server.damage.set('draft.onnx', { times: 2, how: 'truncate' });
    caches = new MemoryCacheStorage();
    store = new PackStore(caches.asStorage());
    const e = await load().catch((x: PackError) => x);
    expect(e).toBeInstanceOf(PackError);
    expect((e as PackError).file).toBe('draft.onnx');
    expect((e as PackError).message).toMatch(/has \d+ bytes, pack\.json .* says \d+/);
    expect(await store.list()).toEqual([]);
  });

  it('re-downloads a cached file that was damaged in storage', async () => {
    await load();
    const [name] = await caches.keys();
    const cache = (await caches.open(name!)) as unknown as { entries: Map<string, { body: ArrayBuffer }> };
    const key = [...cache.entries.keys()].find((k) => k.endsWith('/memory.onnx'))!;
    new Uint8Array(cache.entries.get(key)!.body)[5] ^= 0xff;
    server.calls.length = 0;
    events = [];
    const p = await load();
    expect(p.files.get('memory.onnx')).toEqual(pack.files.get('memory.onnx'));
    expect(server.calls.map((c) => c.url)).toEqual([`${BASE}pack.json`, `${BASE}memory.onnx`]);
    expect(events.some((e) => e.type === 'error' && e.message.includes('cached copy'))).toBe(true);
  });

  it('keeps one version per pack and deletes on request', async () => {
    await load();
    const [first] = await store.list();
    server = serve(await makePack(2));
    await load();
    const list = await store.list();
    expect(list).toHaveLength(1);
    expect(list[0]!.version).not.toBe(first!.version);
    await store.delete('varied-tiny');
    expect(await store.list()).toEqual([]);
    expect(await caches.keys()).toEqual([]);
  });

  it('reports a missing file with its URL and a manifest error with its field', async () => {
    pack.files.delete('draft.onnx');
    await expect(load()).rejects.toThrow(/draft\.onnx: HTTP 404/);
    const bad = JSON.parse(pack.manifest);
    bad.recognizer.heads = 0;
    server = serve({ manifest: JSON.stringify(bad), files: pack.files });
    await expect(load()).rejects.toThrow(`${BASE}pack.json: recognizer.heads: must be an integer ≥ 1`);
  });
});

describe('pack entries that resolve outside the pack', () => {
  // Each passes pack.json's own path check (no `..` segment, no leading `/`, no backslash) but a URL
  // resolver takes it out of the pack's folder or host.
  const escapes: Array<[string, string]> = [
    ['encoded dot-dot', '%2e%2e/secret.onnx'],
    ['mixed encoded dot-dot', 'sub/.%2E/%2e./x.onnx'],
    ['scheme-relative host (no slashes)', 'https:evil.example/x.onnx'],
    ['another scheme', 'http:evil.example/x.onnx'],
    ['data URL', 'data:application/octet-stream;base64,AAAA'],
    ['javascript URL', 'javascript:alert(1)'],
    ['encoded slash', '..%2fx.onnx'],
    // Refused by pack.json's own check already; kept here so the two checks are tested together.
    ['absolute URL', 'https://evil.example/x.onnx'],
    ['dot-dot', '../x.onnx'],
    ['backslash', '..\\x.onnx'],
  ];

  it.each(escapes)('refuses %s before fetching anything', async (_name, file) => {
    const pack = await makePack();
    const m = JSON.parse(pack.manifest);
    m.recognizer.draft.file = file;
    const server = serve({ manifest: JSON.stringify(m), files: pack.files });
    const store = new PackStore(new MemoryCacheStorage().asStorage());
    const e = await loadPackFromUrl(`${BASE}pack.json`, { store, fetch: server.fetch }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PackError);
    expect((e as PackError).message).toMatch(/resolves outside the pack|must be a relative path inside the pack/);
    expect((e as PackError).message).toContain('recognizer.draft');
    expect(server.calls.map((c) => c.url)).toEqual([`${BASE}pack.json`]);
  });

  it('still loads files in sub-folders of the pack', async () => {
    const pack = await makePack();
    const m = JSON.parse(pack.manifest);
    const bytes = pack.files.get(m.recognizer.draft.file)!;
    m.recognizer.draft.file = 'graphs/draft.onnx';
    pack.files.set('graphs/draft.onnx', bytes);
    const server = serve({ manifest: JSON.stringify(m), files: pack.files });
    const store = new PackStore(new MemoryCacheStorage().asStorage());
    const loaded = await loadPackFromUrl(`${BASE}pack.json`, { store, fetch: server.fetch });
    expect(loaded.files.get('graphs/draft.onnx')).toEqual(bytes);
  });
});

describe('loading a pack from dropped files', () => {
  const asFile = (bytes: Uint8Array | string, path: string) => {
    const f = new File([bytes as BlobPart], path.split('/').pop()!);
    Object.defineProperty(f, 'webkitRelativePath', { value: path });
    return f;
  };

  it('reads a dropped folder, verifying every file', async () => {
    const pack = await makePack();
    const files = [asFile(pack.manifest, 'my-pack/pack.json'), ...[...pack.files].map(([p, b]) => asFile(b, `my-pack/${p}`))];
    const p = await loadPackFromFiles(files);
    expect(p.manifest.name).toBe('varied-tiny');
    expect(p.files.get('tokenizer.json')).toEqual(pack.files.get('tokenizer.json'));
  });

  it('rejects a dropped file with a flipped byte, naming it', async () => {
    const pack = await makePack();
    const bad = pack.files.get('encoder.onnx')!.slice();
    bad[7] ^= 0x80;
    const files = [asFile(pack.manifest, 'pack.json'), ...[...pack.files].map(([p, b]) => asFile(p === 'encoder.onnx' ? bad : b, p))];
    await expect(loadPackFromFiles(files)).rejects.toThrow(/^encoder\.onnx: sha256 [0-9a-f]{64} differs/);
  });

  it('fetches the npm-provided detector from the default pack when it was not dropped', async () => {
    const pack = await makePack();
    const m = parseManifest(pack.manifest);
    if (m.kind !== 'lines') throw new Error('expected a lines pack');
    const det = m.detector.graph.file;
    const files = [asFile(pack.manifest, 'pack.json'), ...[...pack.files].filter(([p]) => p !== det).map(([p, b]) => asFile(b, p))];
    await expect(loadPackFromFiles(files)).rejects.toThrow(/ch_PP-OCRv4_det_infer\.onnx: is missing from the chosen files/);
    const server = serve(pack);
    const p = await loadPackFromFiles(files, { fallbackBase: BASE, fetch: server.fetch });
    expect(p.files.get(det)).toEqual(pack.files.get(det));
    expect(packFiles(p.manifest).every((f) => p.files.has(f.file))).toBe(true);
  });

  it('asks for pack.json when it is not among the files', async () => {
    await expect(loadPackFromFiles([asFile('x', 'a.onnx')])).rejects.toThrow(/pack\.json: is missing/);
  });
});

describe('loading a page pack (seed-tiny) from a URL', () => {
  const dir = new URL('../../models/seed-tiny/', import.meta.url);
  const manifest = readFileSync(new URL('pack.json', dir), 'utf8');
  const m = parseManifest(manifest);
  const files = new Map(packFiles(m).map((f) => [f.file, new Uint8Array(readFileSync(new URL(f.file, dir)))]));

  it('fetches graphs, every external-data shard and the tokenizer, re-fetches a damaged shard, then works offline', async () => {
    const store = new PackStore(new MemoryCacheStorage().asStorage());
    const server = serve({ manifest, files });
    server.damage.set('vision_global.onnx.data1', { times: 1, how: 'flip' });
    const events: EngineEvent[] = [];
    const p = await loadPackFromUrl(`${BASE}pack.json`, { store, fetch: server.fetch, onEvent: (e) => events.push(e) });
    expect(p.manifest.kind).toBe('page');
    expect([...p.files.keys()]).toContain('decoder.onnx.data0');
    for (const [f, b] of files) expect(p.files.get(f), f).toEqual(b);
    expect(events.some((e) => e.type === 'error' && e.message.includes('vision_global.onnx.data1'))).toBe(true);
    server.offline = true;
    const again = await loadPackFromUrl(`${BASE}pack.json`, { store, fetch: server.fetch });
    expect(again.files.size).toBe(files.size);
  });
});
