// Line memories read on worker threads (src/node/line-encoder-pool.ts), with the shipped pack: each line's memory is
// the one the main thread's encodeLine makes, so pages read alike with the pool and without; the next batch is
// encoded while one decodes; a line that cannot be encoded fails alone, and a closed pool says so.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linePreprocess, lineWidths, type LineInput } from '../src/core/image/line-input';
import { closePageEngine, type PageEngine } from '../src/core/pipeline/page-engine';
import { encodeLine } from '../src/core/recognize/line-memory';
import { recognizeLines } from '../src/core/recognize/recognize-lines';
import { loadPackDir } from '../src/node/load-pack';
import { OrtNodeRuntime } from '../src/node/ort-node-session';
import { openNodeEngine, runtimeFor } from '../src/node/page-ocr';
import { isLinesPack } from '../src/core/pack/loaded-pack';
import { corpusLines, FIXTURE_PAGES, type CorpusLine } from './support/line-corpus';

const PACK = fileURLToPath(new URL('../models/pocket', import.meta.url));
/** A line's input of its own: the pool hands the tensor it is given to a thread (encoder-pool.ts jobTransfer). */
const fresh = (x: LineInput): LineInput => ({ ...x, tensor: x.tensor.slice() });

describe('the line encoder pool', () => {
  let pooled: PageEngine;
  let single: PageEngine;
  let lines: CorpusLine[];

  beforeAll(async () => {
    // Two threads whatever the machine's cores; one thread: no pool, lines are encoded on the main thread.
    [pooled, single] = await Promise.all([openNodeEngine(PACK, 2), openNodeEngine(PACK, 1)]);
    lines = (await corpusLines(single, FIXTURE_PAGES.slice(0, 1), { asRead: true })).slice(0, 20);
  }, 120_000);
  afterAll(async () => Promise.all([pooled, single].map((e) => e && closePageEngine(e))));

  it('is opened for more than one thread only', () => {
    expect(pooled.text.lineEncoder?.parallel).toBe(2);
    expect(single.text.lineEncoder).toBeUndefined();
  });

  it('leaves the detector every core while the main thread decodes on one', async () => {
    const pack = await loadPackDir(PACK);
    if (!isLinesPack(pack)) throw new Error('the shipped pack reads lines');
    const main = new OrtNodeRuntime({ threads: 1 });
    const route = runtimeFor(pack, main, 2);
    expect(route(pack.manifest.detector.graph).threads).toBe(2);
    // A pack's int8 detector, where it has one, gets them too.
    const int8 = { ...pack.manifest.detector.graph, file: 'detector-int8.onnx' };
    const withInt8 = { ...pack, manifest: { ...pack.manifest, detector: { ...pack.manifest.detector, graphInt8: int8 } } };
    expect(runtimeFor(withInt8, main, 2)(int8).threads).toBe(2);
    expect(route(pack.manifest.recognizer.encoder)).toBe(main);
    // One core: nothing to share out.
    expect(runtimeFor(pack, main, 1)(pack.manifest.detector.graph)).toBe(main);
  });

  it("makes each line's memory exactly as the main thread does", async () => {
    const inputs = lines.slice(0, 6).map((l) => l.input);
    const [onPool, onMain] = await Promise.all([Promise.all(inputs.map((x) => pooled.text.lineEncoder!.encode(fresh(x)))), Promise.all(inputs.map((x) => encodeLine(single.text, x)))]);
    onPool.forEach((m, i) => {
      expect(m.steps).toBe(onMain[i]!.steps);
      expect(Buffer.from(m.crossKv.buffer, m.crossKv.byteOffset, m.crossKv.byteLength).equals(Buffer.from(onMain[i]!.crossKv.buffer, onMain[i]!.crossKv.byteOffset, onMain[i]!.crossKv.byteLength))).toBe(true);
      expect([...m.draftKv]).toEqual([...onMain[i]!.draftKv]);
    });
  });

  it('reads lines as the main thread does, encoding the next batch while one decodes', async () => {
    const pre = linePreprocess(single.text.spec.preprocess);
    const widths = lines.map((l) => lineWidths(l.box, pre).width);
    const events: string[] = [];
    const pool = pooled.text.lineEncoder!;
    const model = pooled.text.model;
    const encode = pool.encode.bind(pool);
    const decode = model.decode.bind(model);
    pool.encode = (line) => (events.push('encode'), encode(line));
    model.decode = async (...args) => {
      events.push('decode');
      return decode(...args);
    };
    try {
      const opts = { k: 3, batchSize: 8 };
      const [a, b] = [await recognizeLines(pooled.text, widths, (i) => fresh(lines[i]!.input), opts), await recognizeLines(single.text, widths, (i) => lines[i]!.input, opts)];
      expect(a.texts).toEqual(b.texts);
      expect(a.texts.join('').length).toBeGreaterThan(100);
      // 20 lines in batches of 8: the second batch's 8 encodes are asked for before the first batch's first decode.
      expect(events.slice(0, 16)).toEqual(Array(16).fill('encode'));
      expect(events.filter((e) => e === 'encode')).toHaveLength(20);
    } finally {
      pool.encode = encode;
      model.decode = decode;
    }
  });

  it('reads every batch when the line encoder comes up while a batch decodes (started on demand)', async () => {
    const pre = linePreprocess(single.text.spec.preprocess);
    const widths = lines.map((l) => lineWidths(l.box, pre).width);
    const model = single.text.model;
    const decode = model.decode.bind(model);
    model.decode = async (...args) => {
      single.text.lineEncoder ??= pooled.text.lineEncoder; // up during the first batch's decoding
      return decode(...args);
    };
    try {
      const opts = { k: 3, batchSize: 8 };
      const want = await recognizeLines(pooled.text, widths, (i) => fresh(lines[i]!.input), opts);
      const got = await recognizeLines(single.text, widths, (i) => fresh(lines[i]!.input), opts);
      expect(got.texts).toEqual(want.texts);
    } finally {
      model.decode = decode;
      single.text.lineEncoder = undefined;
    }
  });

  it('fails a line it cannot encode with its own message, and goes on with the next', async () => {
    const good = lines[0]!.input;
    const bad = { ...good, tensor: good.tensor.subarray(0, 10) };
    await expect(pooled.text.lineEncoder!.encode(bad)).rejects.toThrow(/pocket.*encoder/i);
    const after = await pooled.text.lineEncoder!.encode(fresh(good));
    expect(after.steps).toBeGreaterThan(0);
  });

  it('refuses lines once closed', async () => {
    const engine = await openNodeEngine(PACK, 2);
    const pool = engine.text.lineEncoder!;
    await closePageEngine(engine);
    await expect(pool.encode(fresh(lines[0]!.input))).rejects.toThrow(/closed/);
  });
});
