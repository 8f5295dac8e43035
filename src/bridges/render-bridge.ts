// The page side of the render worker: started on first use, ended when it has been idle with no document open
// (pdf.js keeps megabytes per worker), and a worker that dies fails the calls waiting on it instead of leaving
// them pending forever. Injected into the store as its PageRenderer, like the engine bridge into its host.
import * as Comlink from 'comlink';
import type { DocumentKind, FirstMarkdown, OpenResult, PageForReading, PageRenderer, ReadPageOptions, RenderApi, RenderTarget } from '../protocol/render-api';

export { OCR_TARGET } from '../core/page-render/page-scale';

/** A Worker, or anything that behaves like one for comlink (tests pass a MessagePort). */
export type WorkerLike = Comlink.Endpoint & { terminate(): void };

const IDLE_MS = 60_000;

function spawnRenderWorker(): WorkerLike {
  return new Worker(new URL('../../workers/render/render.worker.ts', import.meta.url), { type: 'module', name: 'render' });
}

export class RenderBridge implements PageRenderer {
  private worker: WorkerLike | null = null;
  private remote: Comlink.Remote<RenderApi> | null = null;
  private crashed: Promise<never> = new Promise(() => {});
  private readonly openDocs = new Set<number>();
  private busy = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly spawn: () => WorkerLike = spawnRenderWorker,
    /** pdf.js data (cmaps/, standard_fonts/, wasm/, iccs/) lives beside index.html, wherever the app is hosted. */
    private readonly pdfjsBase: () => string = () => new URL('pdfjs/', document.baseURI).href,
    private readonly idleMs = IDLE_MS,
  ) {}

  async open(bytes: ArrayBuffer, kind: DocumentKind, password?: string): Promise<OpenResult> {
    // Counted open inside the call, so the idle timer never sees a moment with the document uncounted.
    return this.call(async (r) => {
      const opened: OpenResult = await r.open(Comlink.transfer(bytes, [bytes]), kind, password);
      if (opened.ok) this.openDocs.add(opened.docId);
      return opened;
    });
  }

  readPage(docId: number, page: number, target: RenderTarget, options: ReadPageOptions, pixels: MessagePort, onOwnText?: (first: FirstMarkdown) => void): Promise<PageForReading> {
    return this.call((r) => r.readPage(docId, page, target, options, Comlink.transfer(pixels, [pixels]), onOwnText && Comlink.proxy(onOwnText)));
  }

  renderPreview(docId: number, page: number, longSide: number): Promise<Blob> {
    return this.call((r) => r.renderPreview(docId, page, longSide));
  }

  hasOwnText(docId: number, page: number): Promise<boolean> {
    return this.call((r) => r.hasOwnText(docId, page));
  }

  async close(docId: number): Promise<void> {
    if (!this.openDocs.delete(docId) || !this.remote) return;
    await this.call((r) => r.close(docId));
  }

  /**
   * Starts the worker (and pdf.js's own) ahead of the first document, so a dropped PDF's text is not kept waiting
   * for their scripts; ended like any idle worker when no document comes.
   */
  warm(): void {
    if (this.remote) return;
    this.start();
    this.endWhenIdle();
  }

  /** Whether a worker is running now. */
  get running(): boolean {
    return this.worker !== null;
  }

  terminate(): void {
    clearTimeout(this.idleTimer);
    this.remote?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
    // The documents lived in that worker: asking for them again says they are no longer open.
    this.openDocs.clear();
  }

  private async call<T>(work: (remote: Comlink.Remote<RenderApi>) => Promise<T>): Promise<T> {
    clearTimeout(this.idleTimer);
    const remote = this.remote ?? this.start();
    this.busy++;
    try {
      return await Promise.race([work(remote), this.crashed]);
    } finally {
      this.busy--;
      if (this.busy === 0 && this.openDocs.size === 0 && this.remote === remote) {
        this.endWhenIdle();
      }
    }
  }

  /** Ends the worker after the idle time, unless a call or an open document keeps it (a call clears the timer). */
  private endWhenIdle(): void {
    this.idleTimer = setTimeout(() => this.busy === 0 && this.openDocs.size === 0 && this.terminate(), this.idleMs);
  }

  private start(): Comlink.Remote<RenderApi> {
    const worker = this.spawn();
    this.crashed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (e) => reject(new Error(`The page renderer stopped: ${(e as ErrorEvent).message || 'its worker could not run'}`)), { once: true } as AddEventListenerOptions);
    });
    this.crashed.catch(() => this.worker === worker && this.terminate());
    this.worker = worker;
    this.remote = Comlink.wrap<RenderApi>(worker);
    void this.remote.configure(this.pdfjsBase());
    return this.remote;
  }
}

/** The app's one render worker bridge. */
export const renderBridge = new RenderBridge();
