// The render bridge with a real comlink link to a fake render worker (a MessageChannel): a worker that dies fails
// the calls waiting on it, and an idle worker with no document open is ended.
import * as Comlink from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import type { RenderApi } from '../protocol/render-api';
import { RenderBridge, type WorkerLike } from './render-bridge';

function fakeWorker(api: Partial<RenderApi>) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose({ configure: () => {}, ...api }, port2);
  const worker = Object.assign(port1, { terminated: false, terminate: () => ((worker.terminated = true), port1.close(), port2.close()) });
  return worker as typeof worker & WorkerLike;
}

describe('RenderBridge', () => {
  it('fails the pending call when its worker dies, and starts a fresh worker for the next', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const bridge = new RenderBridge(() => {
      const w = fakeWorker({
        open: async () => ({ ok: true, docId: 1, pageCount: 3 }),
        renderPreview: () => new Promise<Blob>(() => {}), // never answers: the worker is busy when it dies
      });
      workers.push(w);
      return w;
    }, () => 'http://127.0.0.1/pdfjs/');
    await bridge.open(new ArrayBuffer(8), 'pdf');
    const pending = bridge.renderPreview(1, 1, 100);
    workers[0]!.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
    await expect(pending).rejects.toThrow('The page renderer stopped: out of memory');
    expect(workers[0]!.terminated).toBe(true);
    expect(bridge.running).toBe(false);
    await bridge.open(new ArrayBuffer(8), 'pdf');
    expect(workers).toHaveLength(2);
    bridge.terminate();
  });

  it('starts a worker ahead of the first document, uses it for that document, and ends it when none comes', async () => {
    vi.useFakeTimers();
    try {
      const workers: ReturnType<typeof fakeWorker>[] = [];
      const configured: string[] = [];
      const spawn = () => {
        const w = fakeWorker({ configure: (base: string) => void configured.push(base), open: async () => ({ ok: true, docId: 2, pageCount: 1 }), close: async () => {} });
        workers.push(w);
        return w;
      };
      const bridge = new RenderBridge(spawn, () => 'http://127.0.0.1/pdfjs/', 1000);
      bridge.warm();
      bridge.warm();
      expect(workers).toHaveLength(1);
      await bridge.open(new ArrayBuffer(8), 'pdf');
      expect(workers).toHaveLength(1); // the warm worker opened it
      expect(configured).toEqual(['http://127.0.0.1/pdfjs/']);
      await vi.advanceTimersByTimeAsync(5000);
      expect(workers[0]!.terminated).toBe(false);
      await bridge.close(2);
      await vi.advanceTimersByTimeAsync(1001);
      expect(workers[0]!.terminated).toBe(true);
      // Warmed and never used: ended after the idle time.
      bridge.warm();
      expect(workers).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1001);
      expect(workers[1]!.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends an idle worker once no document is open, never while one is', async () => {
    vi.useFakeTimers();
    try {
      const worker = fakeWorker({ open: async () => ({ ok: true, docId: 4, pageCount: 1 }), close: async () => {} });
      const bridge = new RenderBridge(() => worker, () => 'http://127.0.0.1/pdfjs/', 1000);
      await bridge.open(new ArrayBuffer(8), 'pdf');
      await vi.advanceTimersByTimeAsync(5000);
      expect(worker.terminated).toBe(false); // a document is open: its pages live in this worker
      await bridge.close(4);
      await vi.advanceTimersByTimeAsync(999);
      expect(worker.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(2);
      expect(worker.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
