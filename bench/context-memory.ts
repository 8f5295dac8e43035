// Memory of a page and of each of its workers, through the DevTools protocol: V8 heap in use, ArrayBuffer
// backing stores, and the WebAssembly memories a worker created (onnxruntime-web's heap lives there). Each
// worker is held at start until a hook on WebAssembly.Memory / instantiate is in place, so no memory is missed.
import type { CDPSession, Page } from '@playwright/test';

// Runs in each worker before its own script: keeps every WebAssembly.Memory it creates or instantiates.
const WASM_HOOK = `(() => {
  const Memory = WebAssembly.Memory;
  const seen = (globalThis.__benchWasmMemories = new Set());
  function Hooked(d) { const m = new Memory(d); seen.add(m); return m; }
  Hooked.prototype = Memory.prototype;
  WebAssembly.Memory = Hooked;
  for (const name of ['instantiate', 'instantiateStreaming']) {
    const original = WebAssembly[name];
    WebAssembly[name] = async function (...args) {
      const r = await original.apply(WebAssembly, args);
      for (const v of Object.values((r.instance ?? r).exports ?? {})) if (v instanceof Memory) seen.add(v);
      return r;
    };
  }
})()`;
const WASM_BYTES = `[...(globalThis.__benchWasmMemories ?? [])].reduce((a, m) => a + m.buffer.byteLength, 0)`;

export interface ContextMemory {
  /** The page, or a worker's script URL. */
  url: string;
  jsHeapUsed: number;
  arrayBuffers: number;
  wasm: number;
}

interface HeapUsage {
  usedSize: number;
  backingStorageSize?: number;
}

export class ContextMemoryProbe {
  private readonly workers = new Map<string, string>();
  private readonly pending = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {}

  /** Call before the page creates its workers (before goto). */
  static async attach(page: Page): Promise<ContextMemoryProbe> {
    const probe = new ContextMemoryProbe(await page.context().newCDPSession(page));
    const { cdp } = probe;
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const m = JSON.parse(e.message) as { id?: number };
      if (m.id !== undefined) probe.pending.get(m.id)?.(m as never);
      if (m.id !== undefined) probe.pending.delete(m.id);
    });
    cdp.on('Target.attachedToTarget', (e) => {
      // Every attached target waits for us, the service worker too: release them all, hook only workers.
      const release = () => probe.ask(e.sessionId, 'Runtime.runIfWaitingForDebugger').catch(() => {});
      if (e.targetInfo.type !== 'worker') return void release();
      probe.workers.set(e.sessionId, e.targetInfo.url);
      void probe.ask(e.sessionId, 'Runtime.evaluate', { expression: WASM_HOOK }).catch(() => {}).finally(release);
    });
    cdp.on('Target.detachedFromTarget', (e) => void probe.workers.delete(e.sessionId));
    // The message-passing (non-flat) mode: Playwright's CDPSession has no way to address flat child sessions.
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
    return probe;
  }

  private ask<T>(sessionId: string, method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result as T)));
      this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
  }

  async sample(): Promise<ContextMemory[]> {
    const page = (await this.cdp.send('Runtime.getHeapUsage')) as HeapUsage;
    const out: ContextMemory[] = [{ url: 'page', jsHeapUsed: page.usedSize, arrayBuffers: page.backingStorageSize ?? 0, wasm: 0 }];
    for (const [sessionId, url] of this.workers) {
      try {
        const heap = await this.ask<HeapUsage>(sessionId, 'Runtime.getHeapUsage');
        const wasm = await this.ask<{ result: { value?: number } }>(sessionId, 'Runtime.evaluate', { expression: WASM_BYTES, returnByValue: true });
        out.push({ url, jsHeapUsed: heap.usedSize, arrayBuffers: heap.backingStorageSize ?? 0, wasm: wasm.result.value ?? 0 });
      } catch {
        // A worker that ended between listing and asking.
      }
    }
    return out;
  }
}
