// The page side of the inference worker: spawn, init, OCR one page at a time, cancel, terminate.
// A cancel that the worker does not honour promptly ends the worker; the next call starts a fresh one.
import * as Comlink from 'comlink';
import type { EngineApi, EngineEvent, EnginePageResult, EngineSettings, PackSource, PageListener, PageRequest } from '../protocol/engine-api';

/** How long a cancelled page may keep the worker busy before the worker is ended. */
const CANCEL_GRACE_MS = 3000;

function abortError(): DOMException {
  return new DOMException('The page was cancelled.', 'AbortError');
}

export class EngineBridge {
  private worker: Worker | null = null;
  private remote: Comlink.Remote<EngineApi> | null = null;
  /** Rejects if the worker script fails to load or dies; comlink calls would otherwise wait forever. */
  private crashed: Promise<never> = new Promise(() => {});

  private spawn(): Comlink.Remote<EngineApi> {
    this.terminate();
    const worker = new Worker(new URL('../../workers/engine/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });
    this.crashed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (e) => reject(new Error(`The engine stopped: ${e.message || 'its worker could not run'}`)), { once: true });
    });
    this.crashed.catch(() => this.worker === worker && this.terminate());
    this.worker = worker;
    this.remote = Comlink.wrap<EngineApi>(worker);
    return this.remote;
  }

  /** Starts a fresh worker and loads the pack; the previous worker, if any, is ended. */
  async init(source: PackSource, settings: EngineSettings, onEvent: (e: EngineEvent) => void): Promise<{ backend: string; pack: string }> {
    const remote = this.spawn();
    return Promise.race([remote.init(source, settings, Comlink.proxy(onEvent)), this.crashed]);
  }

  /** A worker is running (loading or loaded). */
  get started(): boolean {
    return this.remote !== null;
  }

  /** Reads one page; its progress and partial Markdown come back through `listener`, on this call. */
  async ocrPage(request: PageRequest, signal?: AbortSignal, listener?: PageListener): Promise<EnginePageResult> {
    const remote = this.remote;
    if (!remote) throw new Error('The engine is not loaded.');
    if (signal?.aborted) throw abortError();
    const image = request.image;
    const call = remote.ocrPage(Comlink.transfer(request, ['pixels' in image ? image.pixels.buffer : image]), listener && Comlink.proxy(listener));
    const work = Promise.race([call, this.crashed]);
    if (!signal) return work;
    return new Promise<EnginePageResult>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = () => {
        void remote.cancel();
        timer = setTimeout(() => {
          this.terminate();
          reject(abortError());
        }, CANCEL_GRACE_MS);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      });
    });
  }

  async listCachedPacks() {
    return this.remote ? this.remote.listCachedPacks() : [];
  }

  async deleteCachedPack(name: string) {
    if (this.remote) await this.remote.deleteCachedPack(name);
  }

  terminate(): void {
    this.remote?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
  }
}
