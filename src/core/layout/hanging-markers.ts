// A list whose markers hang in a column of their own ("2." and, a gap to its right, "Moulia B, Fournier M. …"):
// references, numbered notes. Read as two columns, the markers came out as a run of bare numbers beside the items.
// A marker is read with the line it marks, as one unit: the row reads "2. Moulia B, …", an item of a list.
import type { BBox } from '../../protocol/page';
import { centerY, height, union } from './geometry';
import type { Unit } from './reading-order';
import type { ContentsEntry } from './contents';
import { isHangingMarker } from './text-cues';
import type { TextLine } from './types';

/** The widest gap between a marker and the text it marks, in body line heights. */
const MARKER_GAP = 2;

/**
 * One unit a line, but a hanging marker and the line it marks (the nearest to its right on its row) share one,
 * and so do a contents entry's lines (contents.ts).
 */
export function lineUnits(all: readonly number[], boxOf: (i: number) => BBox, lines: readonly TextLine[], body: number, entries: readonly ContentsEntry[] = []): Unit[] {
  const inEntry = new Set(entries.flatMap((e) => e.lines));
  const ids = all.filter((i) => !inEntry.has(i));
  const isMarker = (i: number) => isHangingMarker(lines[i]!.text ?? '');
  const markerOf = new Map<number, number>(); // marked line → its marker
  for (const m of ids) {
    if (!isMarker(m)) continue;
    const b = boxOf(m);
    const mid = centerY(b);
    let best: number | undefined;
    for (const j of ids) {
      const o = boxOf(j);
      const gap = o[0] - b[2];
      if (j === m || isMarker(j) || markerOf.has(j) || gap < -0.2 * body || gap > MARKER_GAP * body) continue;
      if (mid < o[1] || mid > o[3] || height(o) > 2 * height(b)) continue;
      if (best === undefined || o[0] < boxOf(best)[0]) best = j;
    }
    if (best !== undefined) markerOf.set(best, m);
  }
  const markers = new Set(markerOf.values());
  const entryUnits = entries.map((e): Unit => ({ box: union(e.lines.map(boxOf)), lines: [...e.lines] }));
  return [...entryUnits, ...ids.flatMap((i): Unit[] => {
    if (markers.has(i)) return [];
    const m = markerOf.get(i);
    return [m === undefined ? { box: boxOf(i), lines: [i] } : { box: union([boxOf(m), boxOf(i)]), lines: [m, i] }];
  })];
}
