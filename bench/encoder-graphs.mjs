// Line encoder graphs side by side: milliseconds per batch of 8 pieces 360 px wide at height 48, one thread, in
// onnxruntime-node and in onnxruntime-web's WASM backend (the browser's CPU path, here in Node's V8), the graphs
// taking turns round by round. What the CPU variants of the encoder (int8, pruned: training/RESULTS.md) buy.
// With --detector, detector graphs on one page as the pocket pack's detector sees an A4 page (1280 × 992).
//   node bench/encoder-graphs.mjs A.onnx B.onnx … [--detector] [--rounds 4] [--out FILE.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as ortNode from 'onnxruntime-node';
import * as ortWeb from 'onnxruntime-web';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rounds: { type: 'string', default: '4' }, out: { type: 'string' }, detector: { type: 'boolean', default: false } } });
if (positionals.length === 0) throw new Error('usage: node bench/encoder-graphs.mjs A.onnx [B.onnx …] [--rounds N] [--out FILE]');
ortWeb.env.wasm.numThreads = 1;
const shape = values.detector ? [1, 3, 1280, 992] : [8, 3, 48, 360];
// Fixed pseudo-random pixels: a conv's cost does not depend on what it reads.
let seed = 1;
const x = new Float32Array(shape.reduce((a, b) => a * b)).map(() => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1);
const runtimes = {
  node: async (bytes) => ortNode.InferenceSession.create(bytes, { intraOpNumThreads: 1, interOpNumThreads: 1 }),
  wasm: async (bytes) => ortWeb.InferenceSession.create(bytes, { executionProviders: ['wasm'] }),
};
const ort = { node: ortNode, wasm: ortWeb };
const sessions = {};
for (const file of positionals) {
  const bytes = readFileSync(file);
  for (const [rt, open] of Object.entries(runtimes)) {
    const s = await open(bytes);
    const feed = { x: new ort[rt].Tensor('float32', x, shape) };
    await s.run(feed); // warm-up
    sessions[`${file} ${rt}`] = { s, feed, ms: [] };
  }
}
const start = loadavg();
for (let r = 0; r < Number(values.rounds); r++) {
  for (const entry of Object.values(sessions)) {
    const t = performance.now();
    await entry.s.run(entry.feed);
    entry.ms.push(performance.now() - t);
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const rows = Object.entries(sessions).map(([key, e]) => {
  const [graph, runtime] = key.split(' ');
  return { graph, runtime, msPerBatch: Math.round(median(e.ms)), runs: e.ms.map(Math.round) };
});
for (const r of rows) console.log(`${r.runtime.padEnd(5)} ${String(r.msPerBatch).padStart(5)} ms  ${r.graph}`);
const result = { date: new Date().toISOString(), input: shape, threads: 1, cpu: cpus()[0]?.model, loadAverage: { start, end: loadavg() }, rows };
if (values.out) writeFileSync(values.out, JSON.stringify(result, null, 1));
process.exit(0);
