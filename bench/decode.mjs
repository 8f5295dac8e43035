#!/usr/bin/env node
// npm run bench:decode [-- --pack DIR --batch 1,8 --lines N --repeats N --no-chromium]
// Plain greedy vs FastMTP K=1..3 on the same real line crops, in onnxruntime-node and in headless
// Chromium (onnxruntime-web WASM); prints and writes bench/results/decode.json (one record per engine × batch).
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
const { values } = parseArgs({
  options: {
    pack: { type: 'string' },
    batch: { type: 'string', default: '1' },
    lines: { type: 'string', default: '1000' },
    repeats: { type: 'string', default: '2' },
    'no-chromium': { type: 'boolean', default: false },
    out: { type: 'string', default: new URL('results/decode.json', import.meta.url).pathname },
  },
});
const node = await tsImport('./decode-node.ts', import.meta.url);
const packDir = values.pack ?? node.defaultPackDir();
const args = (batch) => [packDir, batch, Number(values.lines), Number(values.repeats)];
const results = [];
for (const batch of values.batch.split(',').map(Number)) {
  const r = await node.benchNode(...args(batch));
  console.log(JSON.stringify(r));
  results.push(r);
  if (!values['no-chromium']) {
    const chromium = await tsImport('./decode-chromium.ts', import.meta.url);
    const c = await chromium.benchChromium(...args(batch));
    console.log(JSON.stringify(c));
    results.push(c);
  }
}
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(values.out, JSON.stringify(results, null, 2) + '\n');
console.log(`wrote ${values.out}`);
