// The two fuzzy matchers the bench uses: rapidfuzz's partial_ratio / ratio (present, absent, table
// cells) and fuzzysearch's find_near_matches (order). Strings are arrays of code points.

/** Bit masks of where each character occurs in `needle`, 32 positions per word. */
function positionMasks(needle) {
  const words = Math.max(1, Math.ceil(needle.length / 32));
  const masks = new Map();
  needle.forEach((c, i) => {
    let m = masks.get(c);
    if (!m) masks.set(c, (m = new Uint32Array(words)));
    m[i >>> 5] |= 1 << (i & 31);
  });
  return { masks, words, length: needle.length };
}

/** Longest common subsequence of the needle and hay[from, to) (bit-parallel, Hyyrö 2004). */
function lcs(pm, hay, from, to) {
  const { masks, words, length } = pm;
  const v = new Uint32Array(words).fill(0xffffffff);
  for (let j = from; j < to; j++) {
    const m = masks.get(hay[j]);
    if (!m) continue;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const x = v[w];
      const u = (x & m[w]) >>> 0;
      const sum = x + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = ((sum >>> 0) | (x & ~u)) >>> 0;
    }
  }
  let common = 0;
  for (let i = 0; i < length; i++) if (!((v[i >>> 5] >>> (i & 31)) & 1)) common++;
  return common;
}

// rapidfuzz: ratio = normalized Indel similarity × 100, Indel distance = |a| + |b| − 2·LCS.
const score = (common, lenA, lenB) => (lenA + lenB ? (1 - (lenA + lenB - 2 * common) / (lenA + lenB)) * 100 : 100);

/** rapidfuzz fuzz.ratio(a, b), 0–100. */
export function ratio(a, b) {
  if (!a.length || !b.length) return a.length || b.length ? 0 : 100;
  return score(lcs(positionMasks(a), b, 0, b.length), a.length, b.length);
}

/**
 * Sliding window of the shorter string over the longer one: every window as long as the shorter string,
 * plus the shorter prefixes and suffixes at the ends (rapidfuzz ≥ 3 searches all of them, for any length).
 */
function slide(short, long) {
  const pm = positionMasks(short);
  const inShort = new Set(short);
  const n = short.length;
  let best = { score: 0, start: 0, end: Math.min(n, long.length) };
  const consider = (start, end) => {
    const s = score(lcs(pm, long, start, end), n, end - start);
    if (s > best.score) best = { score: s, start, end };
    return s === 100;
  };
  // A window that ends (or, at the tail, starts) with a character the needle lacks is never better
  // than its neighbour, so it is skipped as rapidfuzz does.
  for (let i = 1; i < n && i <= long.length; i++) if (inShort.has(long[i - 1]) && consider(0, i)) return best;
  for (let i = 0; i + n <= long.length; i++) if (inShort.has(long[i + n - 1]) && consider(i, i + n)) return best;
  for (let i = Math.max(1, long.length - n + 1); i < long.length; i++) if (inShort.has(long[i]) && consider(i, long.length)) return best;
  return best;
}

/**
 * rapidfuzz fuzz.partial_ratio(a, b) (0–100) and where in the longer string the best window lies
 * (`inB`: whether that window is in b).
 */
export function partialRatio(a, b) {
  if (!a.length || !b.length) return { score: a.length || b.length ? 0 : 100, start: 0, end: 0, inB: true };
  const aShorter = a.length <= b.length;
  let best = { ...(aShorter ? slide(a, b) : slide(b, a)), inB: aShorter };
  if (best.score !== 100 && a.length === b.length) {
    const other = slide(b, a);
    if (other.score > best.score) best = { ...other, inB: false };
  }
  return best;
}

/**
 * Distances of the best approximate match of `pattern` ending at each position of `text` (Sellers):
 * out[j] = fewest Levenshtein edits turning some text[i, j) into the pattern.
 */
function endDistances(pattern, text) {
  const m = pattern.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  const out = new Int32Array(text.length + 1);
  out[0] = m;
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0;
    const c = text[j - 1];
    for (let i = 1; i <= m; i++) cur[i] = Math.min(prev[i - 1] + (pattern[i - 1] === c ? 0 : 1), prev[i] + 1, cur[i - 1] + 1);
    out[j] = cur[m];
    [prev, cur] = [cur, prev];
  }
  return out;
}

/**
 * Start positions of near matches (≤ maxDist edits), like fuzzysearch's find_near_matches: of each run
 * of adjacent candidate starts only the best ones are kept, since fuzzysearch merges overlapping
 * matches into the best one.
 */
export function nearMatchStarts(pattern, text, maxDist) {
  // A match starting at s in text is a match ending at len − s in the reversed strings.
  const rev = endDistances([...pattern].reverse(), [...text].reverse());
  const dist = (s) => rev[text.length - s];
  const starts = [];
  let run = [];
  const flush = () => {
    const low = Math.min(...run.map(dist));
    for (const s of run) if (dist(s) === low) starts.push(s);
    run = [];
  };
  for (let s = 0; s < text.length; s++) {
    if (dist(s) <= maxDist) run.push(s);
    else if (run.length) flush();
  }
  if (run.length) flush();
  return starts;
}
