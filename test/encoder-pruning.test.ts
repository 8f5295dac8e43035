// The CPU line encoder's pruning tools on the shipped encoder and real line pieces: prune_encoder.py drops the
// channels it is told to and refits the next convolution, the pruned graph still gives the encoder's output
// shape and close (not equal) features, and onnx_torch.py, which distil_encoder.py trains through, computes what
// onnxruntime computes on it. Needs Debian's python3-torch and python3-onnx at /usr/bin/python3, which .ci/run
// does not install: there these tests report as skipped.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePageEngine } from '../src/core/pipeline/page-engine';
import { openNodeEngine } from '../src/node/page-ocr';
import { mulberry32 } from '../src/core/random/mulberry32';
import { corpusLines, FIXTURE_PAGES, type CorpusLine } from './support/line-corpus';
import { sampleActivations } from '../training/encoder-samples';

const PY = '/usr/bin/python3';
const hasTools = spawnSync(PY, ['-c', 'import torch, numpy, onnx'], { stdio: 'ignore' }).status === 0;
const run = promisify(execFile);
const env = { ...process.env, OMP_NUM_THREADS: '1' };
const ENCODER = 'models/pocket/encoder.onnx';

let dir = '';
let pieces: CorpusLine[] = [];

const open = (graph: string) => ort.InferenceSession.create(graph, { intraOpNumThreads: 1 });

async function features(s: ort.InferenceSession, p: CorpusLine): Promise<Float32Array> {
  const out = await s.run({ x: new ort.Tensor('float32', p.input.tensor, [1, 3, p.input.height, p.input.width]) });
  return out.feats!.data as Float32Array;
}

describe.skipIf(!hasTools)('CPU line encoder pruning', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pm-prune-'));
    const engine = await openNodeEngine('models/pocket', 1);
    pieces = (await corpusLines(engine, FIXTURE_PAGES.slice(0, 1), { asRead: true })).slice(0, 24);
    await closePageEngine(engine);
    // Samples of the calibration graph's tensors, as training/encoder-pieces.ts takes them.
    await run(PY, ['-m', 'training.prune_encoder', '--calib-graph', ENCODER, join(dir, 'calib.onnx')], { env });
    await sampleActivations(readFileSync(join(dir, 'calib.onnx')), pieces.map((p) => p.input), 40, mulberry32(3), dir);
    await run(PY, ['-m', 'training.prune_encoder', ENCODER, dir, join(dir, 'pruned.onnx')], { env, timeout: 120_000 });
  }, 300_000);

  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('drops the channels KEEP says and keeps the encoder output: close to the full features, not a copy', async () => {
    const { stdout } = await run(PY, ['-c', `
import onnx
from onnx import numpy_helper
m = onnx.load("${join(dir, 'pruned.onnx')}")
w = {t.name: t.dims for t in m.graph.initializer}
print(" ".join(f"{n.name}={w[n.input[1]][0]}x{w[n.input[1]][1]}" for n in m.graph.node if n.op_type == "Conv" and n.name in ("p2o.Conv.14", "p2o.Conv.16", "p2o.Conv.28", "p2o.Conv.30")))
`], { env });
    // Conv.14: 180 inputs (0.75 of 240) → 120 outputs (half); Conv.28: 240 in (half of 480), Conv.30 whole.
    expect(stdout.trim()).toBe('p2o.Conv.14=120x180 p2o.Conv.16=120x120 p2o.Conv.28=480x240 p2o.Conv.30=360x480');
    let num = 0;
    let den = 0;
    const [fullEncoder, prunedEncoder] = [await open(ENCODER), await open(join(dir, 'pruned.onnx'))];
    for (const p of pieces.slice(0, 6)) {
      const [full, pruned] = [await features(fullEncoder, p), await features(prunedEncoder, p)];
      expect(pruned.length).toBe(full.length);
      for (let i = 0; i < full.length; i++) {
        num += (pruned[i]! - full[i]!) ** 2;
        den += full[i]! ** 2;
      }
    }
    await Promise.all([fullEncoder.release(), prunedEncoder.release()]);
    console.log(`pruned encoder: features off by ${(100 * Math.sqrt(num / den)).toFixed(1)} % (root mean square, relative)`);
    expect(num / den).toBeGreaterThan(1e-4);
    expect(num / den).toBeLessThan(0.5);
  });

  it('onnx_torch runs the pruned backbone as onnxruntime does', async () => {
    const p = pieces[0]!;
    writeFileSync(join(dir, 'x.f32'), Buffer.from(p.input.tensor.buffer, p.input.tensor.byteOffset, p.input.tensor.byteLength));
    await run(PY, ['-c', `
import numpy as np, torch
from training.onnx_torch import OnnxPrefix
x = torch.from_numpy(np.fromfile("${join(dir, 'x.f32')}", dtype=np.float32).reshape(1, 3, ${p.input.height}, ${p.input.width}))
with torch.no_grad():
    y = OnnxPrefix("${join(dir, 'pruned.onnx')}", "p2o.AveragePool.1")(x)
y.numpy().astype(np.float32).tofile("${join(dir, 'y.f32')}")
`], { env, timeout: 120_000 });
    const torchOut = new Float32Array(readFileSync(join(dir, 'y.f32')).buffer.slice(0));
    const session = await open(join(dir, 'pruned.onnx'));
    const ortOut = await features(session, p);
    await session.release();
    const steps = ortOut.length / 600;
    expect(torchOut.length).toBe(480 * steps);
    let worst = 0;
    let scale = 0;
    for (let i = 0; i < torchOut.length; i++) {
      worst = Math.max(worst, Math.abs(torchOut[i]! - ortOut[i]!));
      scale = Math.max(scale, Math.abs(ortOut[i]!));
    }
    expect(scale).toBeGreaterThan(1);
    expect(worst).toBeLessThan(1e-4 * scale);
  });
});
