import { describe, expect, it } from 'vitest';
import type { BBox } from '../../protocol/page';
import { rulePieces } from './rule-pieces';
import type { Rule } from './rulings';

// The column rule of long_tiny_text 13_pg531 as findRulings finds it, and boxes the detector drew beside it.
const rule: Rule[] = [{ at: 716, from: 124, to: 653, thickness: 4 }];
const boxes: BBox[] = [
  [707, 178, 729, 192], // 0: on the rule, read "1"
  [707, 205, 732, 217], // 1: on the rule, read "1.1"
  [730, 178, 1100, 204], // 2: the line of the right column beside it
  [657, 681, 683, 696], // 3: below the rule's end
  [707, 120, 729, 140], // 4: at the rule's top end (nothing above it)
  [600, 300, 760, 326], // 5: a line crossing the rule, wider than two characters
];

describe('rule pieces', () => {
  it('takes a box a character or two wide that a vertical rule crosses and runs on from, above and below', () => {
    expect([...rulePieces(rule, boxes, [0, 1, 2, 3, 4, 5], 25)].sort()).toEqual([0, 1]);
  });
  it('looks only at the ids it is given', () => {
    expect([...rulePieces(rule, boxes, [1, 2], 25)]).toEqual([1]);
  });
});
