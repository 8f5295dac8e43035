// Open documents and their pages, and the conversion queue: one page at a time across all documents
// (render → OCR → release), results streaming in. Plain TS with a subscribe/snapshot pair for React.
// The next page is drawn while the current one is recognized: the render worker is idle then, and has a core of
// its own. It stays queued until its turn; at most one page is drawn ahead (two bitmaps held).
import { blankPageResult } from '../core/page-render/blank-page';
import { OCR_TARGET } from '../core/page-render/page-scale';
import { sniffFile } from '../ingest/file-kind';
import type { EnginePageResult, EngineSettings, PageListener, PageRequest } from '../protocol/engine-api';
import type { PagePartial, PageResult } from '../protocol/page';
import type { DocumentKind, FirstMarkdown, PageForReading, PageRenderer, ReadPageOptions } from '../protocol/render-api';

export type PageStatus = 'queued' | 'rendering' | 'recognizing' | 'done' | 'failed' | 'cancelled';

export interface PageState {
  page: number;
  status: PageStatus;
  stage?: string;
  /** Fraction of the current stage done (lines, cells…), when the engine reports it. */
  stageProgress?: number;
  result?: PageResult;
  /** While it is read: the leading blocks read so far (dropped when the result or an error arrives). */
  partial?: PagePartial;
  error?: string;
  /** Wall time from render start to result. */
  ms?: number;
  /** Size of the image the engine saw; region boxes are in these pixels. */
  size?: { width: number; height: number };
  figures?: ReadonlyMap<string, Blob>;
}

export type DocStatus = 'opening' | 'needs-password' | 'ready' | 'failed';

export interface DocState {
  id: number;
  name: string;
  file: File;
  kind?: DocumentKind;
  status: DocStatus;
  message?: string;
  renderId?: number;
  pages: PageState[];
}

export interface ConversionHost {
  /** Resolves true when the engine can OCR; false leaves pages queued. */
  ensureReady(): Promise<boolean>;
  /** Reads one page; the page's progress and partial Markdown come back through `listener`. */
  ocrPage: (request: PageRequest, signal: AbortSignal, listener: PageListener) => Promise<EnginePageResult>;
  settings(): EngineSettings;
  /** Offer a PDF page's own text to the engine (it is used where it matches the page). */
  readOwnText?(): boolean;
}

/** A page drawn while the one before it was recognized: its pixels wait on `pixels.port2`. */
interface DrawnAhead {
  docId: number;
  page: number;
  options: ReadPageOptions;
  pixels: MessageChannel;
  read: Promise<PageForReading>;
}

const sameOptions = (a: ReadPageOptions, b: ReadPageOptions) => a.ownText === b.ownText && a.dropHeaders === b.dropHeaders && a.keepHyphens === b.keepHyphens;

export class DocumentStore {
  private docs: DocState[] = [];
  private ahead: DrawnAhead | null = null;
  private listeners = new Set<() => void>();
  private nextId = 1;
  private running = false;
  private current: { docId: number; page: number; controller: AbortController } | null = null;
  private host: ConversionHost | null = null;

  /** `renderer`: the render worker's bridge (bridges/render-bridge.ts), or a fake in tests. */
  constructor(private readonly renderer: PageRenderer) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): DocState[] => this.docs;

  setHost(host: ConversionHost | null): void {
    this.host = host;
    if (host) void this.pump();
  }

  private update(id: number, change: (d: DocState) => DocState): void {
    this.docs = this.docs.map((d) => (d.id === id ? change(d) : d));
    this.listeners.forEach((l) => l());
  }

  private updatePage(id: number, page: number, change: Partial<PageState>): void {
    this.update(id, (d) => ({ ...d, pages: d.pages.map((p) => (p.page === page ? { ...p, ...change } : p)) }));
  }

  get(id: number): DocState | undefined {
    return this.docs.find((d) => d.id === id);
  }

  /** Adds files in order; each is checked and opened on its own, so a bad one stops nothing. */
  async addFiles(files: readonly File[]): Promise<number[]> {
    const added = files.map((file) => {
      const doc: DocState = { id: this.nextId++, name: file.name || 'pasted image', file, status: 'opening', pages: [] };
      return doc;
    });
    this.docs = [...this.docs, ...added];
    this.listeners.forEach((l) => l());
    await Promise.all(added.map((d) => this.open(d.id)));
    return added.map((d) => d.id);
  }

  async submitPassword(id: number, password: string): Promise<void> {
    await this.open(id, password);
  }

  private async open(id: number, password?: string): Promise<void> {
    const doc = this.get(id);
    if (!doc) return;
    this.update(id, (d) => ({ ...d, status: 'opening', message: undefined }));
    try {
      const sniffed = await sniffFile(doc.file, doc.name);
      if (!sniffed.ok) return this.update(id, (d) => ({ ...d, status: 'failed', message: sniffed.message }));
      const opened = await this.renderer.open(await doc.file.arrayBuffer(), sniffed.kind, password);
      if (!opened.ok) {
        const needsPassword = opened.reason === 'password-required' || opened.reason === 'password-wrong';
        return this.update(id, (d) => ({ ...d, kind: sniffed.kind, status: needsPassword ? 'needs-password' : 'failed', message: opened.message }));
      }
      if (!this.get(id)) return void this.renderer.close(opened.docId);
      const pages: PageState[] = Array.from({ length: opened.pageCount }, (_, i) => ({ page: i + 1, status: 'queued' }));
      const message = opened.pageCount === 0 ? 'This PDF has no pages.' : undefined;
      this.update(id, (d) => ({ ...d, kind: sniffed.kind, status: 'ready', renderId: opened.docId, pages, message }));
      void this.pump();
    } catch (err) {
      this.update(id, (d) => ({ ...d, status: 'failed', message: `“${d.name}” could not be opened: ${(err as Error).message}` }));
    }
  }

  remove(id: number): void {
    const doc = this.get(id);
    if (!doc) return;
    if (this.current?.docId === id) this.current.controller.abort();
    this.dropAhead(id);
    this.docs = this.docs.filter((d) => d.id !== id);
    this.listeners.forEach((l) => l());
    if (doc.renderId !== undefined) void this.renderer.close(doc.renderId).catch(() => undefined);
  }

  /** Stops the document's conversion: the page in flight is abandoned, the rest are marked cancelled. */
  cancel(id: number): void {
    this.update(id, (d) => ({
      ...d,
      pages: d.pages.map((p) => (p.status === 'queued' ? { ...p, status: 'cancelled' } : p)),
    }));
    if (this.current?.docId === id) this.current.controller.abort();
    this.dropAhead(id);
  }

  /** Queues every page that is not done (after a cancel, an error or a settings change). */
  resume(id: number): void {
    this.update(id, (d) => ({
      ...d,
      pages: d.pages.map((p) => (p.status === 'cancelled' || p.status === 'failed' ? { ...p, status: 'queued', error: undefined } : p)),
    }));
    void this.pump();
  }

  private nextPage(): { doc: DocState; page: PageState } | null {
    for (const doc of this.docs) {
      if (doc.status !== 'ready') continue;
      const page = doc.pages.find((p) => p.status === 'queued');
      if (page) return { doc, page };
    }
    return null;
  }

  /** Starts converting queued pages (again), e.g. after the model failed to load and the user retries. */
  retry(): void {
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.running || !this.host) return;
    this.running = true;
    try {
      for (let next = this.nextPage(); next && this.host; next = this.nextPage()) {
        const host = this.host;
        if (!(await this.convert(next.doc, next.page.page, host, () => host.ensureReady()))) return;
      }
    } finally {
      this.running = false;
    }
  }

  /** Converts one page; false when the model could not load (the page is queued again, its preview kept). */
  private async convert(doc: DocState, page: number, host: ConversionHost, startModel: () => Promise<boolean>): Promise<boolean> {
    const controller = new AbortController();
    this.current = { docId: doc.id, page, controller };
    const started = performance.now();
    const settings = host.settings();
    // One visit to the render worker: the page's own text and its first Markdown come back here, made there; its
    // pixels wait on a port that this thread hands to the engine, so they go from worker to worker.
    const options = this.readOptions(doc, host);
    const drawnAhead = this.takeAhead(doc.id, page, options);
    const pixels = drawnAhead?.pixels ?? new MessageChannel();
    let loaded = false;
    let ready: Promise<boolean> | undefined;
    const start = (): Promise<boolean> => {
      if (ready) return ready;
      ready = startModel();
      void ready.then(
        () => (loaded = true),
        () => undefined,
      );
      return ready;
    };
    try {
      this.updatePage(doc.id, page, { status: 'rendering', stage: 'Rendering' });
      const { ownText } = options;
      // The model loads while the page renders, but a PDF page's own text is read first: starting the model (its
      // runtime compiled, a dozen graphs built) would take the cores from it. It starts once the text is read.
      if (!ownText) start();
      // The page's own text is on screen as soon as it is read, before the page is drawn. It comes on a port of
      // its own, so it may arrive after the page is drawn: then the preview made with the pixels stands.
      let drawn = false;
      const early = ({ preview, size }: FirstMarkdown) => {
        if (preview && !drawn && !controller.signal.aborted) this.updatePage(doc.id, page, { partial: preview, size: { width: size.width, height: size.height } });
        start();
      };
      const read = await (drawnAhead?.read ?? this.renderer.readPage(doc.renderId!, page, OCR_TARGET, options, pixels.port1, ownText ? early : undefined));
      drawn = true;
      start();
      const { ownText: lines, preview, blank } = read;
      if (controller.signal.aborted) throw new DOMException('cancelled', 'AbortError');
      const size = { width: read.size.width, height: read.size.height };
      // A page that paints nothing has nothing to read: done without the model (thousands of them go at pdf.js's pace).
      if (blank) {
        this.updatePage(doc.id, page, { status: 'done', stage: undefined, result: blankPageResult(page), size, ms: performance.now() - started });
        return true;
      }
      if (preview || !loaded) this.updatePage(doc.id, page, { ...(preview && { partial: preview }), ...(!loaded && { stage: 'Waiting for the model' }), size });
      if (!(await untilAborted(start(), controller.signal))) {
        this.updatePage(doc.id, page, { status: 'queued', stage: undefined, stageProgress: undefined });
        return false;
      }
      this.updatePage(doc.id, page, { status: 'recognizing', stage: 'Recognizing', size });
      this.drawAhead(host);
      // The page's events arrive on its own call, so they cannot be mistaken for another page's.
      const live = () => this.current?.controller === controller; // a late event of a cancelled page is dropped
      const listener: PageListener = {
        progress: (done, total, stage) => live() && this.updatePage(doc.id, page, { stage, stageProgress: total > 0 ? done / total : undefined }),
        partial: (partial) => live() && this.updatePage(doc.id, page, { partial }),
      };
      const { figureImages: figures, ...result } = await host.ocrPage({ image: pixels.port2, page, settings, ...(lines && { ownText: lines }) }, controller.signal, listener);
      this.updatePage(doc.id, page, { status: 'done', stage: undefined, stageProgress: undefined, partial: undefined, result, figures, ms: performance.now() - started });
      return true;
    } catch (err) {
      const aborted = (err as Error)?.name === 'AbortError' || controller.signal.aborted;
      const message = (err as Error)?.message ?? String(err);
      this.updatePage(doc.id, page, {
        status: aborted ? 'cancelled' : 'failed',
        stage: undefined,
        stageProgress: undefined,
        partial: undefined,
        // The render worker's limits name the page already (“Page 3 took longer than 90 s …”).
        error: aborted ? undefined : message.startsWith(`Page ${page} `) ? message : `Page ${page}: ${message}`,
      });
      return true;
    } finally {
      this.current = null;
      // Pixels never handed on (a blank or cancelled page, no model) are let go; a port sent on is closed already.
      pixels.port2.close();
    }
  }

  private readOptions(doc: DocState, host: ConversionHost): ReadPageOptions {
    const { dropHeaders, keepHyphens } = host.settings();
    return { ownText: doc.kind === 'pdf' && Boolean(host.readOwnText?.()), dropHeaders, keepHyphens };
  }

  /** Starts drawing the page that comes next (the render worker is idle while the current one is recognized). */
  private drawAhead(host: ConversionHost): void {
    const next = this.nextPage();
    if (!next || next.doc.renderId === undefined || (this.ahead?.docId === next.doc.id && this.ahead.page === next.page.page)) return;
    this.dropAhead();
    const options = this.readOptions(next.doc, host);
    const pixels = new MessageChannel();
    const read = this.renderer.readPage(next.doc.renderId, next.page.page, OCR_TARGET, options, pixels.port1);
    read.catch(() => undefined); // a page that cannot be drawn fails when its turn comes, as itself
    this.ahead = { docId: next.doc.id, page: next.page.page, options, pixels, read };
  }

  /** The page drawn ahead, if it is this one drawn with these options; any other drawn page is let go. */
  private takeAhead(docId: number, page: number, options: ReadPageOptions): DrawnAhead | undefined {
    const drawn = this.ahead;
    if (drawn?.docId === docId && drawn.page === page && sameOptions(drawn.options, options)) {
      this.ahead = null;
      return drawn;
    }
    this.dropAhead();
    return undefined;
  }

  /** Lets go of the page drawn ahead (of document `docId` only, when given): its pixels are never read. */
  private dropAhead(docId?: number): void {
    if (!this.ahead || (docId !== undefined && this.ahead.docId !== docId)) return;
    this.ahead.pixels.port2.close();
    this.ahead = null;
  }
}

/** `p`, or an AbortError as soon as `signal` aborts (a page cancelled while the model loads goes at once). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('cancelled', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
