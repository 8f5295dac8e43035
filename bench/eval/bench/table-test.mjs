// table tests (olmOCR-bench TableTest): a cell matching `cell` whose neighbours match up / down /
// left / right / top_heading / left_heading, in any Markdown or HTML table of the page.
import { codePoints, normalizeText } from './normalize.mjs';
import { ratio } from './fuzzy.mjs';
import { htmlTables, markdownTables } from './table-grid.mjs';

const RELATIONS = [
  ['up', 'up'], ['down', 'down'], ['left', 'left'], ['right', 'right'],
  ['left_heading', 'leftHeading'], ['top_heading', 'topHeading'],
];

const similarity = (a, b) => ratio(codePoints(a), codePoints(b)) / 100;
const threshold = (expected, maxDiffs) => Math.max(0.5, 1 - maxDiffs / (codePoints(expected).length || 1));

export function tableTest(test, markdown) {
  const maxDiffs = test.max_diffs ?? 0;
  const cell = normalizeText(test.cell ?? '');
  const tables = [...(test.ignore_markdown_tables ? [] : markdownTables(markdown)), ...htmlTables(markdown)];
  if (!tables.length) return { passed: false, explanation: 'no tables found in the output' };
  const need = threshold(cell, maxDiffs);
  const reasons = [];
  let nearest = { sim: -1, text: '' };
  for (const table of tables) {
    for (const [id, raw] of table.text) {
      const text = normalizeText(raw);
      const sim = similarity(cell, text);
      if (sim > nearest.sim) nearest = { sim, text };
      if (sim < need) continue;
      const failed = [];
      for (const [field, relation] of RELATIONS) {
        const expected = normalizeText(test[field] ?? '');
        if (!expected) continue;
        let best = { sim: -1, text: undefined };
        let ok = false;
        for (const other of table[relation].get(id)) {
          const otherText = normalizeText(table.text.get(other));
          const s = similarity(expected, otherText);
          if (s > best.sim) best = { sim: s, text: otherText };
          if (s >= threshold(expected, maxDiffs)) ok = true;
        }
        if (!ok) failed.push(`${field} ${JSON.stringify(expected)} ≠ ${best.text === undefined ? 'nothing' : JSON.stringify(best.text)} (similarity ${Math.max(0, best.sim).toFixed(2)})`);
      }
      if (!failed.length) return { passed: true, explanation: `cell ${JSON.stringify(cell)} found with its neighbours` };
      reasons.push(...failed);
    }
  }
  return reasons.length
    ? { passed: false, explanation: `cell ${JSON.stringify(cell)} found but: ${reasons.join('; ')}` }
    : { passed: false, explanation: `no cell matching ${JSON.stringify(cell)} (need similarity ${need.toFixed(2)}); nearest cell ${JSON.stringify(nearest.text)} (${nearest.sim.toFixed(2)})` };
}
