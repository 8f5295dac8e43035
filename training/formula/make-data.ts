// Formula training data: grammar → KaTeX (must parse) → normalized label → PNG crop rendered by KaTeX in
// headless Chromium at varied sizes, colours, display/inline style, with some blur and small (low-dpi)
// renderings. The held-out split uses its own seed and drops any formula that also occurs in training.
// Usage: npx tsx training/formula/make-data.ts [out dir] [--train N] [--heldout N]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { latexPieces, normalizeLatex } from '../../src/core/formula/normalize-latex';
import { katexParses } from '../../src/render/katex-parses';
import { Grammar, mulberry32, type Rng } from './grammar';
import { renderFormulas, type FormulaRecord } from './render';
import { formulaPieces } from './vocab';

const args = process.argv.slice(2);
const out = args[0] && !args[0].startsWith('--') ? args[0] : 'training/work/formula';
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const nTrain = opt('--train', 3000);
const nHeld = opt('--heldout', 300);
const MAX_PIECES = 64;


const vocab = new Set(formulaPieces());

function generate(seed: number, n: number, split: FormulaRecord['split'], exclude: Set<string>): FormulaRecord[] {
  const r: Rng = mulberry32(seed);
  const g = new Grammar(r);
  const rows: FormulaRecord[] = [];
  const seen = new Set<string>();
  while (rows.length < n) {
    const src = g.formula();
    const label = normalizeLatex(src);
    const pieces = latexPieces(label);
    if (seen.has(label) || exclude.has(label) || pieces.length > MAX_PIECES || !pieces.every((p) => vocab.has(p))) continue;
    if (!katexParses(src) || !katexParses(label)) continue;
    seen.add(label);
    const small = r() < 0.15;
    const fontPx = small ? 9 + Math.floor(r() * 5) : 15 + Math.floor(r() * 22);
    const dark = Math.floor(r() * 50);
    const bg = 255 - Math.floor(r() * r() * 20);
    const id = `${split}-${rows.length}`;
    rows.push({
      id, src, label, pieces: pieces.length, split,
      style: { fontPx, display: r() < 0.8, color: `rgb(${dark},${dark},${dark + Math.floor(r() * 10)})`, background: `rgb(${bg},${bg},${bg})`,
        pad: 2 + Math.floor(r() * 10), blur: r() < 0.2 ? 0.3 + r() * 0.5 : 0 },
      png: join('png', `${id}.png`),
    });
  }
  return rows;
}

// Rendering skips PNGs that exist, so growing a set (a larger --train) must not give an old id a new formula:
// the grammar's draws are deterministic, and this refuses to go on if they changed.
function assertSameAsBefore(path: string, rows: FormulaRecord[]) {
  if (!existsSync(path)) return;
  const byId = new Map(rows.map((r) => [r.id, r.label]));
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line) continue;
    const old = JSON.parse(line) as FormulaRecord;
    const now = byId.get(old.id);
    if (now !== undefined && now !== old.label) {
      throw new Error(`${path}: ${old.id} was ${JSON.stringify(old.label)}, now ${JSON.stringify(now)} — the grammar changed; render into a new directory`);
    }
  }
}

const held = generate(2_000_003, nHeld, 'heldout', new Set());
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'heldout.jsonl'), held.map((r) => JSON.stringify(r)).join('\n') + '\n');
const train = generate(1_000_003, nTrain, 'train', new Set(held.map((h) => h.label)));
const rows = [...train, ...held];
assertSameAsBefore(join(out, 'formulas.jsonl'), rows);
mkdirSync(join(out, 'png'), { recursive: true });
writeFileSync(join(out, 'formulas.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
writeFileSync(join(import.meta.dirname, 'tokenizer.json'), JSON.stringify({ type: 'pieces', pieces: formulaPieces() }));
console.log(`${train.length} training and ${held.length} held-out formulas`);

const t0 = Date.now();
await renderFormulas(rows, out, (n) => console.log(`${n} rendered, ${((Date.now() - t0) / n).toFixed(0)} ms each`));
console.log(`rendered ${rows.length} formulas in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

