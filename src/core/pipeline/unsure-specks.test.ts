import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { dropUnsureSpecks, lineHeight } from './unsure-specks';

// Boxes, readings and confidences as the pocket pack gave them on long_tiny_text 11_pg186 (a dictionary page).
const lines: [BBox, string, number][] = [
  [[643, 1339, 821, 1369], 'QUICK-DEER.', 0.91],
  [[836, 1363, 855, 1377], '17', 0.332], // the gap before "Deer with young."
  [[862, 1340, 1050, 1370], 'Deer with young.', 0.93],
  [[644, 1360, 1056, 1398], 'QUICKEN. (1) Couch grass. North.', 0.9],
  [[470, 1423, 579, 1448], '(A.--N.)', 0.568],
  [[107, 1475, 338, 1503], 'QUEST-HOU SE. 7', 0.2],
  [[308, 1402, 334, 1419], '18', 0.241],
];

describe('unsure specks', () => {
  it('drops a doubtful reading of a box much smaller than the page’s lines, and nothing else', () => {
    const boxes = lines.map((l) => l[0]);
    const texts = lines.map((l) => l[1]);
    expect(lineHeight(boxes)).toBe(28);
    expect(dropUnsureSpecks(texts, boxes, lines.map((l) => l[2]))).toBe(2);
    // A line of ordinary size keeps its reading however unsure (it is the page's text, read as well as it can be).
    expect(texts).toEqual(['QUICK-DEER.', '', 'Deer with young.', 'QUICKEN. (1) Couch grass. North.', '(A.--N.)', 'QUEST-HOU SE. 7', '']);
  });

  it('keeps a small box the recognizer is sure of (a footnote mark, a page number in small type)', () => {
    const boxes = lines.map((l) => l[0]);
    const texts = lines.map((l) => l[1]);
    expect(dropUnsureSpecks(texts, boxes, lines.map(() => 0.9))).toBe(0);
    expect(texts).toEqual(lines.map((l) => l[1]));
  });
});
