// olmOCR-bench-style checks of one page's Markdown: text present / absent, reading order, table cell
// neighbours (from HTML tables), and math (formulas compared after KaTeX renders them), plus CER.
// Every system is scored by the same functions on the same pages.
import katex from 'katex';
import { editDistance as coreEditDistance } from '../../src/core/text/edit-distance.ts';

/** Markdown → comparable plain text: markup and escapes gone, Unicode and whitespace normalized. */
export function plainText(md) {
  return normalize(
    md
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/^\s{0,3}(#{1,6}|[-*+]|\d{1,9}[.)])\s+/gm, '')
      .replace(/\*\*|__/g, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!>|])/g, '$1')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

export function normalize(s) {
  return s
    .normalize('NFKC')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Best approximate occurrence of `pattern` in `text` (Sellers' algorithm): the fewest edits that turn
 * some substring of text into pattern, and where that substring ends.
 */
export function fuzzyFind(pattern, text) {
  const m = pattern.length;
  if (m === 0) return { distance: 0, end: 0 };
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = { distance: m, end: 0 };
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0;
    const c = text.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const sub = prev[i - 1] + (pattern.charCodeAt(i - 1) === c ? 0 : 1);
      cur[i] = Math.min(sub, prev[i] + 1, cur[i - 1] + 1);
    }
    if (cur[m] < best.distance) best = { distance: cur[m], end: j };
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** Levenshtein distance, by UTF-16 code unit. */
export const editDistance = (a, b) => coreEditDistance(a.split(''), b.split(''));

/** Character error rate of a hypothesis against a reference (both normalized first). */
export function cer(hypothesis, reference) {
  const ref = normalize(reference);
  return ref.length ? editDistance(normalize(hypothesis), ref) / ref.length : 0;
}

/** Allowed edits for a fuzzy match: 10 % of the expected text (at least 0 for very short strings). */
const slack = (s) => Math.floor(s.length * 0.1);

function locate(s, text) {
  const p = normalize(s);
  const f = fuzzyFind(p, text);
  return f.distance <= slack(p) ? { start: f.end - p.length, end: f.end } : undefined;
}

/** HTML tables in the Markdown → expanded grids ({text, header, id} per slot; spans repeat the cell). */
export function parseTables(md) {
  const tables = [];
  for (const t of md.matchAll(/<table[\s\S]*?<\/table>/gi)) {
    const grid = [];
    let id = 0;
    [...t[0].matchAll(/<tr[\s\S]*?<\/tr>/gi)].forEach((tr, r) => {
      grid[r] ??= [];
      let c = 0;
      for (const cell of tr[0].matchAll(/<(td|th)([^>]*)>([\s\S]*?)<\/\1>/gi)) {
        while (grid[r][c]) c++;
        const colspan = Number(/colspan="?(\d+)/i.exec(cell[2])?.[1] ?? 1);
        const rowspan = Number(/rowspan="?(\d+)/i.exec(cell[2])?.[1] ?? 1);
        const slot = { text: plainText(cell[3]), header: cell[1].toLowerCase() === 'th', id: id++ };
        for (let dr = 0; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) (grid[r + dr] ??= [])[c + dc] = slot;
        c += colspan;
      }
    });
    tables.push(grid);
  }
  return tables;
}

const sameText = (a, b) => {
  const x = normalize(a);
  return editDistance(x, normalize(b)) <= slack(x);
};

function tableTest(t, md) {
  for (const grid of parseTables(md)) {
    for (let r = 0; r < grid.length; r++) {
      for (let c = 0; c < (grid[r]?.length ?? 0); c++) {
        const slot = grid[r][c];
        if (!slot || !sameText(t.cell, slot.text)) continue;
        const at = (rr, cc) => grid[rr]?.[cc];
        const step = (dr, dc) => {
          let rr = r + dr;
          let cc = c + dc;
          while (at(rr, cc) && at(rr, cc).id === slot.id) [rr, cc] = [rr + dr, cc + dc];
          return at(rr, cc);
        };
        const ok = (want, got) => want === undefined || (got !== undefined && sameText(want, got.text));
        const above = [];
        for (let rr = r - 1; rr >= 0; rr--) if (at(rr, c) && at(rr, c).id !== slot.id) above.push(at(rr, c));
        if (
          ok(t.up, step(-1, 0)) &&
          ok(t.down, step(1, 0)) &&
          ok(t.left, step(0, -1)) &&
          ok(t.right, step(0, 1)) &&
          (t.top_heading === undefined || above.some((s) => sameText(t.top_heading, s.text)))
        )
          return true;
      }
    }
  }
  return false;
}

/** The symbol sequence KaTeX draws for a formula (MathML token elements), or undefined if it fails. */
export function renderedSymbols(tex) {
  let html;
  try {
    html = katex.renderToString(tex, { output: 'mathml', throwOnError: true, displayMode: true });
  } catch {
    return undefined;
  }
  const body = html.replace(/<annotation[\s\S]*?<\/annotation>/g, '');
  return [...body.matchAll(/<m(?:i|n|o|text)[^>]*>([^<]*)<\/m(?:i|n|o|text)>/g)].map((m) => m[1].trim()).filter(Boolean).join('');
}

/** Display and inline formulas in Markdown ($$…$$, $…$, \[…\], \(…\)). */
export function formulas(md) {
  const out = [];
  const rest = md.replace(/\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]/g, (_, a, b) => (out.push(a ?? b), ' '));
  for (const m of rest.matchAll(/\$([^$\n]+?)\$|\\\(([\s\S]+?)\\\)/g)) out.push(m[1] ?? m[2]);
  return out;
}

function mathTest(t, md) {
  const want = renderedSymbols(t.math);
  if (!want) return false;
  return formulas(md).some((f) => {
    const got = renderedSymbols(f);
    return got !== undefined && (got.includes(want) || editDistance(got, want) <= Math.floor(want.length * 0.1));
  });
}

/** A Markdown heading (any level) or list item (of the right kind) whose text matches. */
function structureTest(t, md) {
  const want = normalize(t.text);
  for (const line of md.split('\n')) {
    const m = t.type === 'heading' ? /^#{1,6}\s+(.*)$/.exec(line) : (t.ordered ? /^\s{0,3}\d{1,9}[.)]\s+(.*)$/ : /^\s{0,3}[-*+]\s+(.*)$/).exec(line);
    if (!m) continue;
    const got = plainText(m[1]);
    const f = fuzzyFind(want, got);
    if (f.distance <= slack(want) && got.length <= want.length * 1.5 + 10) return true;
  }
  return false;
}

/** Runs one test against one page's Markdown. */
export function runTest(t, md) {
  const text = plainText(md);
  switch (t.type) {
    case 'present':
      return locate(t.text, text) !== undefined;
    case 'absent':
      if (t.exact) return !new RegExp(`(^|\\s)${t.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`).test(text);
      return locate(t.text, text) === undefined;
    case 'order': {
      const a = locate(t.before, text);
      const b = locate(t.after, text);
      return a !== undefined && b !== undefined && a.start < b.start;
    }
    case 'table':
      return tableTest(t, md);
    case 'math':
      return mathTest(t, md);
    case 'heading':
    case 'list':
      return structureTest(t, md);
    default:
      throw new Error(`unknown test type ${t.type}`);
  }
}
