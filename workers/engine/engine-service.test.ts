// EngineService's backend fallback, with real graphs on onnxruntime-node standing in for both EPs:
// a "webgpu" runtime that loses its device mid-page must not lose the page.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSource } from '../../cli/page-source';
import type { ExternalDataFile } from '../../src/core/page-pack/page-pack-engine';
import type { Tensor, TensorSession } from '../../src/core/recognize/tensor-runtime';
import { loadPackDir } from '../../src/node/load-pack';
import { OrtNodeRuntime } from '../../src/node/ort-node-session';
import type { EngineEvent, EngineSettings } from '../../src/protocol/engine-api';
import { renderFirstPage } from '../../test/support/line-corpus';
import { lineEncoderPool } from '../../src/node/line-encoder-pool';
import { EngineService, type OpenedRuntime, type RuntimeProvider, type WebBackend } from './engine-service';

const PACK = fileURLToPath(new URL('../../test/fixtures/varied-tiny', import.meta.url));
const POCKET = fileURLToPath(new URL('../../models/pocket', import.meta.url));
const ARTICLE = fileURLToPath(new URL('../../test/eval-set/generated/article-a.pdf', import.meta.url));
const IMAGE = fileURLToPath(new URL('../../test/fixtures/pages/issue13242-lines.png', import.meta.url));
const settings: EngineSettings = { backend: 'auto', k: 3, dropHeaders: false, keepHyphens: false };

/** A runtime that reports `name` and, once `failAfter` runs have happened, fails like a lost device. */
class FlakyRuntime extends OrtNodeRuntime {
  runs = 0;
  deviceLost: string | null = null;
  constructor(name: WebBackend, public failAfter = Infinity) {
    super({ threads: 1 });
    Object.defineProperty(this, 'backend', { value: name });
  }
  override async session(bytes: Uint8Array, label: string, externalData: ExternalDataFile[] = []): Promise<TensorSession> {
    const s = await super.session(bytes, label, externalData);
    return {
      ...s,
      run: async (feeds: Record<string, Tensor>) => {
        if (++this.runs > this.failAfter) {
          this.deviceLost = 'GPU device was lost (test)';
          throw new Error('GPUBuffer is destroyed');
        }
        return s.run(feeds);
      },
    };
  }
}

function provider(first: WebBackend, failAfter: number, pack = PACK): RuntimeProvider & { opened: FlakyRuntime[]; loads: number } {
  const opened: FlakyRuntime[] = [];
  return {
    opened,
    loads: 0,
    chooseBackend: async () => ({ backend: first }),
    defaultPackUrl: () => null,
    loadPack() {
      this.loads++;
      return loadPackDir(pack);
    },
    open(backend) {
      const runtime = new FlakyRuntime(backend, backend === 'webgpu' ? failAfter : Infinity);
      opened.push(runtime);
      return { runtime, createSession: (bytes, label, _graph, externalData) => runtime.session(bytes, label, externalData) };
    },
  };
}

async function image() {
  const src = await openSource(IMAGE);
  return src.render(1);
}

describe('EngineService', () => {
  it('falls back to WASM when WebGPU loses its device mid-page, and redoes the page', async () => {
    const plain = new EngineService(provider('wasm', Infinity));
    await plain.init({ kind: 'default' }, settings, () => {});
    const stages: string[] = [];
    const want = await plain.ocrPage({ image: await image(), page: 1, settings }, { progress: (_d, _t, stage) => stages.push(stage), partial: () => {} });
    expect(want.stats.tokens).toBeGreaterThan(0);
    // The page's own events come back on its own call.
    expect(stages.length).toBeGreaterThan(0);

    const p = provider('webgpu', 0);
    const events: EngineEvent[] = [];
    const service = new EngineService(p);
    const ready = await service.init({ kind: 'default' }, settings, (e) => events.push(e));
    // failAfter = 0: "webgpu" fails in warm-up, so init itself falls back.
    expect(ready.backend).toBe('wasm');
    expect(events.find((e) => e.type === 'fallback')).toMatchObject({ from: 'webgpu', to: 'wasm' });

    // Warm-up succeeds on "webgpu"; the device is lost 20 graph runs into the page.
    const late = provider('webgpu', Infinity);
    const lateEvents: EngineEvent[] = [];
    const svc = new EngineService(late);
    expect((await svc.init({ kind: 'default' }, settings, (e) => lateEvents.push(e))).backend).toBe('webgpu');
    late.opened[0]!.failAfter = late.opened[0]!.runs + 20;
    const got = await svc.ocrPage({ image: await image(), page: 1, settings });
    expect(lateEvents.map((e) => e.type)).toContain('fallback');
    expect(lateEvents.find((e) => e.type === 'fallback')).toMatchObject({ reason: 'GPU device was lost (test)' });
    expect(got.stats.backend).toBe('wasm');
    expect(got.markdown).toBe(want.markdown);
    expect(got.stats.tokens).toBe(want.stats.tokens);
  }, 120_000);

  it('reads a page whose pixels come on a port (from the render worker) as it reads them given', async () => {
    const service = new EngineService(provider('wasm', Infinity));
    await service.init({ kind: 'default' }, settings, () => {});
    const want = await service.ocrPage({ image: await image(), page: 1, settings });
    const channel = new MessageChannel();
    const pixels = await image();
    channel.port1.postMessage(pixels, [pixels.pixels.buffer]);
    channel.port1.close();
    const got = await service.ocrPage({ image: channel.port2, page: 1, settings });
    expect(got.markdown).toBe(want.markdown);
    expect(got.markdown.length).toBeGreaterThan(20);
  }, 120_000);

  it("reads a lines pack's line memories on the runtime's line encoder once a page has many lines, with the same Markdown; the shipped pack's runtime is told it is a lines pack", async () => {
    const article = await renderFirstPage(ARTICLE);
    const plain = new EngineService(provider('wasm', Infinity, POCKET));
    await plain.init({ kind: 'default' }, settings, () => {});
    const want = await plain.ocrPage({ image: article, page: 1, settings });
    expect(want.markdown.length).toBeGreaterThan(500);

    const p = provider('wasm', Infinity, POCKET);
    const hints: Array<{ linesPack: boolean }> = [];
    let [started, encoded] = [0, 0];
    const threads = lineEncoderPool(2)!;
    const service = new EngineService({
      ...p,
      startRuntime: async (_requested, hint) => void hints.push(hint),
      open: (backend) => ({
        ...(p.open(backend) as OpenedRuntime),
        lineEncoder: async (graphs, spec, label) => {
          started++;
          const pool = await threads(graphs, spec, label);
          return { parallel: pool.parallel, close: () => pool.close(), encode: (line) => (encoded++, pool.encode(line)) };
        },
      }),
    });
    await service.init({ kind: 'default' }, settings, () => {});
    // Asked for on demand: a page of two lines is read without it; a page of many starts it, and it reads the next.
    await service.ocrPage({ image: await image(), page: 1, settings });
    expect(started).toBe(0);
    await service.ocrPage({ image: article, page: 1, settings });
    expect(started).toBe(1);
    const got = await service.ocrPage({ image: article, page: 1, settings });
    expect(encoded).toBeGreaterThan(20);
    expect(got.markdown).toBe(want.markdown);
    expect(hints).toEqual([{ linesPack: true }]);
    const byUrl = new EngineService({ ...p, startRuntime: async (_requested, hint) => void hints.push(hint) });
    await byUrl.init({ kind: 'url', url: 'https://example.org/pack.json' }, settings, () => {});
    expect(hints[1]).toEqual({ linesPack: false });
  }, 180_000);

  it('warms a K changed after loading before its first page, once', async () => {
    const service = new EngineService(provider('wasm', Infinity));
    const events: EngineEvent[] = [];
    await service.init({ kind: 'default' }, settings, (e) => events.push(e));
    const warmUps = () => events.filter((e) => e.type === 'warming-up').length;
    expect(warmUps()).toBe(1);
    await service.ocrPage({ image: await image(), page: 1, settings });
    expect(warmUps()).toBe(1);
    const other = await service.ocrPage({ image: await image(), page: 1, settings: { ...settings, k: 1 } });
    expect(warmUps()).toBe(2);
    await service.ocrPage({ image: await image(), page: 1, settings: { ...settings, k: 1 } });
    expect(warmUps()).toBe(2);
    expect(other.markdown.length).toBeGreaterThan(20);
  }, 120_000);

  it('starts the runtime while the pack loads, and creates no session until it has started', async () => {
    const log: string[] = [];
    let startDone!: () => void;
    const p = provider('wasm', Infinity);
    const open = p.open.bind(p);
    const service = new EngineService({
      ...p,
      startRuntime: () => {
        log.push('start');
        return new Promise<void>((r) => (startDone = () => (log.push('started'), r())));
      },
      loadPack: async () => {
        log.push('load');
        const pack = await loadPackDir(PACK);
        log.push('loaded');
        // The runtime is still starting when the pack is in: sessions wait for it.
        setTimeout(() => startDone(), 50);
        return pack;
      },
      open: (backend) => {
        log.push('open');
        return open(backend);
      },
    });
    await service.init({ kind: 'default' }, settings, () => {});
    expect(log).toEqual(['start', 'load', 'loaded', 'started', 'open']);
  }, 120_000);

  it('says the runtime could not start, with its reason, and opens no session', async () => {
    const p = provider('wasm', Infinity);
    const events: EngineEvent[] = [];
    const service = new EngineService({ ...p, startRuntime: async () => Promise.reject(new Error('no WebAssembly here')) });
    await expect(service.init({ kind: 'default' }, settings, (e) => events.push(e))).rejects.toThrow(/runtime could not start: no WebAssembly here/);
    expect(events.at(-1)).toEqual({ type: 'error', message: 'The inference runtime could not start: no WebAssembly here' });
    expect(p.opened).toHaveLength(0);
  }, 120_000);

  it('cancel() rejects the running page with an AbortError', async () => {
    const service = new EngineService(provider('wasm', Infinity));
    await service.init({ kind: 'default' }, settings, () => {});
    const page = service.ocrPage({ image: await image(), page: 1, settings });
    setTimeout(() => service.cancel(), 5);
    await expect(page).rejects.toMatchObject({ name: 'AbortError' });
  }, 120_000);

  it('runs a page pack (seed-tiny): same Markdown for K=0 and K=3, and after a WebGPU loss mid-page', async () => {
    const seed = fileURLToPath(new URL('../../models/seed-tiny', import.meta.url));
    // 700x500: one 640 tile does not hold it, so the page gets tiles and the global view.
    const page = { width: 700, height: 500, pixels: new Uint8ClampedArray(700 * 500 * 4).fill(255), dpi: 0 };
    for (let y = 60; y < 440; y += 30) page.pixels.fill(30, (y * 700 + 50) * 4, (y * 700 + 600) * 4);
    const greedy = new EngineService(provider('wasm', Infinity, seed));
    await greedy.init({ kind: 'default' }, { ...settings, k: 0 }, () => {});
    const want = await greedy.ocrPage({ image: page, page: 1, settings: { ...settings, k: 0 } });
    expect(want.stats.tokens).toBeGreaterThan(0);
    expect(want.stats.draftCalls).toBe(0);

    const p = provider('webgpu', Infinity, seed);
    const events: EngineEvent[] = [];
    const svc = new EngineService(p);
    expect(await svc.init({ kind: 'default' }, settings, (e) => events.push(e))).toEqual({ backend: 'webgpu', pack: 'seed-tiny' });
    p.opened[0]!.failAfter = p.opened[0]!.runs + 10; // vision graphs, then a few decoder calls
    const got = await svc.ocrPage({ image: page, page: 1, settings });
    expect(events.find((e) => e.type === 'fallback')).toMatchObject({ reason: 'GPU device was lost (test)' });
    expect(got.stats.backend).toBe('wasm');
    // The worker dropped the pack's bytes once its sessions existed, so the fallback read the pack again.
    expect(p.loads).toBe(2);
    expect(got.stats.draftCalls).toBeGreaterThan(0);
    expect(got.markdown).toBe(want.markdown);
    expect(got.regions).toEqual(want.regions);
  }, 180_000);
});
