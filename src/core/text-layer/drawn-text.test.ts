// Which filled paths count as covers over text: shapes that fill their bounds, not thin curves whose bounds
// reach over a column (a magazine's decorative swash beside its first column hid the start of every line).
import { describe, expect, it } from 'vitest';
import { fillsItsBox } from './drawn-text';

const [M, L, C, Z] = [0, 1, 2, 4];

describe('fillsItsBox', () => {
  it('a rectangle (re, as pdf.js gives it) fills its bounds', () => {
    expect(fillsItsBox([new Float32Array([M, 0, 0, L, 830, 0, L, 830, 1099, L, 0, 1099, Z])], [0, 0, 830, 1099])).toBe(true);
  });

  it('a rounded rectangle fills its bounds', () => {
    const r = 10;
    const path = [M, r, 0, L, 100 - r, 0, C, 100, 0, 100, 0, 100, r, L, 100, 50 - r, C, 100, 50, 100, 50, 100 - r, 50, L, r, 50, C, 0, 50, 0, 50, 0, 50 - r, L, 0, r, C, 0, 0, 0, 0, r, 0, Z];
    expect(fillsItsBox([new Float32Array(path)], [0, 0, 100, 50])).toBe(true);
  });

  it('a thin curved shape does not fill its bounds (the swash of issue 20_pg46)', () => {
    // A sliver from the top of its bounds to the bottom, curving right and back: bounds 70 × 970, area a few percent.
    const path = [M, 0, 0, C, 20, 300, 60, 600, 5, 970, L, 0, 970, C, 55, 600, 15, 300, -5, 0, Z];
    expect(fillsItsBox([new Float32Array(path)], [-5, 0, 65, 970])).toBe(false);
  });

  it('two rectangles side by side (one path, two subpaths) fill most of their joint bounds', () => {
    const path = [M, 0, 0, L, 45, 0, L, 45, 10, L, 0, 10, Z, M, 50, 0, L, 100, 0, L, 100, 10, L, 50, 10, Z];
    expect(fillsItsBox([new Float32Array(path)], [0, 0, 100, 10])).toBe(true);
  });

  it('a path in a form it does not read is taken to fill its bounds', () => {
    expect(fillsItsBox(null, [0, 0, 10, 10])).toBe(true);
    expect(fillsItsBox([new Float32Array([9, 1, 2])], [0, 0, 10, 10])).toBe(true);
  });
});
