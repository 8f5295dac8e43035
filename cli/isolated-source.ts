// A PageSource whose document lives in a child process (source-process.ts). Every request has the app's time
// limit per page, and the child a memory limit (V8 heap and resident size); a page past either, or one that
// crashes the native renderer or decoder, ends the child, fails that page or file with a message, and the next
// request starts a fresh child that opens the document again. The CLI itself never hangs or dies on a document.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageImage } from '../src/protocol/page';
import type { RenderTarget } from '../src/protocol/render-api';
import { PAGE_TIME_LIMIT_MS, pageTimeoutMessage } from '../src/core/page-render/page-limits';
import { imageProblemMessage } from '../src/core/image/image-header';
import { sniffKind } from '../src/core/ingest/file-kind';
import { InputError, OCR_TARGET, type PageSource } from './page-source';
import type { SourceCall, SourceReady, SourceReply, SourceRequest, SourceValue, TextLines } from './source-protocol';

export interface SourceLimits {
  /** Per page (and for opening the file). */
  pageTimeMs: number;
  /** The document process's memory: its V8 heap and its resident size. */
  memoryMb: number;
}

/** A page given up for its time or memory limit, or because it crashed the renderer. */
export class PageLimitError extends Error {}

export const DEFAULT_LIMITS: SourceLimits = { pageTimeMs: PAGE_TIME_LIMIT_MS, memoryMb: 2048 };

const CHILD = fileURLToPath(new URL('./source-child.mjs', import.meta.url));
const RSS_POLL_MS = 100;
/** How long a document process may take to start (load Node, tsx and pdf.js), whatever the page limit. */
const STARTUP_MS = 120_000;

type Pending = { resolve: (v: SourceValue) => void; reject: (e: Error) => void; failure: (why: Ending) => Error };
type Ending = { kind: 'time' } | { kind: 'memory' } | { kind: 'crash'; detail: string };

/** Resident size of a process in MB (Linux; undefined elsewhere or once it is gone). */
function residentMb(pid: number): number | undefined {
  try {
    return (Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]) * 4096) / 2 ** 20;
  } catch {
    return undefined;
  }
}

class DocumentProcess {
  private child?: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stderrTail = '';
  private ending?: Ending;
  private poll?: NodeJS.Timeout;
  private ready: Promise<void> = Promise.resolve();

  constructor(readonly limits: SourceLimits) {}

  get running(): boolean {
    return !!this.child;
  }

  start(): void {
    const child = fork(CHILD, [], {
      execArgv: [`--max-old-space-size=${this.limits.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    this.ending = undefined;
    this.stderrTail = '';
    child.stderr!.on('data', (d: Buffer) => (this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-4000)));
    let started: () => void;
    this.ready = new Promise<void>((resolve) => (started = resolve));
    child.on('message', (reply: SourceReply | SourceReady) => {
      if ('ready' in reply) return started();
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(reply.input ? new InputError(reply.message) : new Error(reply.message));
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      clearInterval(this.poll);
      const oom = /heap out of memory|Allocation failed|Cannot allocate|std::bad_alloc/i.test(this.stderrTail);
      const why: Ending = this.ending ?? (oom ? { kind: 'memory' } : { kind: 'crash', detail: signal ?? `exit code ${code}` });
      for (const p of this.pending.values()) p.reject(p.failure(why));
      this.pending.clear();
      started();
    });
    // A process that cannot even start is ended as a crash.
    const startup = setTimeout(() => this.stop({ kind: 'crash', detail: `it did not start within ${STARTUP_MS / 1000} s` }), STARTUP_MS);
    void this.ready.then(() => clearTimeout(startup));
    this.poll = setInterval(() => {
      const mb = residentMb(child.pid!);
      if (mb !== undefined && mb > this.limits.memoryMb) this.stop({ kind: 'memory' });
    }, RSS_POLL_MS);
    this.poll.unref();
  }

  async request(req: SourceCall, failure: (why: Ending) => Error): Promise<SourceValue> {
    if (!this.child) this.start();
    const child = this.child!;
    const id = this.nextId++;
    // The clock starts once the process has started (loading pdf.js takes seconds on a busy machine).
    await this.ready;
    if (this.child !== child) throw failure(this.ending ?? { kind: 'crash', detail: 'it ended while starting' });
    return new Promise<SourceValue>((resolve, reject) => {
      const timer = setTimeout(() => this.stop({ kind: 'time' }), this.limits.pageTimeMs);
      const done = <T>(f: (v: T) => void) => (v: T) => {
        clearTimeout(timer);
        f(v);
      };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject), failure });
      this.child!.send({ ...req, id } satisfies SourceRequest);
    });
  }

  /** Ends the child now; its pending requests fail with `why`. */
  stop(why?: Ending): void {
    if (!this.child) return;
    this.ending ??= why;
    this.child.kill('SIGKILL');
  }
}

/** Whether the file's first bytes are an image's (for the message when its decoder crashes). */
async function isImage(path: string): Promise<boolean> {
  try {
    const file = await open(path);
    try {
      const head = new Uint8Array(1024);
      const { bytesRead } = await file.read(head, 0, 1024, 0);
      const sniffed = sniffKind(head.subarray(0, bytesRead), basename(path));
      return sniffed.ok && sniffed.kind !== 'pdf';
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
}

/** A started document process with no document open, kept for the next file (starting one takes a second or more). */
let idle: DocumentProcess | undefined;

/** Ends the idle document process; the CLI calls this when it is done. */
export function endDocumentProcesses(): void {
  idle?.stop();
  idle = undefined;
}

function setIdle(proc: DocumentProcess): void {
  if (idle !== proc) idle?.stop();
  idle = proc.running ? proc : undefined;
}

/** Opens `path` in a document process; see the file comment for what the limits do. */
export async function openIsolatedSource(path: string, limits: SourceLimits = DEFAULT_LIMITS, target: RenderTarget = OCR_TARGET): Promise<PageSource> {
  const reuse = idle?.running && idle.limits.pageTimeMs === limits.pageTimeMs && idle.limits.memoryMb === limits.memoryMb;
  const proc = reuse ? idle! : new DocumentProcess(limits);
  if (reuse) idle = undefined;
  const name = basename(path);
  const seconds = Math.round(limits.pageTimeMs / 1000);
  const image = await isImage(path);
  const openFailure = (why: Ending) =>
    new InputError(
      why.kind === 'time'
        ? `“${name}” took longer than ${seconds} s to open and was skipped.`
        : why.kind === 'memory'
          ? `“${name}” needed more than ${limits.memoryMb} MB of memory to open and was skipped.`
          : image
            ? `“${name}”: ${imageProblemMessage({ kind: 'damaged' }).replace(/\.$/, '')} (the decoder crashed: ${why.detail}).`
            : `“${name}”: this PDF is damaged or incomplete and cannot be read (the reader crashed: ${why.detail}).`,
    );
  const openDocument = () => proc.request({ op: 'open', path, target }, openFailure) as Promise<{ name: string; pageCount: number }>;
  let info: { name: string; pageCount: number };
  try {
    info = await openDocument();
  } catch (e) {
    // A file the process turned down leaves it fit for the next one; one that ended it does not.
    setIdle(proc);
    throw e;
  }
  const pageFailure = (page: number) => (why: Ending) =>
    new PageLimitError(
      why.kind === 'time'
        ? pageTimeoutMessage(page, limits.pageTimeMs)
        : why.kind === 'memory'
          ? `Page ${page} needed more than ${limits.memoryMb} MB of memory to draw and was skipped.`
          : `Page ${page} could not be drawn: the renderer crashed (${why.detail}).`,
    );
  // After a page ended the child, the next page opens the document again in a new one.
  const onPage = async (req: SourceCall, page: number) => {
    if (!proc.running) await openDocument();
    return proc.request(req, pageFailure(page));
  };
  return {
    name: info.name,
    pageCount: info.pageCount,
    render: async (page) => (await onPage({ op: 'render', page }, page)) as PageImage,
    textLines: async (page) => (await onPage({ op: 'textLines', page }, page)) as TextLines,
    close: async () => {
      if (!proc.running) return;
      try {
        await proc.request({ op: 'close' }, () => new Error('the document could not be closed'));
        setIdle(proc);
      } catch {
        proc.stop();
      }
    },
  };
}
