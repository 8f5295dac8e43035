// openRecognizer beside a line encoder (src/core/recognize/open-recognizer.ts), on the random-weight test pack
// through onnxruntime-node: the line encoder starts once the recognizer's own sessions are open and is not waited
// for (the engine is ready without it, and encodes lines itself until it is up); one that cannot start leaves the
// recognizer working without it; on demand, a call with a page's worth of lines starts it; closing the recognizer
// closes it, started or still starting.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPagePack, type LoadedPack } from '../src/core/pack/loaded-pack';
import type { LinesPack } from '../src/core/pack/manifest-types';
import { closeRecognizer, openRecognizer, type SessionFactory } from '../src/core/recognize/open-recognizer';
import { encodeLine, type LineEncoderFactory } from '../src/core/recognize/line-memory';
import { recognizeLines } from '../src/core/recognize/recognize-lines';
import { loadPackDir } from '../src/node/load-pack';
import { OrtNodeRuntime } from '../src/node/ort-node-session';

const PACK = fileURLToPath(new URL('../models/test-tiny', import.meta.url));

async function setup(opts: { failSession?: string; failPool?: boolean } = {}) {
  const pack = await loadPackDir(PACK);
  if (isPagePack(pack)) throw new Error('test-tiny is a lines pack');
  const runtime = new OrtNodeRuntime({ threads: 1 });
  const opened: string[] = [];
  const released: string[] = [];
  const createSession: SessionFactory = async (bytes, label, graph) => {
    if (opts.failSession && label.includes(opts.failSession)) throw new Error(`${label}: broken graph`);
    const s = await runtime.session(bytes, label, [], graph);
    opened.push(label);
    return { ...s, release: async () => (released.push(label), s.release()) };
  };
  const pool = { started: 0, closed: 0 };
  const lineEncoder: LineEncoderFactory = async () => {
    pool.started++;
    if (opts.failPool) throw new Error('encoder thread ended before it was ready');
    return { parallel: 2, encode: () => Promise.reject(new Error('not used here')), close: async () => void pool.closed++ };
  };
  return { pack: pack as LoadedPack<LinesPack>, runtime, createSession, lineEncoder, opened, released, pool };
}

const line = (width: number) => ({ tensor: new Float32Array(3 * 48 * width).fill(0.5), height: 48, width, contentWidth: width });

describe('openRecognizer with a line encoder', () => {
  it('starts it once its own sessions are open, without waiting for it; lines are encoded here until it is up', async () => {
    const t = await setup();
    let up!: () => void;
    const slow: LineEncoderFactory = async (...args) => {
      await new Promise<void>((r) => (up = r));
      return t.lineEncoder(...args);
    };
    const rec = await openRecognizer(t.runtime, t.createSession, t.pack, 'recognizer', slow);
    expect(t.opened.filter((l) => l.includes('.encoder') || l.includes('.memory') || l.includes('.decoder'))).toHaveLength(3);
    expect(rec.lineEncoder).toBeUndefined();
    expect((await encodeLine(rec, line(96))).steps).toBeGreaterThan(0);
    up();
    await rec.lineEncoderReady;
    expect(rec.lineEncoder?.parallel).toBe(2);
    expect(t.pool.started).toBe(1);
    await closeRecognizer(rec);
    expect(t.pool.closed).toBe(1);
  });

  it("on demand: starts it for a call with a page's worth of lines, not for a few", async () => {
    const t = await setup();
    const rec = await openRecognizer(t.runtime, t.createSession, t.pack, 'recognizer', t.lineEncoder, true);
    expect(t.pool.started).toBe(0);
    const read = (n: number) => recognizeLines(rec, new Array<number>(n).fill(64), () => line(64), { k: 0, batchSize: 8, maxTokens: 2 });
    await read(3);
    expect(t.pool.started).toBe(0);
    // The stand-in encoder refuses lines, so this call fails if the pool is used; it starts it all the same.
    await read(24).catch(() => undefined);
    await rec.lineEncoderReady;
    expect(t.pool.started).toBe(1);
    expect(rec.lineEncoder?.parallel).toBe(2);
    await read(30).catch(() => undefined);
    expect(t.pool.started).toBe(1);
    await closeRecognizer(rec);
    expect(t.pool.closed).toBe(1);
  });

  it('closes a line encoder that is still starting when the recognizer is closed', async () => {
    const t = await setup();
    const rec = await openRecognizer(t.runtime, t.createSession, t.pack, 'recognizer', t.lineEncoder);
    await closeRecognizer(rec); // not waited for before
    expect([t.pool.started, t.pool.closed]).toEqual([1, 1]);
  });

  it('works on without one that cannot start, and says why; a session that cannot open starts none', async () => {
    const a = await setup({ failPool: true });
    const rec = await openRecognizer(a.runtime, a.createSession, a.pack, 'recognizer', a.lineEncoder);
    await rec.lineEncoderReady;
    expect(rec.lineEncoder).toBeUndefined();
    expect(rec.lineEncoderError).toBe('encoder thread ended before it was ready');
    expect((await encodeLine(rec, line(64))).steps).toBeGreaterThan(0);
    await closeRecognizer(rec);

    const b = await setup({ failSession: '.decoder' });
    await expect(openRecognizer(b.runtime, b.createSession, b.pack, 'recognizer', b.lineEncoder)).rejects.toThrow('broken graph');
    expect(b.pool.started).toBe(0);
  });
});
