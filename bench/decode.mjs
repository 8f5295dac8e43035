#!/usr/bin/env node
// npm run bench:decode [-- --pack DIR --batch N --lines N --repeats N]
// Plain greedy vs FastMTP K=1..3 on the same real line crops; prints and writes bench/results/decode.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const { values } = parseArgs({
  options: {
    pack: { type: 'string' },
    batch: { type: 'string', default: '1' },
    lines: { type: 'string', default: '1000' },
    repeats: { type: 'string', default: '2' },
    out: { type: 'string', default: new URL('results/decode.json', import.meta.url).pathname },
  },
});
const bench = await tsImport('./decode-node.ts', import.meta.url);
const packDir = values.pack ?? bench.defaultPackDir();
const results = [];
for (const batch of values.batch.split(',').map(Number)) {
  const r = await bench.benchNode(packDir, batch, Number(values.lines), Number(values.repeats));
  console.log(JSON.stringify(r, null, 2));
  results.push(r);
}
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(values.out, JSON.stringify(results.length === 1 ? results[0] : results, null, 2) + '\n');
console.log(`wrote ${values.out}`);
