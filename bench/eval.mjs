#!/usr/bin/env node
// npm run eval:generated — the regression suite: scores Pagemark (the default pack, or --pack DIR) and tesseract on the eval set:
// olmOCR-bench-style unit tests on the generated documents and CER against the text layer of
// born-digital corpus pages. Writes bench/results/eval.json and bench/results/eval.md.
//   node bench/eval.mjs [--pack DIR] [--systems pagemark,pagemark-pdf-text,tesseract,detector-text,text-layer] [--split all|tune|held-out|corpus] [--k 0..3] [--merge]
import { register } from 'tsx/esm/api';

register();
console.log = (...args) => console.error(...args); // pdf.js chatter stays off stdout
const { runEval } = await import('./eval/run-eval.mjs');
process.exitCode = await runEval(process.argv.slice(2));
