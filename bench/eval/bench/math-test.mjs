// math tests (olmOCR-bench MathTest): the reference formula must render like one formula of the page.
// The bench's order: an identical TeX string passes; else the reference's MathML contained in the
// candidate's passes; else every reference glyph must map to a distinct candidate glyph with the same
// text and the same nearest glyphs up / down / left / right.
import katex from 'katex';
import { codePoints } from './normalize.mjs';
import { ratio } from './fuzzy.mjs';
import { layoutGlyphs } from './math-layout.mjs';

// The bench's extraction: each delimiter kind in turn, each found formula cut out of the page before
// the next kind is looked for (so `$` never matches inside `$$…$$`).
const DELIMITERS = [/\\\(([\s\S]+?)\\\)/g, /\\\[([\s\S]+?)\\\]/g, /\$\$([\s\S]+?)\$\$/g, /\$([\s\S]+?)\$/g];

/** Formulas of a page, as the bench extracts them. */
export function extractFormulas(markdown, { ignoreDollars = false } = {}) {
  const found = [];
  let rest = markdown;
  for (const re of ignoreDollars ? DELIMITERS.slice(0, 2) : DELIMITERS) {
    for (const m of rest.matchAll(re)) found.push(m[1].trim());
    rest = rest.replace(re, '');
  }
  return found;
}

// KaTeX 0.19 in Node stands in for the bench's KaTeX in Chromium. Cached: a page's formulas are
// rendered once for all of its tests.
const renders = new Map();
export function renderFormula(tex) {
  if (!renders.has(tex)) {
    let render;
    try {
      const mathml = katex.renderToString(tex, { displayMode: true, throwOnError: true, output: 'mathml', strict: 'ignore' });
      render = { mathml, inner: innerMathml(mathml), glyphs: layoutGlyphs(tex) };
    } catch (e) {
      render = { error: String(e.message ?? e) };
    }
    renders.set(tex, render);
  }
  return renders.get(tex);
}

/** The <semantics> content minus the TeX annotation, whitespace removed. */
function innerMathml(mathml) {
  const m = /<semantics>([\s\S]*?)<annotation[\s\S]*<\/semantics>/.exec(mathml);
  return (m ? m[1] : mathml).replace(/\s+/g, '');
}

export function mathTest(test, markdown) {
  const reference = renderFormula(test.math);
  if (reference.error) return { passed: false, explanation: `reference formula does not render: ${reference.error}` };
  const formulas = extractFormulas(markdown, { ignoreDollars: test.ignore_dollar_delimited });
  if (formulas.some((f) => f === test.math)) return { passed: true, explanation: 'identical formula in output' };
  for (const f of formulas) {
    const candidate = renderFormula(f);
    if (candidate.error) continue;
    if (candidate.inner.includes(reference.inner)) return { passed: true, explanation: `renders within ${JSON.stringify(f)} (MathML)` };
    if (sameLayout(reference.glyphs, candidate.glyphs)) return { passed: true, explanation: `renders within ${JSON.stringify(f)} (symbol layout)` };
  }
  if (!formulas.length) return { passed: false, explanation: `no formula in output for ${JSON.stringify(test.math)}` };
  const cp = codePoints(test.math);
  const nearest = formulas.map((f) => [ratio(cp, codePoints(f)), f]).sort((a, b) => b[0] - a[0])[0];
  return { passed: false, explanation: `${JSON.stringify(test.math)} renders like none of ${formulas.length} formulas; nearest ${JSON.stringify(nearest[1])}` };
}

// 5 px at the bench's 24 px font in a KaTeX display (×1.21), in em.
const TOLERANCE = 5 / (24 * 1.21);
const DIRECTIONS = ['up', 'down', 'left', 'right'];
// Backtracking can blow up on long formulas with many repeated symbols; past this many steps the
// match is called failed.
const STEP_LIMIT = 200_000;

function neighbours(glyphs) {
  return glyphs.map((a, i) => {
    const best = { up: null, down: null, left: null, right: null };
    const dist = {};
    glyphs.forEach((b, j) => {
      if (i === j) return;
      const dx = b.cx - a.cx;
      const dy = b.cy - a.cy;
      const consider = (dir, d) => {
        if (best[dir] === null || d < dist[dir]) [best[dir], dist[dir]] = [j, d];
      };
      if (dy > 0 && Math.abs(dx) <= TOLERANCE) consider('up', dy);
      if (dy < 0 && Math.abs(dx) <= TOLERANCE) consider('down', -dy);
      if (dx < 0 && Math.abs(dy) <= TOLERANCE) consider('left', -dx);
      if (dx > 0 && Math.abs(dy) <= TOLERANCE) consider('right', dx);
    });
    return best;
  });
}

/** Does every reference glyph map to its own candidate glyph with the same neighbours? */
export function sameLayout(ref, cand) {
  const candidates = ref.map((r) => cand.flatMap((c, j) => (c.t === r.t ? [j] : [])));
  if (candidates.some((c) => !c.length)) return false;
  const refNb = neighbours(ref);
  const candNb = neighbours(cand);
  const used = new Array(cand.length).fill(false);
  const assigned = new Map();
  let steps = 0;
  const place = (i) => {
    if (i === ref.length) return true;
    for (const j of candidates[i]) {
      if (used[j] || ++steps > STEP_LIMIT) continue;
      assigned.set(i, j);
      used[j] = true;
      const fits = DIRECTIONS.every((d) => {
        const rn = refNb[i][d];
        if (rn === null) return true;
        const cn = candNb[j][d];
        if (cn === null) return false;
        return assigned.has(rn) ? assigned.get(rn) === cn : cand[cn].t === ref[rn].t;
      });
      if (fits && place(i + 1)) return true;
      used[j] = false;
      assigned.delete(i);
    }
    return false;
  };
  return place(0);
}
