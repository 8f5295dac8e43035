// present / absent / order tests, as olmOCR-bench's TextPresenceTest and TextOrderTest run them.
import { codePoints, fromCodePoints, normalizeText } from './normalize.mjs';
import { nearMatchStarts, partialRatio } from './fuzzy.mjs';

const quote = (s, n = 60) => JSON.stringify(s.length > n ? `${s.slice(0, n)}…` : s);

/** Text around [start, end) of `text` (code points), for explanations. */
function excerpt(text, start, end, pad = 20) {
  const from = Math.max(0, start - pad);
  const to = Math.min(text.length, end + pad);
  return `${from > 0 ? '…' : ''}${fromCodePoints(text.slice(from, to))}${to < text.length ? '…' : ''}`;
}

/** present / absent: partial_ratio of the query against the page ≥ 1 − max_diffs / len(query). */
export function presenceTest(test, markdown) {
  const maxDiffs = test.max_diffs ?? 0;
  let query = normalizeText(test.text);
  let page = normalizeText(markdown);
  if (test.case_sensitive === false) {
    query = query.toLowerCase();
    page = page.toLowerCase();
  }
  const q = codePoints(query);
  let p = codePoints(page);
  // Python's `x[:n]` / `x[-n:]`; a null or 0 first_n / last_n means "whole page".
  const first = test.first_n || 0;
  const last = test.last_n || 0;
  if (first && last) p = [...p.slice(0, first), ...p.slice(-last)];
  else if (first) p = p.slice(0, first);
  else if (last) p = p.slice(-last);
  const region = first || last ? ` in the ${first ? `first ${first}` : ''}${first && last ? ' + ' : ''}${last ? `last ${last}` : ''} characters` : '';

  // The bench refuses to call a page shorter than the query (less slack) a match: partial_ratio
  // would otherwise compare the query's best window against the whole short page.
  const needed = q.length - maxDiffs;
  if (p.length < needed) {
    return test.type === 'present'
      ? { passed: false, explanation: `output too short (${p.length} chars${region}) to hold ${quote(query)} (needs ≥ ${needed})` }
      : { passed: true, explanation: `output too short (${p.length} chars${region}) to hold ${quote(query)}` };
  }
  const threshold = 1 - maxDiffs / (q.length || 1);
  const best = partialRatio(q, p);
  const ratio = best.score / 100;
  const found = matchText(best, p);
  const nearest = `nearest${region}: ${quote(found, 120)} (ratio ${ratio.toFixed(3)}, need ${threshold.toFixed(3)})`;
  if (test.type === 'present') {
    return ratio >= threshold
      ? { passed: true, explanation: `found ${quote(query)}; ${nearest}` }
      : { passed: false, explanation: `missing ${quote(query)} (max_diffs ${maxDiffs}); ${nearest}` };
  }
  return ratio < threshold
    ? { passed: true, explanation: `absent as required: ${quote(query)}; ${nearest}` }
    : { passed: false, explanation: `should be absent: ${quote(query)} (max_diffs ${maxDiffs}); ${nearest}` };
}

/** The page text under the best partial_ratio window (or the whole page when it was the shorter). */
function matchText(best, p) {
  if (!best.inB) return excerpt(p, 0, p.length, 0);
  return excerpt(p, best.start, best.end);
}

/** order: some near match of `before` starts before some near match of `after` (max_diffs edits). */
export function orderTest(test, markdown) {
  const maxDiffs = test.max_diffs ?? 0;
  const before = normalizeText(test.before);
  const after = normalizeText(test.after);
  const page = codePoints(normalizeText(markdown));
  const b = codePoints(before);
  const a = codePoints(after);
  const bStarts = nearMatchStarts(b, page, maxDiffs);
  const aStarts = nearMatchStarts(a, page, maxDiffs);
  if (!bStarts.length) return { passed: false, explanation: `'before' text ${quote(before)} not found (max_diffs ${maxDiffs}); ${nearestWindow(b, page)}` };
  if (!aStarts.length) return { passed: false, explanation: `'after' text ${quote(after)} not found (max_diffs ${maxDiffs}); ${nearestWindow(a, page)}` };
  const firstBefore = Math.min(...bStarts);
  const lastAfter = Math.max(...aStarts);
  const where = `'before' at ${bStarts.join(', ')}, 'after' at ${aStarts.join(', ')}`;
  return firstBefore < lastAfter
    ? { passed: true, explanation: `${quote(before)} comes before ${quote(after)} (${where})` }
    : {
        passed: false,
        explanation: `${quote(before)} never comes before ${quote(after)} (${where}): output has ${quote(excerpt(page, lastAfter, lastAfter + a.length, 0), 80)} first`,
      };
}

function nearestWindow(q, page) {
  const best = partialRatio(q, page);
  return `nearest in output: ${quote(matchText(best, page), 120)}`;
}
