// Scores a pack's formula recognizer on the held-out rendered formulas (test/eval-set/formulas/heldout.jsonl,
// never trained on; rendered again by KaTeX in Chromium, noise variants as in training) through the
// engine (onnxruntime-node, the pack's own graphs, line preprocessing, greedy and FastMTP decoding):
// exact match after normalizeLatex, KaTeX parse rate of the outputs, token edit distance, FastMTP tokens per
// verifier pass and acceptance at K = 1..3, whether speculative equals greedy, and decode time per K.
// Usage: npx tsx training/formula/eval-formula.ts [pack dir] [--limit N] [--json out.json]
import { editDistance } from '../../src/core/text/edit-distance';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptanceRates, tokensPerPass } from '../../src/core/decoding/stats';
import { latexPieces, normalizeLatex } from '../../src/core/formula/normalize-latex';
import { repairLatex } from '../../src/core/formula/repair-latex';
import { lineInput, linePreprocess } from '../../src/core/image/line-input';
import { closePageEngine } from '../../src/core/pipeline/page-engine';
import { decodeLines, encodeLines } from '../../src/core/recognize/recognize-lines';
import { openNodeEngine } from '../../src/node/page-ocr';
import { katexParses } from '../../src/render/katex-parses';
import { formulaImage } from './formula-image';
import { renderFormulas, type FormulaRecord } from './render';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const HELDOUT = join(ROOT, 'test/eval-set/formulas/heldout.jsonl');


export interface FormulaEval {
  pack: string;
  formulas: number;
  exactMatch: number;
  katexParse: number;
  /** After repairLatex, as the page pipeline writes it. */
  katexParseRepaired: number;
  tokenErrorRate: number;
  speculative: { k: number; tokensPerPass: number; acceptance: number[]; sameAsGreedy: number; decodeMs: number }[];
  greedyDecodeMs: number;
  examples: { label: string; got: string }[];
}

export async function evalFormulas(packDir: string, opts: { limit?: number; cacheDir?: string; threads?: number } = {}): Promise<FormulaEval> {
  const rows: FormulaRecord[] = readFileSync(HELDOUT, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).slice(0, opts.limit ?? Infinity);
  const cache = opts.cacheDir ?? join(ROOT, 'training/work/formula-eval');
  mkdirSync(cache, { recursive: true });
  await renderFormulas(rows, cache);
  const engine = await openNodeEngine(packDir, opts.threads ?? 1);
  try {
    const rec = engine.formula;
    if (!rec) throw new Error(`${packDir}: the pack has no formula recognizer`);
    const pre = linePreprocess(rec.spec.preprocess);
    const inputs = [];
    for (const r of rows) {
      const img = await formulaImage(join(cache, r.png), r.id);
      inputs.push(lineInput(img, [0, 0, img.width, img.height], pre));
    }
    const { memories } = await encodeLines(rec, inputs);
    let t = performance.now();
    const greedy = await decodeLines(rec, memories, { k: 0, batchSize: 1 });
    const greedyDecodeMs = (performance.now() - t) / rows.length;
    const speculative = [];
    for (const k of [1, 2, 3]) {
      t = performance.now();
      const out = await decodeLines(rec, memories, { k, batchSize: 1 });
      const decodeMs = (performance.now() - t) / rows.length;
      const same = out.tokens.filter((tok, i) => tok.join(',') === greedy.tokens[i]!.join(',')).length;
      speculative.push({ k, tokensPerPass: tokensPerPass(out.stats), acceptance: acceptanceRates(out.stats), sameAsGreedy: same / rows.length, decodeMs });
    }
    let exact = 0, parse = 0, repaired = 0, errs = 0, total = 0;
    const examples: FormulaEval['examples'] = [];
    rows.forEach((r, i) => {
      const got = normalizeLatex(greedy.texts[i]!);
      if (got === r.label) exact++;
      else if (examples.length < 12) examples.push({ label: r.label, got });
      if (katexParses(greedy.texts[i]!)) parse++;
      if (katexParses(repairLatex(greedy.texts[i]!))) repaired++;
      const want = latexPieces(r.label);
      errs += editDistance(latexPieces(got), want);
      total += want.length;
    });
    return { pack: packDir, formulas: rows.length, exactMatch: exact / rows.length, katexParse: parse / rows.length, katexParseRepaired: repaired / rows.length,
      tokenErrorRate: errs / total, speculative, greedyDecodeMs, examples };
  } finally {
    await closePageEngine(engine);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const pack = args[0] && !args[0].startsWith('--') ? args[0] : join(ROOT, 'models/pocket');
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const res = await evalFormulas(pack, { limit: opt('--limit') ? Number(opt('--limit')) : undefined });
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  console.log(`${res.pack}: ${res.formulas} held-out formulas`);
  console.log(`exact match after normalization ${pct(res.exactMatch)}, KaTeX parses ${pct(res.katexParse)} (${pct(res.katexParseRepaired)} after repairLatex), token error rate ${pct(res.tokenErrorRate)}`);
  console.log(`greedy decode ${res.greedyDecodeMs.toFixed(1)} ms per formula`);
  for (const s of res.speculative) {
    console.log(`K=${s.k}: ${s.tokensPerPass.toFixed(2)} tokens per verifier pass, acceptance ${s.acceptance.map((a) => a.toFixed(2)).join(' / ')}, ` +
      `same as greedy ${pct(s.sameAsGreedy)}, decode ${s.decodeMs.toFixed(1)} ms (${(res.greedyDecodeMs / s.decodeMs).toFixed(2)}x)`);
  }
  for (const e of res.examples.slice(0, 6)) console.log(`  want ${e.label}\n  got  ${e.got}`);
  const json = opt('--json');
  if (json) writeFileSync(json, JSON.stringify(res, null, 2) + '\n');
  if (!existsSync(HELDOUT)) process.exitCode = 1;
}
