#!/usr/bin/env node
// npm run eval — Pagemark (default settings, and recognizing every page) beside tesseract on real pages:
// the olmOCR-bench scans in ../shared/eval-real and our own born-digital tests on ../shared/corpus*.
// Writes bench/results/eval-real.json and .md (quick loops: bench/results/quick/).
//   node bench/eval-real.mjs [--set old_scans,old_scans_math,long_tiny_text,born_digital] [--pages N] [--only PDF]
//                            [--systems pagemark,pagemark-ocr,tesseract] [--pack DIR] [--k 0..3] [--timeout-s S] [--out DIR]
import { runRealEval } from './eval/real/run-real.mjs';

process.exitCode = await runRealEval(process.argv.slice(2));
