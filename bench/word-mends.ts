// False mends on text known to be right: the pack's word list (text/word-repair.ts) is run over the text of
// every olmOCR-bench test in ../shared/eval-real (what the page prints, transcribed by the bench) and over the
// born-digital tests' strings, with old print's spacing closed up (text/print-spacing.ts). Each word it changes there is a mend that would spoil a right reading.
// Usage: npx tsx bench/word-mends.ts [PACK_DIR] [--json OUT]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLexicon } from '../src/core/text/lexicon';
import { repairLine } from '../src/core/text/word-repair';
import { closePrintSpacing } from '../src/core/text/print-spacing';
import { cutRepeatedWords } from '../src/core/text/word-repeats';
// @ts-expect-error plain ESM module without types
import { loadSet } from './eval/real/sets.mjs';

const args = process.argv.slice(2);
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const pack = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--json') ?? 'models/pocket';
const manifest = JSON.parse(readFileSync(join(pack, 'pack.json'), 'utf8'));
if (!manifest.recognizer?.lexicon) throw new Error(`${pack}: pack has no recognizer.lexicon`);
const lex = parseLexicon(readFileSync(join(pack, manifest.recognizer.lexicon.file), 'utf8'));

type Change = { from: string; to: string };
const report: Record<string, { strings: number; words: number; changed: Change[]; spaced: Change[] }> = {};
for (const set of ['old_scans', 'old_scans_math', 'long_tiny_text', 'born_digital']) {
  const { pages, missing } = loadSet(set) as { pages: { tests: Record<string, unknown>[] }[]; missing?: string };
  if (missing) console.error(`${set}: ${missing}`);
  const r = (report[set] = { strings: 0, words: 0, changed: [] as Change[], spaced: [] as Change[] });
  for (const p of pages) {
    for (const t of p.tests) {
      for (const key of ['text', 'before', 'after', 'cell', 'up', 'down', 'left', 'right']) {
        const text = t[key];
        if (typeof text !== 'string' || !text.trim()) continue;
        r.strings++;
        r.words += text.split(/\s+/).filter(Boolean).length;
        const mended = cutRepeatedWords(repairLine(text, lex));
        if (mended !== text) r.changed.push({ from: text, to: mended });
        // Spacing is counted apart: a transcriber may keep a typewriter's "you ? Address" as typed.
        const spaced = closePrintSpacing([mended], lex)[0]!;
        if (spaced !== mended) r.spaced.push({ from: mended, to: spaced });
      }
    }
  }
}
for (const [set, r] of Object.entries(report)) {
  console.log(`${set}: ${r.strings} strings, ${r.words} words, ${r.changed.length} changed, ${r.spaced.length} spaced differently`);
  for (const c of [...r.changed, ...r.spaced]) {
    const a = c.from.split(/\s+/);
    const b = c.to.split(/\s+/);
    console.log(`  ${a.filter((w, i) => w !== b[i]).slice(0, 3).join(' ')} → ${b.filter((w, i) => w !== a[i]).slice(0, 3).join(' ')}`);
  }
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), pack, report }, null, 1) + '\n');
