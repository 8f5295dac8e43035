// Runs a pack's four recognizer graphs in onnxruntime-node and checks the cache contract:
// P = 0 and P > 0, T = 1 and T = 4, B = 3, and one T = 4 call equals four T = 1 calls.
// Usage: npx tsx training/check-graphs.ts models/test-tiny
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { needsExactQdq } from '../src/core/recognize/tensor-runtime';
import { LOSSLESS_QDQ } from '../src/node/ort-node-session';

const dir = process.argv[2] ?? 'models/test-tiny';
const pack = JSON.parse(readFileSync(join(dir, 'pack.json'), 'utf8'));
const rec = pack.recognizer;
const L2 = 2 * rec.decoderLayers, H = rec.heads, dh = rec.headDim, D = rec.hiddenSize, V = rec.vocabSize;
const B = 3, W = 96, S = W / 8;

// Sessions as the engine opens them (src/node/ort-node-session.ts): token-fed graphs without onnxruntime's QDQ
// rewrites, whose kernels make a T=4 call differ from four T=1 calls on int8 weights.
const open = (g: { file: string; inputs?: { name: string }[] }) =>
  ort.InferenceSession.create(join(dir, g.file), { graphOptimizationLevel: 'all', ...(needsExactQdq(g) ? { extra: LOSSLESS_QDQ } : {}) });
const f32 = (dims: number[], fill?: (i: number) => number) => {
  const n = dims.reduce((a, b) => a * b, 1);
  const a = new Float32Array(n);
  if (fill) for (let i = 0; i < n; i++) a[i] = fill(i);
  return new ort.Tensor('float32', a, dims);
};
const i64 = (dims: number[], values: number[]) => new ort.Tensor('int64', BigInt64Array.from(values.map(BigInt)), dims);

let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;

const [enc, mem, dec, draft] = await Promise.all([rec.encoder, rec.memory, rec.decoder, rec.draft].map(open));

const feats = (await enc.run({ x: f32([B, 3, 48, W], () => rand()) })).feats;
console.log('encoder feats', feats.dims.join('x'));

// Row 2 is narrower: its last 4 memory steps are padding.
const memoryMask = f32([B, 1, 1, S], (i) => (i % S >= S - 4 && Math.floor(i / S) === 2 ? -1e9 : 0));
const m = await mem.run({ feats, memory_mask: memoryMask });
console.log('memory cross_kv', m.cross_kv.dims.join('x'), 'draft_kv', m.draft_kv.dims.join('x'));

const ids = [1, 40, 41, 42, 43, 44, 45];
async function step(past: ort.Tensor, start: number, T: number) {
  const P = past.dims[3];
  const tok = Array.from({ length: B * T }, (_, i) => ids[start + (i % T)] + Math.floor(i / T));
  const pos = Array.from({ length: B * T }, (_, i) => start + (i % T));
  // causal among the new T, all P past slots visible
  const mask = f32([B, 1, T, P + T], (i) => {
    const col = i % (P + T), row = Math.floor(i / (P + T)) % T;
    return col < P + row + 1 ? 0 : -1e9;
  });
  return dec.run({
    input_ids: i64([B, T], tok), position_ids: i64([B, T], pos), attn_mask: mask, past_kv: past,
    cross_kv: m.cross_kv, memory_mask: memoryMask,
  });
}
const maxDiff = (a: ort.Tensor, b: ort.Tensor) => {
  const x = a.data as Float32Array, y = b.data as Float32Array;
  if (x.length !== y.length) throw new Error(`length ${x.length} != ${y.length}`);
  let d = 0;
  for (let i = 0; i < x.length; i++) d = Math.max(d, Math.abs(x[i] - y[i]));
  return d;
};
const sliceT = (t: ort.Tensor, k: number) => {
  // [B,T,X] → [B,1,X] at position k
  const [b, T, X] = t.dims;
  const out = new Float32Array(b * X);
  for (let r = 0; r < b; r++) out.set((t.data as Float32Array).subarray((r * T + k) * X, (r * T + k + 1) * X), r * X);
  return new ort.Tensor('float32', out, [b, 1, X]);
};

// prefix of 3 tokens (P = 0, T = 3), then T = 4 at P = 3 vs four T = 1 steps
const empty = f32([L2, B, H, 0, dh]);
const pre = await step(empty, 0, 3);
const four = await step(pre.present_kv, 3, 4);
let past = pre.present_kv;
let worst = 0;
for (let k = 0; k < 4; k++) {
  const one = await step(past, 3 + k, 1);
  worst = Math.max(worst, maxDiff(one.logits, sliceT(four.logits, k)), maxDiff(one.hidden, sliceT(four.hidden, k)));
  past = one.present_kv;
}
worst = Math.max(worst, maxDiff(past, four.present_kv));
console.log('decoder logits', four.logits.dims.join('x'), 'hidden', four.hidden.dims.join('x'),
  'present', four.present_kv.dims.join('x'));
console.log('T=4 vs 4×T=1 max abs diff', worst.toExponential(2));

const d = await draft.run({
  hidden: sliceT(four.hidden, 3), input_ids: i64([B, 1], [50, 51, 52]), position_ids: i64([B, 1], [7, 7, 7]),
  draft_kv: m.draft_kv, memory_mask: memoryMask,
});
console.log('draft logits', d.logits.dims.join('x'), 'draft_hidden', d.draft_hidden.dims.join('x'));

const channels = rec.encoder.outputs[0].shape[1]; // 480 backbone, or 600 with the SVTR neck
const ok = feats.dims.join() === `${B},${channels},1,${S}` && four.logits.dims.join() === `${B},4,${V}` &&
  four.hidden.dims.join() === `${B},4,${D}` && four.present_kv.dims.join() === `${L2},${B},${H},7,${dh}` &&
  d.logits.dims.join() === `${B},1,${V}` && worst < 1e-4;
console.log(ok ? 'OK' : 'FAILED');
process.exit(ok ? 0 : 1);
