// The engine behind the worker's API: loads and verifies a pack, runs it on WebGPU or WASM, OCRs pages.
// A WebGPU failure (session error, device loss) moves the engine to WASM and redoes the page.
import { loadPackFromFiles } from '../../src/cache/load-pack-files';
import { loadPackFromUrl } from '../../src/cache/load-pack-url';
import { PackStore } from '../../src/cache/pack-store';
import type { LoadedPack } from '../../src/core/pack/loaded-pack';
import { packGraphs } from '../../src/core/pack/manifest';
import type { GraphSpec } from '../../src/core/pack/manifest-types';
import type { PageStage } from '../../src/core/pipeline/ocr-page';
import { openPageReader, type PageReader, type ReaderSessionFactory } from '../../src/core/reader/page-reader';
import type { CachedPack, EngineApi, EngineEvent, EnginePageResult, EngineSettings, PackSource, PageListener, PageRequest } from '../../src/protocol/engine-api';
import type { FigureCrop, PageImage, PageResult } from '../../src/protocol/page';
import { cropFigures } from './figure-crops';
import type { LineEncoderFactory } from '../../src/core/recognize/line-memory';
import type { TensorRuntime } from '../../src/core/recognize/tensor-runtime';

export type WebBackend = 'webgpu' | 'wasm';

/** What the service needs from an inference runtime; engine.worker.ts passes onnxruntime-web. */
export interface RuntimeProvider {
  chooseBackend(requested: EngineSettings['backend'], graphs: GraphSpec[]): Promise<{ backend: WebBackend; reason?: string }>;
  open(backend: WebBackend): OpenedRuntime | Promise<OpenedRuntime>;
  /**
   * Starts the runtime itself while the pack loads; the pack's sessions are created after it settles. `linesPack`:
   * the pack is known to be a lines pack before it has loaded (the shipped one), so its runtime can be sized for it.
   */
  startRuntime?(requested: EngineSettings['backend'], hint: { linesPack: boolean }): Promise<void>;
  /** The shipped pack's pack.json URL, or null. */
  defaultPackUrl(): string | null;
  /** Overrides figure cutting (tests in Node, which has no OffscreenCanvas); default: figure-crops.ts. */
  cropFigures?(image: PageImage, figures: readonly FigureCrop[]): Promise<Map<string, Blob>>;
  /** Overrides pack loading (tests); default: URL via the Cache API, or dropped files. */
  loadPack?(source: PackSource, onEvent: (e: EngineEvent) => void): Promise<LoadedPack>;
}

export interface OpenedRuntime {
  runtime: TensorRuntime & { readonly deviceLost?: string | null };
  createSession: CreateSession;
  /** Reads a lines pack's line memories elsewhere, several at once (encoder workers on WASM). */
  lineEncoder?: LineEncoderFactory;
}

/** A session from verified graph bytes; page packs also pass the graph's external-data files. */
export type CreateSession = ReaderSessionFactory;

const isAbort = (e: unknown) => (e as { name?: string })?.name === 'AbortError';

export class EngineService implements EngineApi {
  /** The verified pack files, held only while sessions are being created (see start). */
  private pack: LoadedPack | null = null;
  private source: PackSource | null = null;
  private engine: PageReader | null = null;
  private runtime: OpenedRuntime['runtime'] | null = null;
  private controller: AbortController | null = null;
  /** The draft lengths the engine has run: warm-up compiles kernels for the shapes of one K (seconds on WebGPU). */
  private warmedK = new Set<number>();
  private emit: (e: EngineEvent) => void = () => {};
  private readonly store = new PackStore();

  constructor(private readonly provider: RuntimeProvider) {}

  async init(source: PackSource, settings: EngineSettings, onEvent: (e: EngineEvent) => void): Promise<{ backend: string; pack: string }> {
    this.emit = (e) => {
      try {
        onEvent(e);
      } catch {
        // A page that went away must not break the engine.
      }
    };
    try {
      this.source = source;
      const started = this.provider.startRuntime?.(settings.backend, { linesPack: source.kind === 'default' }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      this.pack = await this.loadPack(source);
      const name = this.pack.manifest.name;
      const choice = await this.provider.chooseBackend(settings.backend, packGraphs(this.pack.manifest));
      if (choice.reason && settings.backend === 'webgpu') {
        this.emit({ type: 'fallback', from: 'webgpu', to: 'wasm', reason: choice.reason });
      }
      const notStarted = await started;
      if (notStarted) throw new Error(`The inference runtime could not start: ${notStarted.message}`);
      try {
        await this.start(choice.backend, settings.k);
      } catch (e) {
        if (choice.backend !== 'webgpu') throw e;
        await this.fallBack((e as Error).message, settings.k);
      }
      const backend = this.runtime!.backend;
      this.emit({ type: 'ready', backend, pack: name });
      return { backend, pack: name };
    } catch (e) {
      this.emit({ type: 'error', message: (e as Error).message });
      throw e;
    }
  }

  async ocrPage({ image: given, page, settings, ownText }: PageRequest, listener?: PageListener): Promise<EnginePageResult> {
    if (!this.engine) throw new Error('The engine is not initialised.');
    const controller = (this.controller = new AbortController());
    const image = 'pixels' in given ? given : await receivePixels(given);
    const onProgress = (stage: PageStage, done: number, total: number) => void listener?.progress(done, total, stage);
    // The same request whatever the pack: page models ignore what only the lines pipeline uses.
    const run = async () => {
      // A K other than the one warmed up (changed in the settings after loading) is warmed before its first page.
      if (!this.warmedK.has(settings.k)) {
        this.emit({ type: 'warming-up', backend: this.runtime!.backend });
        await this.engine!.warmUp(settings.k);
        this.warmedK.add(settings.k);
      }
      return this.engine!.read(image, {
        page,
        k: settings.k,
        dropHeaders: settings.dropHeaders,
        keepHyphens: settings.keepHyphens,
        signal: controller.signal,
        onProgress,
        onPartial: (partial) => void listener?.partial(partial),
        ...(ownText && { ownText }),
      });
    };
    try {
      let result: PageResult;
      try {
        result = await run();
      } catch (e) {
        if (isAbort(e) || this.runtime?.backend !== 'webgpu') throw e;
        // WebGPU failed mid-page (or lost its device): continue on WASM and read the page again.
        await this.fallBack(this.runtime.deviceLost || (e as Error).message, settings.k);
        result = await run();
      }
      // Figures are cut here, from the pixels just read: the page is not drawn again for them.
      return result.figures.length > 0 ? { ...result, figureImages: await (this.provider.cropFigures ?? cropFigures)(image, result.figures) } : result;
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  cancel(): void {
    this.controller?.abort(new DOMException('The page was cancelled.', 'AbortError'));
  }

  listCachedPacks(): Promise<CachedPack[]> {
    return this.store.list();
  }

  deleteCachedPack(name: string): Promise<void> {
    return this.store.delete(name);
  }

  private async loadPack(source: PackSource): Promise<LoadedPack> {
    const onEvent = this.emit;
    if (this.provider.loadPack) return this.provider.loadPack(source, onEvent);
    const fallbackBase = this.provider.defaultPackUrl() ?? undefined;
    if (source.kind === 'files') return loadPackFromFiles(source.files, { onEvent, fallbackBase });
    const url = source.kind === 'url' ? new URL(source.url, self.location.href).href : this.provider.defaultPackUrl();
    if (!url) throw new Error('This build of Pagemark ships no model pack; load one from a URL or from files.');
    return loadPackFromUrl(url.endsWith('.json') ? url : `${url.replace(/\/?$/, '/')}pack.json`, { store: this.store, onEvent });
  }

  private async start(backend: WebBackend, k: number): Promise<void> {
    this.emit({ type: 'warming-up', backend });
    const { runtime, createSession, lineEncoder } = await this.provider.open(backend);
    // A fallback after the bytes were dropped reads the pack again (Cache API or the chosen files).
    const pack = (this.pack ??= await this.loadPack(this.source!));
    // The line encoder workers start with the first page that has many lines to read: a paper read from its own text never needs them.
    const engine = await openPageReader(runtime, createSession, pack, lineEncoder, true);
    try {
      await engine.warmUp(k);
    } catch (e) {
      await engine.close().catch(() => {});
      throw e;
    }
    this.runtime = runtime;
    this.engine = engine;
    // The engine reads without the encoder workers until they are up, or if they cannot start.
    void engine.started().then((failed) => failed && console.warn(`Line encoder workers did not start (${failed}); lines are encoded on the engine's thread.`));
    this.warmedK = new Set([k]);
    // The sessions hold their own copies: a converted page pack's files are gigabytes the worker need not keep.
    this.pack = null;
  }

  private async fallBack(reason: string, k: number): Promise<void> {
    this.emit({ type: 'fallback', from: 'webgpu', to: 'wasm', reason });
    const old = this.engine;
    this.engine = null;
    this.runtime = null;
    if (old) await old.close().catch(() => {});
    await this.start('wasm', k);
  }
}

/** The page image the render worker posted on `port` (queued before the page's request was sent). */
function receivePixels(port: MessagePort): Promise<PageImage> {
  return new Promise((resolve) => {
    port.addEventListener(
      'message',
      (e: MessageEvent<PageImage>) => {
        port.close();
        resolve(e.data);
      },
      { once: true },
    );
    port.start();
  });
}
