// The gutters of a region: vertical channels of white between columns of text.
//
//   findChannels(units, minGap, minHeight) → channels [x0, x1], cleanest first
//   hasColumns(units, minGap, body)         → the region stands in columns about as wide
//   crossesChannel(box, channel)            → a box ties the columns on either side together
import type { BBox } from '../../protocol/page';
import { union } from './geometry';
import type { Unit } from './reading-order';

/**
 * Vertical whitespace channels [x0, x1], at least minGap wide. Candidates are x-ranges crossed by
 * little text (line-height-weighted coverage ≤ 60 % of the columns on either side). A candidate is a
 * channel when a real column stands on each side (≥ 2 units, ≥ 3 body lines of height) and, where the
 * two columns stand side by side, what crosses the gap is little (≤ 25 % of the thinner column there):
 * titles above, full-width text below, a caption between column halves are fine; equation numbers
 * at the right of one column are not a column. `pastFigures`: figures count neither in the projection nor across a gap.
 */
export function findChannels(units: Unit[], minGap: number, minHeight: number, pastFigures = false): [number, number][] {
  if (units.length < 4) return [];
  const region = union(units.map((u) => u.box));
  const bin = Math.max(1, minGap / 4);
  const n = Math.max(1, Math.ceil((region[2] - region[0]) / bin));
  const cov = new Float64Array(n);
  const counted = (u: Unit) => !pastFigures || u.kind !== 'figure';
  for (const u of units) {
    if (!counted(u)) continue;
    const a = Math.max(0, Math.floor((u.box[0] - region[0]) / bin));
    const b = Math.min(n - 1, Math.ceil((u.box[2] - region[0]) / bin) - 1);
    for (let k = a; k <= b; k++) cov[k] += u.box[3] - u.box[1];
  }
  const prefixMax: number[] = [];
  const suffixMax: number[] = new Array(n).fill(0);
  cov.forEach((c, k) => prefixMax.push(Math.max(c, k ? prefixMax[k - 1]! : 0)));
  for (let k = n - 1; k >= 0; k--) suffixMax[k] = Math.max(cov[k]!, k < n - 1 ? suffixMax[k + 1]! : 0);
  const candidates: [number, number][] = [];
  let runStart = -1;
  for (let k = 0; k <= n; k++) {
    const low = k < n && k > 0 && cov[k]! <= 0.6 * Math.min(prefixMax[k - 1]!, suffixMax[k]!);
    if (low && runStart < 0) runStart = k;
    if (!low && runStart >= 0) {
      // The channel is the deepest part of the low run (where the fewest lines cross), give or take a tenth of
      // a column: figure labels and ragged line ends that stop in a narrow gutter leave its floor uneven.
      const run = Array.from(cov.subarray(runStart, k));
      const column = Math.min(prefixMax[runStart - 1]!, suffixMax[k - 1]!);
      const floor = Math.min(...run) * 1.05 + 1 + 0.1 * column;
      let best: [number, number] = [0, 0];
      for (let i = 0; i < run.length; ) {
        let j = i;
        while (j < run.length && run[j]! <= floor) j++;
        if (j - i > best[1] - best[0]) best = [i, j];
        i = j + 1;
      }
      const x0 = region[0] + (runStart + best[0]) * bin;
      const x1 = region[0] + (runStart + best[1]) * bin;
      if (k < n && x1 - x0 >= minGap - bin) candidates.push([x0, x1]);
      runStart = -1;
    }
  }
  const heightSum = (us: Unit[]) => us.reduce((s, u) => s + u.box[3] - u.box[1], 0);
  // How much text a side holds, by area: a table is one unit however many columns it has.
  const areaSum = (us: Unit[]) => us.reduce((s, u) => s + (u.box[3] - u.box[1]) * (u.box[2] - u.box[0]), 0);
  const quality = new Map<string, { share: number; slivers: number; thinner: number }>();
  const valid = candidates.filter(([a, b]) => {
    const left = units.filter((u) => u.box[2] <= a + bin);
    const right = units.filter((u) => u.box[0] >= b - bin);
    if (left.length < 2 || right.length < 2) return false;
    // Where the columns stand is where their lines do: labels of a figure above them are not column text.
    const lines = (side: Unit[]) => {
      const widest = Math.max(...side.map((u) => u.box[2] - u.box[0]));
      return union(side.filter((u) => u.box[2] - u.box[0] >= 0.5 * widest).map((u) => u.box));
    };
    const lu = lines(left);
    const ru = lines(right);
    const top = Math.max(lu[1], ru[1]);
    const bottom = Math.min(lu[3], ru[3]);
    if (bottom - top < 2 * minHeight) return false;
    const inZone = (u: Unit) => u.box[3] > top && u.box[1] < bottom;
    const l = heightSum(left.filter(inZone));
    const r = heightSum(right.filter(inZone));
    if (l < 3 * minHeight || r < 3 * minHeight) return false;
    const crossing = heightSum(units.filter((u) => counted(u) && crossesChannel(u.box, [a, b]) && inZone(u)));
    // Lines the gap cuts a sliver off, anywhere on the page (a paragraph starting just left of it, beside
    // bullets): a gutter has none; the gap between bullets and their indented text has a paragraph's worth.
    const slivers = heightSum(units.filter((u) => crossesChannel(u.box, [a, b]) && (u.box[0] > a - (b - a) || u.box[2] < b + (b - a))));
    const thinner = Math.min(areaSum(left), areaSum(right));
    quality.set(`${a},${b}`, { share: crossing / Math.min(l, r), slivers: slivers / minHeight, thinner });
    return crossing <= 0.25 * Math.min(l, r);
  });
  // Cleanest first (least text across it, then fewest lines it cuts a sliver off), then the one with the most
  // text (area) on its thinner side: a spread's gutter before the gaps between one page's table columns, and the caller splits on one channel at a time, so a sidebar's own label/value gap
  // is only considered inside the sidebar, after the gap between the sidebar and the body text.
  const q = (c: [number, number]) => quality.get(`${c[0]},${c[1]}`)!;
  return valid.sort((p, r) => Math.round(10 * q(p).share) - Math.round(10 * q(r).share) || Math.round(q(p).slivers) - Math.round(q(r).slivers) || q(r).thinner - q(p).thinner);
}

/**
 * Whether a region stands in columns: a channel with text on each side about as wide (at least half as wide as
 * on the other), not a body beside a few right-aligned labels. A side that stands in columns itself is measured
 * by its column next to the channel: the first gutter of three columns has one column on its left and two on its
 * right.
 */
export function hasColumns(units: Unit[], minGap: number, body: number): boolean {
  const channel = findChannels(units, minGap, body)[0];
  if (!channel) return false;
  const mid = (channel[0] + channel[1]) / 2;
  const nextTo = (side: Unit[], onLeft: boolean): Unit[] => {
    for (let depth = 0; depth < 4; depth++) {
      const inner = findChannels(side, minGap, body)[0];
      if (!inner) break;
      const m = (inner[0] + inner[1]) / 2;
      side = side.filter((u) => (onLeft ? u.box[0] >= m : u.box[2] <= m));
    }
    return side;
  };
  const extent = (us: Unit[]) => (us.length ? union(us.map((u) => u.box)) : undefined);
  const left = extent(nextTo(units.filter((u) => u.box[2] <= mid), true));
  const right = extent(nextTo(units.filter((u) => u.box[0] >= mid), false));
  if (!left || !right) return false;
  const [l, r] = [left[2] - left[0], right[2] - right[0]];
  return Math.min(l, r) >= 0.5 * Math.max(l, r);
}

/**
 * A box crosses a channel when it covers the channel's middle third: a ragged line end or a figure label that
 * stops inside a narrow gutter does not tie the columns on either side together.
 */
export function crossesChannel(box: BBox, [a, b]: [number, number]): boolean {
  const third = (b - a) / 3;
  return box[0] < a + third && box[2] > b - third;
}
