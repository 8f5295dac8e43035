// Layout + assembly on real PDFs: the tuning half of the generated eval set, read from each PDF's own
// text (the CLI's --own-text-only engine, with the rendered pixels for rules and figures), must pass every
// olmOCR-style test that a text layer can pass (all but math, which needs the formula recognizer).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConverter } from '../../cli/engine';
import { openSource } from '../../cli/page-source';
// @ts-expect-error plain JS module without types
import { runTest } from '../../bench/eval/score.mjs';

const root = join(import.meta.dirname, '../..');
const tests = readFileSync(join(root, 'test/eval-set/generated/tests.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .filter((t) => t.split === 'tune' && t.type !== 'math');
const pdfs = [...new Set(tests.map((t) => t.pdf as string))];

describe('layout on text layers of the generated pages (tuning split)', () => {
  it.each(pdfs)('%s', async (pdf) => {
    const engine = await createConverter({ mode: 'own-text', pack: '', k: 0, dropHeaders: true });
    const source = await openSource(join(root, 'test/eval-set', pdf));
    const { markdown } = await engine.ocrPage(source, 1);
    await source.close();
    const failed = tests.filter((t) => t.pdf === pdf && !runTest(t, markdown)).map((t) => t.id);
    expect(failed).toEqual([]);
  });
});
