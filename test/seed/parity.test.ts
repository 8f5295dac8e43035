// PyTorch (training/seed, fake-quantized weights) vs the converted ONNX graphs of models/seed-tiny
// on fixed inputs: every output within 1e-4.
import { describe, expect, it } from 'vitest';
import { decodeArray, fixturePixels, maxAbsDiff, openSession, pack, reference, toTensor, type Encoded } from './seed-tiny';
import * as ort from 'onnxruntime-node';

const TOL = 1e-4;

async function compare(file: string, feeds: Record<string, ort.Tensor>, outputs: Record<string, Encoded>) {
  const s = await openSession(file);
  const out = (await s.run(feeds)) as Record<string, ort.Tensor>;
  const diffs: Record<string, number> = {};
  for (const [name, want] of Object.entries(outputs)) {
    expect(out[name]!.dims).toEqual(want.shape);
    diffs[name] = maxAbsDiff(out[name]!.data as Float32Array, decodeArray(want) as Float32Array);
  }
  await s.release();
  process.stderr.write(`seed-tiny ${file} max abs diff ${JSON.stringify(diffs)}\n`);
  return diffs;
}

describe('seed-tiny ONNX graphs match PyTorch', () => {
  it('global view (1024, letterboxed grid rows + newline + separator)', async () => {
    const { n, size, seed } = reference.vision_global.pixelSeeds;
    const feeds = { pixels: new ort.Tensor('float32', fixturePixels(n, size, seed), [n, 3, size, size]) };
    const d = await compare(pack.vision.global.file, feeds, reference.vision_global.outputs);
    for (const v of Object.values(d)) expect(v).toBeLessThanOrEqual(TOL);
  });

  it('tiles (640, batch of 2) and image_newline', async () => {
    const { n, size, seed } = reference.vision_tile.pixelSeeds;
    const feeds = { tiles: new ort.Tensor('float32', fixturePixels(n, size, seed), [n, 3, size, size]) };
    const d = await compare(pack.vision.tile.file, feeds, reference.vision_tile.outputs);
    for (const v of Object.values(d)) expect(v).toBeLessThanOrEqual(TOL);
  });

  it('decoder: 4-bit MoE, T=3 over a 4-slot cache with a masked hole, image embeds spliced', async () => {
    const feeds = Object.fromEntries(Object.entries(reference.decoder.inputs as Record<string, Encoded>).map(([k, v]) => [k, toTensor(v)]));
    const d = await compare(pack.decoder.file, feeds, reference.decoder.outputs);
    for (const v of Object.values(d)) expect(v).toBeLessThanOrEqual(TOL);
  });

  it('FastMTP draft block', async () => {
    const feeds = Object.fromEntries(Object.entries(reference.draft.inputs as Record<string, Encoded>).map(([k, v]) => [k, toTensor(v)]));
    const d = await compare(pack.draft!.file, feeds, reference.draft.outputs);
    for (const v of Object.values(d)) expect(v).toBeLessThanOrEqual(TOL);
  });

  it('uses 4-bit MatMulNBits and shards of external data', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { PACK_DIR } = await import('./seed-tiny');
    const bytes = readFileSync(join(PACK_DIR, pack.decoder.file));
    expect(bytes.includes(Buffer.from('MatMulNBits'))).toBe(true);
    expect(pack.vision.global.externalData!.length).toBeGreaterThanOrEqual(2);
  });
});
