import { describe, expect, it } from 'vitest';
import { coreSize, groupRows } from './geometry';

describe('geometry', () => {
  it('undoes DB unclip growth exactly', () => {
    const [w, h, r] = [300, 12, 1.5];
    const d = (r * w * h) / (2 * (w + h));
    const c = coreSize([50 - d, 80 - d, 50 + w + d, 80 + h + d], r);
    expect(c.w).toBeCloseTo(w, 6);
    expect(c.h).toBeCloseTo(h, 6);
  });

  it('groups side-by-side boxes into rows, left to right', () => {
    const rows = groupRows([0, 1, 2, 3], [
      [300, 0, 400, 20],
      [0, 2, 100, 22],
      [0, 40, 100, 60],
      [0, 30, 100, 50], // overlaps the box above it horizontally: a new row, not the same one
    ]);
    expect(rows).toEqual([[1, 0], [3], [2]]);
  });
});
